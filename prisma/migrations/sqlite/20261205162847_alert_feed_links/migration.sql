-- CreateTable
CREATE TABLE "AlertFeedLink" (
    "feed" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("feed", "url")
);
