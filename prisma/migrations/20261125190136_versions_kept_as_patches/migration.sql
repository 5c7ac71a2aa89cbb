-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DatasetVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "parentId" TEXT,
    "content" BLOB NOT NULL,
    "storage" TEXT NOT NULL DEFAULT 'raw',
    "deltaOfId" TEXT,
    "sha256" TEXT NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DatasetVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DatasetVersion_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "DatasetVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_DatasetVersion" ("byteSize", "content", "createdAt", "createdBy", "datasetId", "id", "number", "parentId", "rowCount", "sha256", "source") SELECT "byteSize", "content", "createdAt", "createdBy", "datasetId", "id", "number", "parentId", "rowCount", "sha256", "source" FROM "DatasetVersion";
DROP TABLE "DatasetVersion";
ALTER TABLE "new_DatasetVersion" RENAME TO "DatasetVersion";
CREATE UNIQUE INDEX "DatasetVersion_datasetId_number_key" ON "DatasetVersion"("datasetId", "number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
