-- AlterTable
ALTER TABLE "SupportRequest" ADD COLUMN     "claimMessageId" TEXT;

-- AlterTable
ALTER TABLE "SupportRequestMessage" ADD COLUMN     "claimMessageId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "SupportRequest_claimMessageId_key" ON "SupportRequest"("claimMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "SupportRequestMessage_claimMessageId_key" ON "SupportRequestMessage"("claimMessageId");
