-- AlterTable
ALTER TABLE "DynamicDiscountRule" ADD COLUMN     "conditions" JSONB,
ADD COLUMN     "fixedAmount" DOUBLE PRECISION,
ADD COLUMN     "priority" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stacks" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "validFrom" TEXT,
ADD COLUMN     "validTo" TEXT;

-- CreateTable
CREATE TABLE "ApplicationDiscount" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "ruleName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" DOUBLE PRECISION NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApplicationDiscount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ManualDiscount" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedById" TEXT NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decisionNote" TEXT,
    "revokedById" TEXT,
    "revokedAt" TIMESTAMP(3),
    "revokeReason" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ManualDiscount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApplicationDiscount_applicationId_idx" ON "ApplicationDiscount"("applicationId");

-- CreateIndex
CREATE INDEX "ApplicationDiscount_ruleId_idx" ON "ApplicationDiscount"("ruleId");

-- CreateIndex
CREATE INDEX "ManualDiscount_applicationId_idx" ON "ManualDiscount"("applicationId");

-- CreateIndex
CREATE INDEX "ManualDiscount_status_requestedAt_idx" ON "ManualDiscount"("status", "requestedAt");

-- AddForeignKey
ALTER TABLE "ApplicationDiscount" ADD CONSTRAINT "ApplicationDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ManualDiscount" ADD CONSTRAINT "ManualDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication"("id") ON DELETE CASCADE ON UPDATE CASCADE;
