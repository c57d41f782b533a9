-- CreateTable
CREATE TABLE "ApplicationDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "ruleName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" REAL NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApplicationDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ManualDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedById" TEXT NOT NULL,
    "requestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "decisionNote" TEXT,
    "revokedById" TEXT,
    "revokedAt" DATETIME,
    "revokeReason" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ManualDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DynamicDiscountRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" REAL,
    "conditions" JSONB,
    "fixedAmount" REAL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "stacks" BOOLEAN NOT NULL DEFAULT true,
    "validFrom" TEXT,
    "validTo" TEXT,
    "bands" JSONB,
    "windowStart" TEXT,
    "windowEnd" TEXT,
    "minimumPriorSeasons" INTEGER,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_DynamicDiscountRule" ("bands", "id", "isActive", "kind", "minimumPriorSeasons", "name", "rate", "sortOrder", "updatedAt", "windowEnd", "windowStart") SELECT "bands", "id", "isActive", "kind", "minimumPriorSeasons", "name", "rate", "sortOrder", "updatedAt", "windowEnd", "windowStart" FROM "DynamicDiscountRule";
DROP TABLE "DynamicDiscountRule";
ALTER TABLE "new_DynamicDiscountRule" RENAME TO "DynamicDiscountRule";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ApplicationDiscount_applicationId_idx" ON "ApplicationDiscount"("applicationId");

-- CreateIndex
CREATE INDEX "ApplicationDiscount_ruleId_idx" ON "ApplicationDiscount"("ruleId");

-- CreateIndex
CREATE INDEX "ManualDiscount_applicationId_idx" ON "ManualDiscount"("applicationId");

-- CreateIndex
CREATE INDEX "ManualDiscount_status_requestedAt_idx" ON "ManualDiscount"("status", "requestedAt");
