-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "severity" TEXT,
    "hailSizeMm" REAL,
    "effectiveAt" DATETIME NOT NULL,
    "expiresAt" DATETIME,
    "cancelledAt" DATETIME,
    "geometry" JSONB NOT NULL,
    "receivedVia" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AlertMatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "paddocks" JSONB NOT NULL,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertMatch_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "AlertEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertEmail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "matchId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertEmail_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "AlertMatch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertFeedStatus" (
    "feed" TEXT NOT NULL PRIMARY KEY,
    "lastPolledAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastError" TEXT,
    "lastErrorAt" DATETIME,
    "lastStored" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MemberPreference" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "claimUpdates" BOOLEAN NOT NULL DEFAULT true,
    "paymentReminders" BOOLEAN NOT NULL DEFAULT true,
    "renewalReminders" BOOLEAN NOT NULL DEFAULT true,
    "alertEmails" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_MemberPreference" ("claimUpdates", "paymentReminders", "renewalReminders", "updatedAt", "userId") SELECT "claimUpdates", "paymentReminders", "renewalReminders", "updatedAt", "userId" FROM "MemberPreference";
DROP TABLE "MemberPreference";
ALTER TABLE "new_MemberPreference" RENAME TO "MemberPreference";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "AlertEvent_effectiveAt_idx" ON "AlertEvent"("effectiveAt");

-- CreateIndex
CREATE INDEX "AlertEvent_kind_effectiveAt_idx" ON "AlertEvent"("kind", "effectiveAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEvent_source_externalId_key" ON "AlertEvent"("source", "externalId");

-- CreateIndex
CREATE INDEX "AlertMatch_userId_createdAt_idx" ON "AlertMatch"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertMatch_eventId_userId_key" ON "AlertMatch"("eventId", "userId");

-- CreateIndex
CREATE INDEX "AlertEmail_eventId_idx" ON "AlertEmail"("eventId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEmail_matchId_recipient_key" ON "AlertEmail"("matchId", "recipient");
