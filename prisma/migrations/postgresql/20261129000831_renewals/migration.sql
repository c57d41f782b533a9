-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "renewsApplicationId" TEXT;

-- CreateIndex
CREATE INDEX "ProtectionApplication_renewsApplicationId_idx" ON "ProtectionApplication"("renewsApplicationId");

-- AddForeignKey
ALTER TABLE "ProtectionApplication" ADD CONSTRAINT "ProtectionApplication_renewsApplicationId_fkey" FOREIGN KEY ("renewsApplicationId") REFERENCES "ProtectionApplication"("id") ON DELETE SET NULL ON UPDATE CASCADE;
