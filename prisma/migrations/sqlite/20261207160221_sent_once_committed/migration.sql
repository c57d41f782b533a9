-- AlterTable
ALTER TABLE "SentOnceAnswer" ADD COLUMN "committedAt" DATETIME;
