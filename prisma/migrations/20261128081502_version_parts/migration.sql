-- CreateTable
CREATE TABLE "VersionPart" (
    "versionId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("versionId", "number"),
    CONSTRAINT "VersionPart_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "DatasetVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
