-- CreateTable
CREATE TABLE "RiskSimulationRun" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "peril" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "summary" JSONB,
    "results" JSONB,
    "error" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "RiskSimulationRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RiskReserve" (
    "id" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RiskReserve_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RiskSimulationRun_kind_createdAt_idx" ON "RiskSimulationRun"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "RiskSimulationRun_status_idx" ON "RiskSimulationRun"("status");
