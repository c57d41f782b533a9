-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN "farmLatitude" REAL;
ALTER TABLE "ProtectionApplication" ADD COLUMN "farmLongitude" REAL;

-- Backfill: the location as the quote held it, where both figures are numbers in range (as farmLocationSchema reads it).
UPDATE "ProtectionApplication"
SET "farmLatitude" = json_extract("quoteData", '$.farmData.farmLocation.lat'),
    "farmLongitude" = json_extract("quoteData", '$.farmData.farmLocation.lng')
WHERE CASE
  WHEN json_valid("quoteData")
   AND json_type("quoteData", '$.farmData.farmLocation.lat') IN ('integer', 'real')
   AND json_type("quoteData", '$.farmData.farmLocation.lng') IN ('integer', 'real')
  THEN json_extract("quoteData", '$.farmData.farmLocation.lat') BETWEEN -90 AND 90
   AND json_extract("quoteData", '$.farmData.farmLocation.lng') BETWEEN -180 AND 180
  ELSE 0
END;
