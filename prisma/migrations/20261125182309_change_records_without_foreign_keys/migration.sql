-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Change" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "executionId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "operationId" TEXT NOT NULL,
    "rowKey" TEXT NOT NULL,
    "column" TEXT NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL
);
INSERT INTO "new_Change" ("after", "before", "column", "datasetId", "executionId", "id", "operationId", "rowKey", "seq") SELECT "after", "before", "column", "datasetId", "executionId", "id", "operationId", "rowKey", "seq" FROM "Change";
DROP TABLE "Change";
ALTER TABLE "new_Change" RENAME TO "Change";
CREATE INDEX "Change_executionId_seq_idx" ON "Change"("executionId", "seq");
CREATE INDEX "Change_datasetId_rowKey_idx" ON "Change"("datasetId", "rowKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
