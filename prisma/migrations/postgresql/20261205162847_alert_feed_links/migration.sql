-- CreateTable
CREATE TABLE "AlertFeedLink" (
    "feed" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertFeedLink_pkey" PRIMARY KEY ("feed","url")
);
