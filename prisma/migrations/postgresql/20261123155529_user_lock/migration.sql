-- AlterTable
ALTER TABLE "User" ADD COLUMN     "lockedAt" TIMESTAMP(3);
