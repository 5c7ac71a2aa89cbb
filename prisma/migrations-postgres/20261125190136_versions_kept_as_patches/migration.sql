-- AlterTable
ALTER TABLE "DatasetVersion" ADD COLUMN     "deltaOfId" TEXT,
ADD COLUMN     "storage" TEXT NOT NULL DEFAULT 'raw';
