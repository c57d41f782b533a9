-- CreateTable
CREATE TABLE "PricingHour" (
    "id" TEXT NOT NULL,
    "hourStart" TIMESTAMP(3) NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "insuredValue" DOUBLE PRECISION NOT NULL,
    "premium" DOUBLE PRECISION NOT NULL,
    "atMinimumPremium" INTEGER NOT NULL,
    "canolaCapApplied" INTEGER NOT NULL,
    "discountCapApplied" INTEGER NOT NULL,

    CONSTRAINT "PricingHour_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PricingHourCrop" (
    "id" TEXT NOT NULL,
    "hourStart" TIMESTAMP(3) NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "cropType" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "insuredValue" DOUBLE PRECISION NOT NULL,
    "premium" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "PricingHourCrop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PricingHourBucket" (
    "id" TEXT NOT NULL,
    "hourStart" TIMESTAMP(3) NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "fromValue" DOUBLE PRECISION NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "PricingHourBucket_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PricingHour_hourStart_idx" ON "PricingHour"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHour_hourStart_zoneCode_coverageType_modelVersion_key" ON "PricingHour"("hourStart", "zoneCode", "coverageType", "modelVersion");

-- CreateIndex
CREATE INDEX "PricingHourCrop_hourStart_idx" ON "PricingHourCrop"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHourCrop_hourStart_zoneCode_coverageType_modelVersio_key" ON "PricingHourCrop"("hourStart", "zoneCode", "coverageType", "modelVersion", "cropType");

-- CreateIndex
CREATE INDEX "PricingHourBucket_hourStart_idx" ON "PricingHourBucket"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHourBucket_hourStart_zoneCode_coverageType_modelVers_key" ON "PricingHourBucket"("hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue");

-- The runs recorded so far, added up into their hours (shared/domain/pricing-monitor/pricing-runs.ts hourTotals).
INSERT INTO "PricingHour" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "runs", "insuredValue", "premium", "atMinimumPremium", "canolaCapApplied", "discountCapApplied")
SELECT gen_random_uuid()::text, date_trunc('hour', "pricedAt"), "zoneCode", "coverageType", "modelVersion", COUNT(*), SUM("insuredValue"), SUM("premium"),
  SUM(CASE WHEN "atMinimumPremium" THEN 1 ELSE 0 END), SUM(CASE WHEN "canolaCapApplied" THEN 1 ELSE 0 END), SUM(CASE WHEN "discountCapApplied" THEN 1 ELSE 0 END)
FROM "PricingRun" GROUP BY date_trunc('hour', "pricedAt"), "zoneCode", "coverageType", "modelVersion";

INSERT INTO "PricingHourCrop" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "cropType", "runs", "insuredValue", "premium")
SELECT gen_random_uuid()::text, date_trunc('hour', "pricedAt"), "zoneCode", "coverageType", "modelVersion", ("crop"->>'cropType'), COUNT(*), SUM(("crop"->>'insuredValue')::double precision), SUM(("crop"->>'premium')::double precision)
FROM "PricingRun", jsonb_array_elements("PricingRun"."crops") AS "crop" GROUP BY date_trunc('hour', "pricedAt"), "zoneCode", "coverageType", "modelVersion", ("crop"->>'cropType');

INSERT INTO "PricingHourBucket" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue", "count")
SELECT gen_random_uuid()::text, "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue", COUNT(*) FROM (
  SELECT date_trunc('hour', "pricedAt") AS "hourStart", "zoneCode", "coverageType", "modelVersion", 'premium' AS "measure", CASE WHEN premium >= 50000 THEN 50000 WHEN premium >= 25000 THEN 25000 WHEN premium >= 10000 THEN 10000 WHEN premium >= 5000 THEN 5000 WHEN premium >= 2500 THEN 2500 WHEN premium >= 1000 THEN 1000 ELSE 0 END AS "fromValue" FROM "PricingRun"
  UNION ALL
  SELECT date_trunc('hour', "pricedAt"), "zoneCode", "coverageType", "modelVersion", 'latency', CASE WHEN "latencyMs" >= 5000 THEN 5000 WHEN "latencyMs" >= 2000 THEN 2000 WHEN "latencyMs" >= 1000 THEN 1000 WHEN "latencyMs" >= 500 THEN 500 WHEN "latencyMs" >= 200 THEN 200 WHEN "latencyMs" >= 100 THEN 100 WHEN "latencyMs" >= 50 THEN 50 WHEN "latencyMs" >= 20 THEN 20 WHEN "latencyMs" >= 10 THEN 10 WHEN "latencyMs" >= 5 THEN 5 WHEN "latencyMs" >= 2 THEN 2 WHEN "latencyMs" >= 1 THEN 1 ELSE 0 END FROM "PricingRun"
) AS "counted" GROUP BY "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue";

-- DropTable
DROP TABLE "PricingRun";
