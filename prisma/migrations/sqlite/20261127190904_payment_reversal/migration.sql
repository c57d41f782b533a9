-- AlterTable
ALTER TABLE "InvoicePayment" ADD COLUMN "reversalReason" TEXT;
ALTER TABLE "InvoicePayment" ADD COLUMN "reversalRequestedAt" DATETIME;
ALTER TABLE "InvoicePayment" ADD COLUMN "reversalRequestedById" TEXT;
ALTER TABLE "InvoicePayment" ADD COLUMN "reversedAt" DATETIME;
ALTER TABLE "InvoicePayment" ADD COLUMN "reversedById" TEXT;
