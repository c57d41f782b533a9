-- CreateTable
CREATE TABLE "XeroConnection" (
    "id" TEXT NOT NULL DEFAULT 'xero',
    "tenantId" TEXT,
    "tenantName" TEXT,
    "tenants" JSONB NOT NULL,
    "accessTokenEncrypted" TEXT NOT NULL,
    "refreshTokenEncrypted" TEXT NOT NULL,
    "accessTokenExpiresAt" TIMESTAMP(3) NOT NULL,
    "connectedById" TEXT NOT NULL,
    "connectedAt" TIMESTAMP(3) NOT NULL,
    "refreshedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "XeroConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "XeroSync" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "localId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "xeroId" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "lockedUntil" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "XeroSync_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "XeroCallWindow" (
    "tenantId" TEXT NOT NULL,
    "window" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "XeroCallWindow_pkey" PRIMARY KEY ("tenantId","window")
);

-- CreateIndex
CREATE INDEX "XeroSync_state_updatedAt_idx" ON "XeroSync"("state", "updatedAt");

-- CreateIndex
CREATE INDEX "XeroSync_updatedAt_idx" ON "XeroSync"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "XeroSync_kind_localId_key" ON "XeroSync"("kind", "localId");

-- CreateIndex
CREATE INDEX "XeroCallWindow_expiresAt_idx" ON "XeroCallWindow"("expiresAt");
