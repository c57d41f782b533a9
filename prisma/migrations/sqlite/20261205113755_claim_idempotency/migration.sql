-- AlterTable
ALTER TABLE "Claim" ADD COLUMN "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Claim_userId_idempotencyKey_key" ON "Claim"("userId", "idempotencyKey");
