-- CreateTable
CREATE TABLE "BackgroundJob" (
    "id" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'created',
    "singletonKey" TEXT,
    "runAfter" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryLimit" INTEGER NOT NULL,
    "lastError" TEXT,
    "lockedBy" TEXT,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BackgroundJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BackgroundJobSchedule" (
    "queue" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "nextRunAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BackgroundJobSchedule_pkey" PRIMARY KEY ("queue")
);

-- CreateTable
CREATE TABLE "SentReminder" (
    "key" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sentOn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SentReminder_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "BackgroundJob_state_runAfter_idx" ON "BackgroundJob"("state", "runAfter");

-- CreateIndex
CREATE INDEX "BackgroundJob_queue_state_idx" ON "BackgroundJob"("queue", "state");

-- CreateIndex
CREATE UNIQUE INDEX "BackgroundJob_queue_singletonKey_key" ON "BackgroundJob"("queue", "singletonKey");

-- CreateIndex
CREATE INDEX "SentReminder_userId_createdAt_idx" ON "SentReminder"("userId", "createdAt");
