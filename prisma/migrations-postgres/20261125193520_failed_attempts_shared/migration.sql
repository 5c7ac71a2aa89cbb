-- CreateTable
CREATE TABLE "FailedAttempt" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "lastAt" BIGINT NOT NULL,

    CONSTRAINT "FailedAttempt_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "FailedAttempt_lastAt_idx" ON "FailedAttempt"("lastAt");
