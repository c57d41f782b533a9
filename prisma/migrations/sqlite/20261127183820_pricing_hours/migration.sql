-- CreateTable
CREATE TABLE "PricingHour" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "hourStart" DATETIME NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "insuredValue" REAL NOT NULL,
    "premium" REAL NOT NULL,
    "atMinimumPremium" INTEGER NOT NULL,
    "canolaCapApplied" INTEGER NOT NULL,
    "discountCapApplied" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "PricingHourCrop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "hourStart" DATETIME NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "cropType" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "insuredValue" REAL NOT NULL,
    "premium" REAL NOT NULL
);

-- CreateTable
CREATE TABLE "PricingHourBucket" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "hourStart" DATETIME NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "coverageType" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "fromValue" REAL NOT NULL,
    "count" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "PricingHour_hourStart_idx" ON "PricingHour"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHour_hourStart_zoneCode_coverageType_modelVersion_key" ON "PricingHour"("hourStart", "zoneCode", "coverageType", "modelVersion");

-- CreateIndex
CREATE INDEX "PricingHourCrop_hourStart_idx" ON "PricingHourCrop"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHourCrop_hourStart_zoneCode_coverageType_modelVersion_cropType_key" ON "PricingHourCrop"("hourStart", "zoneCode", "coverageType", "modelVersion", "cropType");

-- CreateIndex
CREATE INDEX "PricingHourBucket_hourStart_idx" ON "PricingHourBucket"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "PricingHourBucket_hourStart_zoneCode_coverageType_modelVersion_measure_fromValue_key" ON "PricingHourBucket"("hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue");

-- The runs recorded so far, added up into their hours (shared/domain/pricing-monitor/pricing-runs.ts hourTotals).
INSERT INTO "PricingHour" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "runs", "insuredValue", "premium", "atMinimumPremium", "canolaCapApplied", "discountCapApplied")
SELECT lower(hex(randomblob(12))), ("pricedAt" - "pricedAt" % 3600000), "zoneCode", "coverageType", "modelVersion", COUNT(*), SUM("insuredValue"), SUM("premium"),
  SUM("atMinimumPremium"), SUM("canolaCapApplied"), SUM("discountCapApplied")
FROM "PricingRun" GROUP BY ("pricedAt" - "pricedAt" % 3600000), "zoneCode", "coverageType", "modelVersion";

INSERT INTO "PricingHourCrop" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "cropType", "runs", "insuredValue", "premium")
SELECT lower(hex(randomblob(12))), ("pricedAt" - "pricedAt" % 3600000), "zoneCode", "coverageType", "modelVersion", json_extract("crop".value, '$.cropType'), COUNT(*), SUM(json_extract("crop".value, '$.insuredValue')), SUM(json_extract("crop".value, '$.premium'))
FROM "PricingRun", json_each("PricingRun"."crops") AS "crop" GROUP BY ("pricedAt" - "pricedAt" % 3600000), "zoneCode", "coverageType", "modelVersion", json_extract("crop".value, '$.cropType');

INSERT INTO "PricingHourBucket" ("id", "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue", "count")
SELECT lower(hex(randomblob(12))), "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue", COUNT(*) FROM (
  SELECT ("pricedAt" - "pricedAt" % 3600000) AS "hourStart", "zoneCode", "coverageType", "modelVersion", 'premium' AS "measure", CASE WHEN premium >= 50000 THEN 50000 WHEN premium >= 25000 THEN 25000 WHEN premium >= 10000 THEN 10000 WHEN premium >= 5000 THEN 5000 WHEN premium >= 2500 THEN 2500 WHEN premium >= 1000 THEN 1000 ELSE 0 END AS "fromValue" FROM "PricingRun"
  UNION ALL
  SELECT ("pricedAt" - "pricedAt" % 3600000), "zoneCode", "coverageType", "modelVersion", 'latency', CASE WHEN "latencyMs" >= 5000 THEN 5000 WHEN "latencyMs" >= 2000 THEN 2000 WHEN "latencyMs" >= 1000 THEN 1000 WHEN "latencyMs" >= 500 THEN 500 WHEN "latencyMs" >= 200 THEN 200 WHEN "latencyMs" >= 100 THEN 100 WHEN "latencyMs" >= 50 THEN 50 WHEN "latencyMs" >= 20 THEN 20 WHEN "latencyMs" >= 10 THEN 10 WHEN "latencyMs" >= 5 THEN 5 WHEN "latencyMs" >= 2 THEN 2 WHEN "latencyMs" >= 1 THEN 1 ELSE 0 END FROM "PricingRun"
) AS "counted" GROUP BY "hourStart", "zoneCode", "coverageType", "modelVersion", "measure", "fromValue";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "PricingRun";
PRAGMA foreign_keys=on;
