-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertEvent" (
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
    "replacedById" TEXT,
    "heldAt" DATETIME,
    "confirmedAt" DATETIME,
    "confirmedById" TEXT,
    "geometry" JSONB,
    "areaCodes" JSONB,
    "areaDescription" TEXT,
    "placedAt" DATETIME,
    "placedById" TEXT,
    "receivedVia" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertEvent_replacedById_fkey" FOREIGN KEY ("replacedById") REFERENCES "AlertEvent" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_AlertEvent" ("areaCodes", "areaDescription", "cancelledAt", "confirmedAt", "confirmedById", "effectiveAt", "expiresAt", "externalId", "geometry", "hailSizeMm", "heldAt", "id", "kind", "placedAt", "placedById", "receivedAt", "receivedVia", "severity", "source", "title") SELECT "areaCodes", "areaDescription", "cancelledAt", "confirmedAt", "confirmedById", "effectiveAt", "expiresAt", "externalId", "geometry", "hailSizeMm", "heldAt", "id", "kind", "placedAt", "placedById", "receivedAt", "receivedVia", "severity", "source", "title" FROM "AlertEvent";
DROP TABLE "AlertEvent";
ALTER TABLE "new_AlertEvent" RENAME TO "AlertEvent";
CREATE INDEX "AlertEvent_effectiveAt_idx" ON "AlertEvent"("effectiveAt");
CREATE INDEX "AlertEvent_kind_effectiveAt_idx" ON "AlertEvent"("kind", "effectiveAt");
CREATE UNIQUE INDEX "AlertEvent_source_externalId_key" ON "AlertEvent"("source", "externalId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
