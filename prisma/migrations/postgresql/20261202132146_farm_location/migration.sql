-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "farmLatitude" DOUBLE PRECISION,
ADD COLUMN     "farmLongitude" DOUBLE PRECISION;

-- Backfill: the location as the quote held it, where both figures are numbers in range (as farmLocationSchema
-- reads it). CASE, not AND: PostgreSQL may evaluate AND's sides in any order, and the casts need numbers.
UPDATE "ProtectionApplication"
SET "farmLatitude" = ("quoteData" #>> '{farmData,farmLocation,lat}')::double precision,
    "farmLongitude" = ("quoteData" #>> '{farmData,farmLocation,lng}')::double precision
WHERE CASE
  WHEN jsonb_typeof("quoteData" #> '{farmData,farmLocation,lat}') = 'number' AND jsonb_typeof("quoteData" #> '{farmData,farmLocation,lng}') = 'number'
  THEN ("quoteData" #>> '{farmData,farmLocation,lat}')::double precision BETWEEN -90 AND 90
   AND ("quoteData" #>> '{farmData,farmLocation,lng}')::double precision BETWEEN -180 AND 180
  ELSE false
END;
