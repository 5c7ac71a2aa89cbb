-- CreateTable
CREATE TABLE "VersionPart" (
    "versionId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "VersionPart_pkey" PRIMARY KEY ("versionId","number")
);

-- AddForeignKey
ALTER TABLE "VersionPart" ADD CONSTRAINT "VersionPart_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "DatasetVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
