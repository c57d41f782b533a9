-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "farmAddress" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "farmLatitude" DOUBLE PRECISION,
ADD COLUMN     "farmLocationLabel" TEXT,
ADD COLUMN     "farmLongitude" DOUBLE PRECISION;

-- Backfill from the quotes held: the address where it is text, and the location (with its label) where
-- both figures are numbers in range, as farmLocationSchema reads it. CASE, not AND: PostgreSQL may
-- evaluate the two sides of an AND in any order, and the casts need numbers.
UPDATE "ProtectionApplication"
SET "farmAddress" = "quoteData" #>> '{farmData,address}'
WHERE jsonb_typeof("quoteData" #> '{farmData,address}') = 'string';

UPDATE "ProtectionApplication"
SET "farmLatitude" = ("quoteData" #>> '{farmData,farmLocation,lat}')::double precision,
    "farmLongitude" = ("quoteData" #>> '{farmData,farmLocation,lng}')::double precision,
    "farmLocationLabel" = CASE WHEN jsonb_typeof("quoteData" #> '{farmData,farmLocation,label}') = 'string' THEN "quoteData" #>> '{farmData,farmLocation,label}' END
WHERE CASE
  WHEN jsonb_typeof("quoteData" #> '{farmData,farmLocation,lat}') = 'number' AND jsonb_typeof("quoteData" #> '{farmData,farmLocation,lng}') = 'number'
  THEN ("quoteData" #>> '{farmData,farmLocation,lat}')::double precision BETWEEN -90 AND 90
   AND ("quoteData" #>> '{farmData,farmLocation,lng}')::double precision BETWEEN -180 AND 180
  ELSE false
END;
