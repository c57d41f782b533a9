-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "AlertEvent" ADD COLUMN "confirmedById" TEXT;
ALTER TABLE "AlertEvent" ADD COLUMN "heldAt" DATETIME;
