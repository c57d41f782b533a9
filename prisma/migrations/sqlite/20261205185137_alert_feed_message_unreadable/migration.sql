-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertFeedMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "feed" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "contentType" TEXT,
    "body" TEXT NOT NULL,
    "characters" INTEGER NOT NULL,
    "stored" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "ended" INTEGER NOT NULL DEFAULT 0,
    "held" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "unreadable" INTEGER NOT NULL DEFAULT 0,
    "unreadableReason" TEXT
);
INSERT INTO "new_AlertFeedMessage" ("body", "characters", "contentType", "duplicates", "ended", "error", "feed", "held", "id", "receivedAt", "stored") SELECT "body", "characters", "contentType", "duplicates", "ended", "error", "feed", "held", "id", "receivedAt", "stored" FROM "AlertFeedMessage";
DROP TABLE "AlertFeedMessage";
ALTER TABLE "new_AlertFeedMessage" RENAME TO "AlertFeedMessage";
CREATE INDEX "AlertFeedMessage_feed_receivedAt_idx" ON "AlertFeedMessage"("feed", "receivedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
