-- CreateTable
CREATE TABLE "RiskSimulationRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- CreateTable
CREATE TABLE "RiskReserve" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "amount" REAL NOT NULL,
    "updatedById" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RiskSimulationRun_kind_createdAt_idx" ON "RiskSimulationRun"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "RiskSimulationRun_status_idx" ON "RiskSimulationRun"("status");
