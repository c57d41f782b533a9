-- CreateTable
CREATE TABLE "XeroConnection" (
    "id" TEXT NOT NULL PRIMARY KEY DEFAULT 'xero',
    "tenantId" TEXT,
    "tenantName" TEXT,
    "tenants" JSONB NOT NULL,
    "accessTokenEncrypted" TEXT NOT NULL,
    "refreshTokenEncrypted" TEXT NOT NULL,
    "accessTokenExpiresAt" DATETIME NOT NULL,
    "connectedById" TEXT NOT NULL,
    "connectedAt" DATETIME NOT NULL,
    "refreshedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "XeroSync" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "localId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "xeroId" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "lockedUntil" DATETIME,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "XeroCallWindow" (
    "tenantId" TEXT NOT NULL,
    "window" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,

    PRIMARY KEY ("tenantId", "window")
);

-- CreateIndex
CREATE INDEX "XeroSync_state_updatedAt_idx" ON "XeroSync"("state", "updatedAt");

-- CreateIndex
CREATE INDEX "XeroSync_updatedAt_idx" ON "XeroSync"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "XeroSync_kind_localId_key" ON "XeroSync"("kind", "localId");

-- CreateIndex
CREATE INDEX "XeroCallWindow_expiresAt_idx" ON "XeroCallWindow"("expiresAt");
