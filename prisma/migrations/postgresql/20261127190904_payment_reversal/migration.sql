-- AlterTable
ALTER TABLE "InvoicePayment" ADD COLUMN     "reversalReason" TEXT,
ADD COLUMN     "reversalRequestedAt" TIMESTAMP(3),
ADD COLUMN     "reversalRequestedById" TEXT,
ADD COLUMN     "reversedAt" TIMESTAMP(3),
ADD COLUMN     "reversedById" TEXT;
