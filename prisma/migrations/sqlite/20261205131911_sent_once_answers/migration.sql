-- CreateTable
CREATE TABLE "SentOnceAnswer" (
    "callerId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "bodyHash" TEXT NOT NULL,
    "status" INTEGER,
    "answer" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("callerId", "key")
);

-- CreateIndex
CREATE INDEX "SentOnceAnswer_createdAt_idx" ON "SentOnceAnswer"("createdAt");
