-- CreateTable
CREATE TABLE "ErrorGroup" (
    "fingerprint" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "firstSeen" TIMESTAMP(3) NOT NULL,
    "lastSeen" TIMESTAMP(3) NOT NULL,
    "type" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "url" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "ErrorGroup_pkey" PRIMARY KEY ("fingerprint")
);

-- CreateTable
CREATE TABLE "AnalyticsDailyCount" (
    "day" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AnalyticsDailyCount_pkey" PRIMARY KEY ("day","event")
);

-- CreateIndex
CREATE INDEX "ErrorGroup_lastSeen_idx" ON "ErrorGroup"("lastSeen");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_occurredAt_idx" ON "AnalyticsEvent"("occurredAt");

-- The reports stored so far become groups: their count, first and last time, and the newest one's details.
INSERT INTO "ErrorGroup" ("fingerprint", "count", "firstSeen", "lastSeen", "type", "severity", "message", "stack", "url", "userAgent")
SELECT newest."fingerprint", totals."reports", totals."firstSeen", totals."lastSeen", newest."type", newest."severity", newest."message", newest."stack", newest."url", newest."userAgent"
FROM (SELECT "fingerprint", COUNT(*) AS "reports", MIN("occurredAt") AS "firstSeen", MAX("occurredAt") AS "lastSeen" FROM "ErrorReport" GROUP BY "fingerprint") AS totals
JOIN "ErrorReport" AS newest ON newest."id" = (
  SELECT candidate."id" FROM "ErrorReport" AS candidate WHERE candidate."fingerprint" = totals."fingerprint" ORDER BY candidate."occurredAt" DESC, candidate."createdAt" DESC LIMIT 1
);
