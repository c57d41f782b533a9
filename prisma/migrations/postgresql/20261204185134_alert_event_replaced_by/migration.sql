-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN     "replacedById" TEXT;

-- AddForeignKey
ALTER TABLE "AlertEvent" ADD CONSTRAINT "AlertEvent_replacedById_fkey" FOREIGN KEY ("replacedById") REFERENCES "AlertEvent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
