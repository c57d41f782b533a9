-- CreateTable
CREATE TABLE "SentOnceAnswer" (
    "callerId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "bodyHash" TEXT NOT NULL,
    "status" INTEGER,
    "answer" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SentOnceAnswer_pkey" PRIMARY KEY ("callerId","key")
);

-- CreateIndex
CREATE INDEX "SentOnceAnswer_createdAt_idx" ON "SentOnceAnswer"("createdAt");
