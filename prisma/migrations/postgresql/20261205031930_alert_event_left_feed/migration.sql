-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN     "leftFeedAt" TIMESTAMP(3);
