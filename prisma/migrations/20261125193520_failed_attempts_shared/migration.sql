-- CreateTable
CREATE TABLE "FailedAttempt" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "lastAt" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "FailedAttempt_lastAt_idx" ON "FailedAttempt"("lastAt");
