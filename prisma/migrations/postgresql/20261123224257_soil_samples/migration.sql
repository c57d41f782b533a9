-- CreateTable
CREATE TABLE "SoilSample" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "paddockName" TEXT NOT NULL,
    "paddockKey" TEXT NOT NULL,
    "lab" TEXT NOT NULL,
    "sampleDate" TEXT NOT NULL,
    "depthFromCm" INTEGER NOT NULL,
    "depthToCm" INTEGER NOT NULL,
    "pHCaCl2" DOUBLE PRECISION,
    "pHWater" DOUBLE PRECISION,
    "organicCarbonPct" DOUBLE PRECISION,
    "ecDsM" DOUBLE PRECISION,
    "colwellPMgKg" DOUBLE PRECISION,
    "kMgKg" DOUBLE PRECISION,
    "sMgKg" DOUBLE PRECISION,
    "texture" TEXT,
    "enteredBy" TEXT NOT NULL,
    "enteredById" TEXT NOT NULL,
    "importBatchId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SoilSample_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SoilSample_userId_paddockKey_sampleDate_idx" ON "SoilSample"("userId", "paddockKey", "sampleDate");

-- CreateIndex
CREATE INDEX "SoilSample_sampleDate_idx" ON "SoilSample"("sampleDate");

-- CreateIndex
CREATE INDEX "SoilSample_importBatchId_idx" ON "SoilSample"("importBatchId");
