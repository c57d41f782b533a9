-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_RiskSimulationRun" (
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
    "completedAt" DATETIME,
    "heartbeatAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_RiskSimulationRun" ("completedAt", "createdAt", "createdById", "error", "id", "kind", "name", "peril", "progress", "results", "settings", "status", "summary", "total") SELECT "completedAt", "createdAt", "createdById", "error", "id", "kind", "name", "peril", "progress", "results", "settings", "status", "summary", "total" FROM "RiskSimulationRun";
DROP TABLE "RiskSimulationRun";
ALTER TABLE "new_RiskSimulationRun" RENAME TO "RiskSimulationRun";
CREATE INDEX "RiskSimulationRun_kind_createdAt_idx" ON "RiskSimulationRun"("kind", "createdAt");
CREATE INDEX "RiskSimulationRun_status_idx" ON "RiskSimulationRun"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
