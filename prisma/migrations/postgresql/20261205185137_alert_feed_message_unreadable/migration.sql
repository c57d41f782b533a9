-- AlterTable
ALTER TABLE "AlertFeedMessage" ADD COLUMN     "unreadable" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unreadableReason" TEXT;
