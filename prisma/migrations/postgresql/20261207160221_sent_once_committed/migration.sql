-- AlterTable
ALTER TABLE "SentOnceAnswer" ADD COLUMN     "committedAt" TIMESTAMP(3);
