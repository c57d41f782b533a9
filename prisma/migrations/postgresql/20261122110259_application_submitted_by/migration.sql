-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "submittedById" TEXT;
