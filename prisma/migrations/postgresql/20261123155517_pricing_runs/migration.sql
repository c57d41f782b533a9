-- CreateTable
CREATE TABLE "PricingRun" (
    "id" TEXT NOT NULL,
    "pricedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "crops" JSONB NOT NULL,
    "insuredValue" DOUBLE PRECISION NOT NULL,
    "premium" DOUBLE PRECISION NOT NULL,
    "rateOnLine" DOUBLE PRECISION NOT NULL,
    "atMinimumPremium" BOOLEAN NOT NULL,
    "canolaCapApplied" BOOLEAN NOT NULL,
    "discountCapApplied" BOOLEAN NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "latencyMs" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "PricingRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PricingRun_pricedAt_idx" ON "PricingRun"("pricedAt");
