-- AlterTable
ALTER TABLE "MemberPreference" ADD COLUMN     "alertEmails" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "severity" TEXT,
    "hailSizeMm" DOUBLE PRECISION,
    "effectiveAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "geometry" JSONB NOT NULL,
    "receivedVia" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertMatch" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "paddocks" JSONB NOT NULL,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertMatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertEmail" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertFeedStatus" (
    "feed" TEXT NOT NULL,
    "lastPolledAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastStored" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertFeedStatus_pkey" PRIMARY KEY ("feed")
);

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

-- AddForeignKey
ALTER TABLE "AlertMatch" ADD CONSTRAINT "AlertMatch_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "AlertEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertEmail" ADD CONSTRAINT "AlertEmail_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "AlertMatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
