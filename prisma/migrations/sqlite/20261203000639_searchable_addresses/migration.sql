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
    "postalAddress" TEXT NOT NULL DEFAULT '',
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
INSERT INTO "new_ProtectionApplication" ("acknowledgements", "coverageType", "coveredArea", "displayedPremium", "estimate", "farmAddress", "farmLatitude", "farmLocationLabel", "farmLongitude", "id", "idempotencyKey", "insuredValue", "modelVersion", "premium", "pricing", "quoteData", "quoteDate", "reference", "referrerCode", "renewsApplicationId", "seasonYear", "status", "submittedAt", "submittedById", "surveyData", "totalPayable", "updatedAt", "userId", "zoneCode") SELECT "acknowledgements", "coverageType", "coveredArea", "displayedPremium", "estimate", "farmAddress", "farmLatitude", "farmLocationLabel", "farmLongitude", "id", "idempotencyKey", "insuredValue", "modelVersion", "premium", "pricing", "quoteData", "quoteDate", "reference", "referrerCode", "renewsApplicationId", "seasonYear", "status", "submittedAt", "submittedById", "surveyData", "totalPayable", "updatedAt", "userId", "zoneCode" FROM "ProtectionApplication";
DROP TABLE "ProtectionApplication";
ALTER TABLE "new_ProtectionApplication" RENAME TO "ProtectionApplication";
CREATE UNIQUE INDEX "ProtectionApplication_reference_key" ON "ProtectionApplication"("reference");
CREATE INDEX "ProtectionApplication_userId_submittedAt_idx" ON "ProtectionApplication"("userId", "submittedAt");
CREATE INDEX "ProtectionApplication_status_submittedAt_idx" ON "ProtectionApplication"("status", "submittedAt");
CREATE INDEX "ProtectionApplication_renewsApplicationId_idx" ON "ProtectionApplication"("renewsApplicationId");
CREATE UNIQUE INDEX "ProtectionApplication_userId_idempotencyKey_key" ON "ProtectionApplication"("userId", "idempotencyKey");
CREATE TABLE "new_Draft" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "version" INTEGER NOT NULL DEFAULT 1,
    "dataHash" TEXT NOT NULL,
    "quoteData" JSONB NOT NULL,
    "farmAddress" TEXT NOT NULL DEFAULT '',
    "validationData" JSONB NOT NULL,
    "uiState" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    CONSTRAINT "Draft_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Draft" ("completedAt", "createdAt", "dataHash", "id", "quoteData", "status", "step", "uiState", "updatedAt", "userId", "validationData", "version") SELECT "completedAt", "createdAt", "dataHash", "id", "quoteData", "status", "step", "uiState", "updatedAt", "userId", "validationData", "version" FROM "Draft";
DROP TABLE "Draft";
ALTER TABLE "new_Draft" RENAME TO "Draft";
CREATE INDEX "Draft_userId_updatedAt_idx" ON "Draft"("userId", "updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Backfill from the quotes held, where the address is text: the applicant's postal address of each
-- application and the farm's address of each draft.
UPDATE "ProtectionApplication"
SET "postalAddress" = json_extract("quoteData", '$.personalDetails.address')
WHERE json_valid("quoteData") AND json_type("quoteData", '$.personalDetails.address') = 'text';

UPDATE "Draft"
SET "farmAddress" = json_extract("quoteData", '$.farmData.address')
WHERE json_valid("quoteData") AND json_type("quoteData", '$.farmData.address') = 'text';
