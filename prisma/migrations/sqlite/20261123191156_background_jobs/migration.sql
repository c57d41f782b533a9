-- CreateTable
CREATE TABLE "BackgroundJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queue" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'created',
    "singletonKey" TEXT,
    "runAfter" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryLimit" INTEGER NOT NULL,
    "lastError" TEXT,
    "lockedBy" TEXT,
    "startedAt" DATETIME,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "BackgroundJobSchedule" (
    "queue" TEXT NOT NULL PRIMARY KEY,
    "cron" TEXT NOT NULL,
    "nextRunAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SentReminder" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sentOn" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "BackgroundJob_state_runAfter_idx" ON "BackgroundJob"("state", "runAfter");

-- CreateIndex
CREATE INDEX "BackgroundJob_queue_state_idx" ON "BackgroundJob"("queue", "state");

-- CreateIndex
CREATE UNIQUE INDEX "BackgroundJob_queue_singletonKey_key" ON "BackgroundJob"("queue", "singletonKey");

-- CreateIndex
CREATE INDEX "SentReminder_userId_createdAt_idx" ON "SentReminder"("userId", "createdAt");
