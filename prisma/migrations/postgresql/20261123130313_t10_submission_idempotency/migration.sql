-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionApplication_userId_idempotencyKey_key" ON "ProtectionApplication"("userId", "idempotencyKey");
