-- AlterTable
ALTER TABLE "QueuedEmail" ADD COLUMN "sendBy" DATETIME;
