-- CreateTable
CREATE TABLE "DiscountRuleChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ruleId" TEXT NOT NULL,
    "isNew" BOOLEAN NOT NULL,
    "rule" JSONB NOT NULL,
    "before" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "pendingRuleId" TEXT,
    "requestedById" TEXT NOT NULL,
    "requestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "decisionNote" TEXT,
    "version" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "DiscountRuleChange_pendingRuleId_key" ON "DiscountRuleChange"("pendingRuleId");

-- CreateIndex
CREATE INDEX "DiscountRuleChange_status_requestedAt_idx" ON "DiscountRuleChange"("status", "requestedAt");

-- CreateIndex
CREATE INDEX "DiscountRuleChange_ruleId_requestedAt_idx" ON "DiscountRuleChange"("ruleId", "requestedAt");
