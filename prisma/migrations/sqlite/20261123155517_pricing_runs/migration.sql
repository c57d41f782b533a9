-- CreateTable
CREATE TABLE "PricingRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "pricedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "crops" JSONB NOT NULL,
    "insuredValue" REAL NOT NULL,
    "premium" REAL NOT NULL,
    "rateOnLine" REAL NOT NULL,
    "atMinimumPremium" BOOLEAN NOT NULL,
    "canolaCapApplied" BOOLEAN NOT NULL,
    "discountCapApplied" BOOLEAN NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "latencyMs" REAL NOT NULL
);

-- CreateIndex
CREATE INDEX "PricingRun_pricedAt_idx" ON "PricingRun"("pricedAt");
