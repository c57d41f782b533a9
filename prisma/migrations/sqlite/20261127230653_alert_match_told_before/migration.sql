-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertMatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "paddocks" JSONB NOT NULL,
    "toldBefore" BOOLEAN NOT NULL DEFAULT false,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertMatch_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "AlertEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AlertMatch" ("createdAt", "eventId", "id", "paddocks", "readAt", "userId") SELECT "createdAt", "eventId", "id", "paddocks", "readAt", "userId" FROM "AlertMatch";
DROP TABLE "AlertMatch";
ALTER TABLE "new_AlertMatch" RENAME TO "AlertMatch";
CREATE INDEX "AlertMatch_userId_createdAt_idx" ON "AlertMatch"("userId", "createdAt");
CREATE UNIQUE INDEX "AlertMatch_eventId_userId_key" ON "AlertMatch"("eventId", "userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
