-- CreateTable
CREATE TABLE "AlertFeedMessage" (
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
    "error" TEXT
);

-- CreateIndex
CREATE INDEX "AlertFeedMessage_feed_receivedAt_idx" ON "AlertFeedMessage"("feed", "receivedAt");
