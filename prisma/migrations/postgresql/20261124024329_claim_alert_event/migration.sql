-- AlterTable
ALTER TABLE "Claim" ADD COLUMN     "alertEventId" TEXT;

-- CreateIndex
CREATE INDEX "Claim_alertEventId_idx" ON "Claim"("alertEventId");

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_alertEventId_fkey" FOREIGN KEY ("alertEventId") REFERENCES "AlertEvent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
