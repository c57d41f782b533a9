-- CreateTable
CREATE TABLE "SoilSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "paddockName" TEXT NOT NULL,
    "paddockKey" TEXT NOT NULL,
    "lab" TEXT NOT NULL,
    "sampleDate" TEXT NOT NULL,
    "depthFromCm" INTEGER NOT NULL,
    "depthToCm" INTEGER NOT NULL,
    "pHCaCl2" REAL,
    "pHWater" REAL,
    "organicCarbonPct" REAL,
    "ecDsM" REAL,
    "colwellPMgKg" REAL,
    "kMgKg" REAL,
    "sMgKg" REAL,
    "texture" TEXT,
    "enteredBy" TEXT NOT NULL,
    "enteredById" TEXT NOT NULL,
    "importBatchId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "SoilSample_userId_paddockKey_sampleDate_idx" ON "SoilSample"("userId", "paddockKey", "sampleDate");

-- CreateIndex
CREATE INDEX "SoilSample_sampleDate_idx" ON "SoilSample"("sampleDate");

-- CreateIndex
CREATE INDEX "SoilSample_importBatchId_idx" ON "SoilSample"("importBatchId");
