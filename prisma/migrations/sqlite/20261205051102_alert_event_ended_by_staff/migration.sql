-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN "endedById" TEXT;
ALTER TABLE "AlertEvent" ADD COLUMN "endedReason" TEXT;
