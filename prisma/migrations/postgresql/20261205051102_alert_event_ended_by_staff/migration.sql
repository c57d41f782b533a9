-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN     "endedById" TEXT,
ADD COLUMN     "endedReason" TEXT;
