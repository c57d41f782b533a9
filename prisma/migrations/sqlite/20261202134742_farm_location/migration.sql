-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProtectionApplication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "coverageType" TEXT NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "quoteDate" TEXT NOT NULL,
    "seasonYear" INTEGER NOT NULL,
    "referrerCode" TEXT,
    "modelVersion" TEXT NOT NULL,
    "premium" REAL NOT NULL,
    "displayedPremium" REAL NOT NULL,
    "totalPayable" REAL NOT NULL,
    "insuredValue" REAL NOT NULL,
    "coveredArea" REAL NOT NULL,
    "estimate" JSONB NOT NULL,
    "pricing" JSONB NOT NULL,
    "quoteData" JSONB NOT NULL,
    "farmAddress" TEXT NOT NULL DEFAULT '',
    "farmLatitude" REAL,
    "farmLongitude" REAL,
    "farmLocationLabel" TEXT,
    "acknowledgements" JSONB NOT NULL,
    "surveyData" JSONB,
    "submittedById" TEXT,
    "idempotencyKey" TEXT,
    "renewsApplicationId" TEXT,
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ProtectionApplication_seasonYear_fkey" FOREIGN KEY ("seasonYear") REFERENCES "Season" ("year") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProtectionApplication_renewsApplicationId_fkey" FOREIGN KEY ("renewsApplicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ProtectionApplication" ("acknowledgements", "coverageType", "coveredArea", "displayedPremium", "estimate", "id", "idempotencyKey", "insuredValue", "modelVersion", "premium", "pricing", "quoteData", "quoteDate", "reference", "referrerCode", "renewsApplicationId", "seasonYear", "status", "submittedAt", "submittedById", "surveyData", "totalPayable", "updatedAt", "userId", "zoneCode") SELECT "acknowledgements", "coverageType", "coveredArea", "displayedPremium", "estimate", "id", "idempotencyKey", "insuredValue", "modelVersion", "premium", "pricing", "quoteData", "quoteDate", "reference", "referrerCode", "renewsApplicationId", "seasonYear", "status", "submittedAt", "submittedById", "surveyData", "totalPayable", "updatedAt", "userId", "zoneCode" FROM "ProtectionApplication";
DROP TABLE "ProtectionApplication";
ALTER TABLE "new_ProtectionApplication" RENAME TO "ProtectionApplication";
CREATE UNIQUE INDEX "ProtectionApplication_reference_key" ON "ProtectionApplication"("reference");
CREATE INDEX "ProtectionApplication_userId_submittedAt_idx" ON "ProtectionApplication"("userId", "submittedAt");
CREATE INDEX "ProtectionApplication_status_submittedAt_idx" ON "ProtectionApplication"("status", "submittedAt");
CREATE INDEX "ProtectionApplication_renewsApplicationId_idx" ON "ProtectionApplication"("renewsApplicationId");
CREATE UNIQUE INDEX "ProtectionApplication_userId_idempotencyKey_key" ON "ProtectionApplication"("userId", "idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Backfill from the quotes held: the address where it is text, and the location (with its label) where
-- both figures are numbers in range, as farmLocationSchema reads it.
UPDATE "ProtectionApplication"
SET "farmAddress" = json_extract("quoteData", '$.farmData.address')
WHERE json_valid("quoteData") AND json_type("quoteData", '$.farmData.address') = 'text';

UPDATE "ProtectionApplication"
SET "farmLatitude" = json_extract("quoteData", '$.farmData.farmLocation.lat'),
    "farmLongitude" = json_extract("quoteData", '$.farmData.farmLocation.lng'),
    "farmLocationLabel" = CASE WHEN json_type("quoteData", '$.farmData.farmLocation.label') = 'text' THEN json_extract("quoteData", '$.farmData.farmLocation.label') END
WHERE CASE
  WHEN json_valid("quoteData")
   AND json_type("quoteData", '$.farmData.farmLocation.lat') IN ('integer', 'real')
   AND json_type("quoteData", '$.farmData.farmLocation.lng') IN ('integer', 'real')
  THEN json_extract("quoteData", '$.farmData.farmLocation.lat') BETWEEN -90 AND 90
   AND json_extract("quoteData", '$.farmData.farmLocation.lng') BETWEEN -180 AND 180
  ELSE 0
END;
