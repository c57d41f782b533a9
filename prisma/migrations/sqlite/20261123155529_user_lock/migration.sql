-- AlterTable
ALTER TABLE "User" ADD COLUMN "lockedAt" DATETIME;
