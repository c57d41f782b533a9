-- AlterTable
ALTER TABLE "ProtectionCrop" ADD COLUMN     "zoneCode" TEXT;
