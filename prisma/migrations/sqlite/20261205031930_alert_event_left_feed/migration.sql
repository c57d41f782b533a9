-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN "leftFeedAt" DATETIME;
