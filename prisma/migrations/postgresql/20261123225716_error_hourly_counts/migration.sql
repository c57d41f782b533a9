-- CreateTable
CREATE TABLE "ErrorHourlyCount" (
    "fingerprint" TEXT NOT NULL,
    "hourStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ErrorHourlyCount_pkey" PRIMARY KEY ("fingerprint","hourStart")
);

-- CreateIndex
CREATE INDEX "ErrorHourlyCount_hourStart_idx" ON "ErrorHourlyCount"("hourStart");
