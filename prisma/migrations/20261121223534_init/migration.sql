-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "keyColumn" TEXT NOT NULL,
    "profileJson" TEXT NOT NULL,
    "currentVersionId" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Dataset_currentVersionId_fkey" FOREIGN KEY ("currentVersionId") REFERENCES "DatasetVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DatasetVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "parentId" TEXT,
    "content" BLOB NOT NULL,
    "sha256" TEXT NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DatasetVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DatasetVersion_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "DatasetVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "baseVersionId" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "planner" TEXT NOT NULL,
    "model" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "latencyMs" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "revertOfId" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Plan_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_baseVersionId_fkey" FOREIGN KEY ("baseVersionId") REFERENCES "DatasetVersion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Plan_revertOfId_fkey" FOREIGN KEY ("revertOfId") REFERENCES "Execution" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlanRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "planId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "planJson" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "note" TEXT,
    "previewHash" TEXT,
    "changeSetHash" TEXT,
    "previewedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlanRevision_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Execution" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "executionId" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "datasetId" TEXT NOT NULL,
    "planId" TEXT,
    "planRevisionId" TEXT,
    "baseVersionId" TEXT NOT NULL,
    "resultVersionId" TEXT,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "planner" TEXT,
    "instruction" TEXT NOT NULL,
    "operationsCount" INTEGER NOT NULL,
    "rowsChanged" INTEGER NOT NULL DEFAULT 0,
    "cellsChanged" INTEGER NOT NULL DEFAULT 0,
    "previewHash" TEXT,
    "changeSetHash" TEXT,
    "planHash" TEXT NOT NULL,
    "planSnapshotJson" TEXT NOT NULL,
    "statsJson" TEXT NOT NULL DEFAULT '[]',
    "guardsJson" TEXT NOT NULL DEFAULT '[]',
    "approvedBy" TEXT NOT NULL,
    "overrideReason" TEXT,
    "error" TEXT,
    "revertedById" TEXT,
    "startedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "durationMs" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Execution_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Execution_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Execution_planRevisionId_fkey" FOREIGN KEY ("planRevisionId") REFERENCES "PlanRevision" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Execution_baseVersionId_fkey" FOREIGN KEY ("baseVersionId") REFERENCES "DatasetVersion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Execution_resultVersionId_fkey" FOREIGN KEY ("resultVersionId") REFERENCES "DatasetVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Execution_revertedById_fkey" FOREIGN KEY ("revertedById") REFERENCES "Execution" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Change" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "executionId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "operationId" TEXT NOT NULL,
    "rowKey" TEXT NOT NULL,
    "column" TEXT NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    CONSTRAINT "Change_executionId_fkey" FOREIGN KEY ("executionId") REFERENCES "Execution" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Change_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "datasetId" TEXT,
    "planId" TEXT,
    "executionId" TEXT,
    "detailJson" TEXT NOT NULL DEFAULT '{}'
);

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_name_key" ON "Dataset"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_currentVersionId_key" ON "Dataset"("currentVersionId");

-- CreateIndex
CREATE UNIQUE INDEX "DatasetVersion_datasetId_number_key" ON "DatasetVersion"("datasetId", "number");

-- CreateIndex
CREATE INDEX "Plan_datasetId_createdAt_idx" ON "Plan"("datasetId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PlanRevision_planId_number_key" ON "PlanRevision"("planId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Execution_idempotencyKey_key" ON "Execution"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Execution_resultVersionId_key" ON "Execution"("resultVersionId");

-- CreateIndex
CREATE UNIQUE INDEX "Execution_revertedById_key" ON "Execution"("revertedById");

-- CreateIndex
CREATE INDEX "Execution_executionId_idx" ON "Execution"("executionId");

-- CreateIndex
CREATE INDEX "Execution_datasetId_createdAt_idx" ON "Execution"("datasetId", "createdAt");

-- CreateIndex
CREATE INDEX "Execution_status_createdAt_idx" ON "Execution"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Execution_createdAt_idx" ON "Execution"("createdAt");

-- CreateIndex
CREATE INDEX "Change_executionId_seq_idx" ON "Change"("executionId", "seq");

-- CreateIndex
CREATE INDEX "Change_datasetId_rowKey_idx" ON "Change"("datasetId", "rowKey");

-- CreateIndex
CREATE INDEX "AuditEvent_executionId_createdAt_idx" ON "AuditEvent"("executionId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_planId_createdAt_idx" ON "AuditEvent"("planId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_datasetId_createdAt_idx" ON "AuditEvent"("datasetId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_type_createdAt_idx" ON "AuditEvent"("type", "createdAt");
