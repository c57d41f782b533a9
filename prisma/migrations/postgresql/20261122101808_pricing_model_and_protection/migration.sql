-- CreateTable
CREATE TABLE "CropRateFactor" (
    "id" TEXT NOT NULL,
    "cropType" TEXT NOT NULL,
    "hailFactor" DOUBLE PRECISION NOT NULL,
    "fireFactor" DOUBLE PRECISION NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CropRateFactor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AreaLimit" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "cropType" TEXT,
    "minHectares" DOUBLE PRECISION,
    "maxHectares" DOUBLE PRECISION,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AreaLimit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountFactor" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "peril" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiscountFactor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DynamicDiscountRule" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" DOUBLE PRECISION,
    "bands" JSONB,
    "windowStart" TEXT,
    "windowEnd" TEXT,
    "minimumPriorSeasons" INTEGER,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DynamicDiscountRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PricingSettings" (
    "id" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "maxTotalDiscountRate" DOUBLE PRECISION NOT NULL,
    "minimumPremium" DOUBLE PRECISION NOT NULL,
    "canolaCropType" TEXT NOT NULL DEFAULT 'canola',
    "canolaMaxValuePerHectare" DOUBLE PRECISION,
    "canolaMaxShare" DOUBLE PRECISION,
    "canolaCapActive" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PricingSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProtectionApplication" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "coverageType" TEXT NOT NULL,
    "zoneCode" TEXT NOT NULL,
    "quoteDate" TEXT NOT NULL,
    "seasonYear" INTEGER NOT NULL,
    "referrerCode" TEXT,
    "modelVersion" TEXT NOT NULL,
    "premium" DOUBLE PRECISION NOT NULL,
    "displayedPremium" DOUBLE PRECISION NOT NULL,
    "totalPayable" DOUBLE PRECISION NOT NULL,
    "insuredValue" DOUBLE PRECISION NOT NULL,
    "coveredArea" DOUBLE PRECISION NOT NULL,
    "estimate" JSONB NOT NULL,
    "pricing" JSONB NOT NULL,
    "quoteData" JSONB NOT NULL,
    "acknowledgements" JSONB NOT NULL,
    "surveyData" JSONB,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProtectionApplication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProtectionPaddock" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "crop" TEXT,
    "variety" TEXT,
    "area" DOUBLE PRECISION NOT NULL,
    "userDefinedArea" DOUBLE PRECISION,
    "expectedYield" DOUBLE PRECISION,
    "pricePerTonne" DOUBLE PRECISION,
    "hurdlePercentage" DOUBLE PRECISION,
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

    CONSTRAINT "ProtectionPaddock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProtectionCrop" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "cropType" TEXT NOT NULL,
    "hectares" DOUBLE PRECISION NOT NULL,
    "expectedYield" DOUBLE PRECISION NOT NULL,
    "pricePerTonne" DOUBLE PRECISION NOT NULL,
    "hurdlePercentage" DOUBLE PRECISION NOT NULL,
    "insuredValue" DOUBLE PRECISION NOT NULL,
    "grossPremium" DOUBLE PRECISION NOT NULL,
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "ProtectionCrop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallbackRequest" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CallbackRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FireRiskSurvey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "answers" JSONB NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FireRiskSurvey_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ProtectionPaddock" ADD CONSTRAINT "ProtectionPaddock_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProtectionCrop" ADD CONSTRAINT "ProtectionCrop_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication"("id") ON DELETE CASCADE ON UPDATE CASCADE;
