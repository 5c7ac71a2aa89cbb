-- AlterTable
ALTER TABLE "Execution" ADD COLUMN "approvalComment" TEXT;
