-- CreateTable
CREATE TABLE "DiscountRuleChange" (
    "id" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "isNew" BOOLEAN NOT NULL,
    "rule" JSONB NOT NULL,
    "before" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "pendingRuleId" TEXT,
    "requestedById" TEXT NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decisionNote" TEXT,
    "version" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiscountRuleChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DiscountRuleChange_pendingRuleId_key" ON "DiscountRuleChange"("pendingRuleId");

-- CreateIndex
CREATE INDEX "DiscountRuleChange_status_requestedAt_idx" ON "DiscountRuleChange"("status", "requestedAt");

-- CreateIndex
CREATE INDEX "DiscountRuleChange_ruleId_requestedAt_idx" ON "DiscountRuleChange"("ruleId", "requestedAt");
