-- CreateTable
CREATE TABLE "Season" (
    "year" INTEGER NOT NULL,
    "opensOn" TEXT NOT NULL,
    "coverEndsOn" TEXT NOT NULL,
    "openedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Season_pkey" PRIMARY KEY ("year")
);

-- CreateIndex
CREATE UNIQUE INDEX "Season_opensOn_key" ON "Season"("opensOn");

-- The seasons of the applications already held, with the dates the calendar-year rule gave them:
-- a season opened on 1 January of its year, and its cover ended on 31 March after it.
INSERT INTO "Season" ("year", "opensOn", "coverEndsOn")
SELECT DISTINCT "seasonYear", lpad("seasonYear"::text, 4, '0') || '-01-01', lpad(("seasonYear" + 1)::text, 4, '0') || '-03-31' FROM "ProtectionApplication";

-- AddForeignKey
ALTER TABLE "ProtectionApplication" ADD CONSTRAINT "ProtectionApplication_seasonYear_fkey" FOREIGN KEY ("seasonYear") REFERENCES "Season"("year") ON DELETE RESTRICT ON UPDATE CASCADE;
