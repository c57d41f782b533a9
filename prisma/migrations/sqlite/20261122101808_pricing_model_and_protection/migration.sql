-- CreateTable
CREATE TABLE "CropRateFactor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cropType" TEXT NOT NULL,
    "hailFactor" REAL NOT NULL,
    "fireFactor" REAL NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AreaLimit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "cropType" TEXT,
    "minHectares" REAL,
    "maxHectares" REAL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DiscountFactor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "peril" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DynamicDiscountRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" REAL,
    "bands" JSONB,
    "windowStart" TEXT,
    "windowEnd" TEXT,
    "minimumPriorSeasons" INTEGER,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PricingSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "version" TEXT NOT NULL,
    "maxTotalDiscountRate" REAL NOT NULL,
    "minimumPremium" REAL NOT NULL,
    "canolaCropType" TEXT NOT NULL DEFAULT 'canola',
    "canolaMaxValuePerHectare" REAL,
    "canolaMaxShare" REAL,
    "canolaCapActive" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ProtectionApplication" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "acknowledgements" JSONB NOT NULL,
    "surveyData" JSONB,
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ProtectionPaddock" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "crop" TEXT,
    "variety" TEXT,
    "area" REAL NOT NULL,
    "userDefinedArea" REAL,
    "expectedYield" REAL,
    "pricePerTonne" REAL,
    "hurdlePercentage" REAL,
    "plantingDate" TEXT,
    "harvestDate" TEXT,
    "isExcluded" BOOLEAN NOT NULL DEFAULT false,
    "isGroup" BOOLEAN NOT NULL DEFAULT false,
    "podguardApplied" BOOLEAN NOT NULL DEFAULT false,
    "swathApplied" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "geometry" JSONB,
    "priced" BOOLEAN NOT NULL,
    "sortOrder" INTEGER NOT NULL,
    CONSTRAINT "ProtectionPaddock_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProtectionCrop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "cropType" TEXT NOT NULL,
    "hectares" REAL NOT NULL,
    "expectedYield" REAL NOT NULL,
    "pricePerTonne" REAL NOT NULL,
    "hurdlePercentage" REAL NOT NULL,
    "insuredValue" REAL NOT NULL,
    "grossPremium" REAL NOT NULL,
    "sortOrder" INTEGER NOT NULL,
    CONSTRAINT "ProtectionCrop_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CallbackRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "timePreference" TEXT NOT NULL,
    "customTime" TEXT,
    "description" TEXT,
    "estimateData" JSONB,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "ipAddress" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "FireRiskSurvey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "answers" JSONB NOT NULL,
    "completedAt" DATETIME NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "CropRateFactor_cropType_key" ON "CropRateFactor"("cropType");

-- CreateIndex
CREATE INDEX "ProtectionApplication_userId_submittedAt_idx" ON "ProtectionApplication"("userId", "submittedAt");

-- CreateIndex
CREATE INDEX "ProtectionApplication_status_submittedAt_idx" ON "ProtectionApplication"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "ProtectionPaddock_applicationId_idx" ON "ProtectionPaddock"("applicationId");

-- CreateIndex
CREATE INDEX "ProtectionCrop_applicationId_idx" ON "ProtectionCrop"("applicationId");

-- CreateIndex
CREATE INDEX "CallbackRequest_status_createdAt_idx" ON "CallbackRequest"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CallbackRequest_email_createdAt_idx" ON "CallbackRequest"("email", "createdAt");

-- CreateIndex
CREATE INDEX "FireRiskSurvey_userId_completedAt_idx" ON "FireRiskSurvey"("userId", "completedAt");
