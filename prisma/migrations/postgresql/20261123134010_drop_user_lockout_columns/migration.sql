-- AlterTable
ALTER TABLE "User" DROP COLUMN "failedSignIns",
DROP COLUMN "lockedUntil";
