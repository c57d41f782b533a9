-- CreateIndex
CREATE INDEX "InvoicePayment_reversalRequestedAt_reversedAt_idx" ON "InvoicePayment"("reversalRequestedAt", "reversedAt");
