-- DropForeignKey
ALTER TABLE "Change" DROP CONSTRAINT "Change_executionId_fkey";

-- DropForeignKey
ALTER TABLE "Change" DROP CONSTRAINT "Change_datasetId_fkey";

