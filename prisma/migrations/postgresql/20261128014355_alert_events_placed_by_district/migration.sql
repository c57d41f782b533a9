-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN     "areaCodes" JSONB,
ADD COLUMN     "areaDescription" TEXT,
ADD COLUMN     "placedAt" TIMESTAMP(3),
ADD COLUMN     "placedById" TEXT,
ALTER COLUMN "geometry" DROP NOT NULL;
