-- AlterTable
ALTER TABLE "PlanRevision" ADD COLUMN "previewRows" INTEGER;

-- CreateIndex
CREATE INDEX "Plan_status_updatedAt_idx" ON "Plan"("status", "updatedAt");
