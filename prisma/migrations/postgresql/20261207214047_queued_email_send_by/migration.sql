-- AlterTable
ALTER TABLE "QueuedEmail" ADD COLUMN     "sendBy" TIMESTAMP(3);
