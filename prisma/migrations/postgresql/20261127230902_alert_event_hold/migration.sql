-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "confirmedById" TEXT,
ADD COLUMN     "heldAt" TIMESTAMP(3);
