-- CreateTable
CREATE TABLE "ErrorHourlyCount" (
    "fingerprint" TEXT NOT NULL,
    "hourStart" DATETIME NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("fingerprint", "hourStart")
);

-- CreateIndex
CREATE INDEX "ErrorHourlyCount_hourStart_idx" ON "ErrorHourlyCount"("hourStart");
