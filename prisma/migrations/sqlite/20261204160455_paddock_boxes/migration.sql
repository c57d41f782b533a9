-- AlterTable
ALTER TABLE "ProtectionPaddock" ADD COLUMN "boxEast" REAL;
ALTER TABLE "ProtectionPaddock" ADD COLUMN "boxNorth" REAL;
ALTER TABLE "ProtectionPaddock" ADD COLUMN "boxSouth" REAL;
ALTER TABLE "ProtectionPaddock" ADD COLUMN "boxWest" REAL;

-- Backfill: the box of every outline stored, over its positions' longitudes (index 0) and latitudes
-- (index 1): a hole lies inside its outline, so its corners change nothing. A value that is not an
-- outline keeps no box, and a paddock without a box is read by every warning, so none is missed.
UPDATE "ProtectionPaddock"
SET "boxWest" = (SELECT min("value") FROM json_tree("ProtectionPaddock"."geometry", '$.coordinates') WHERE "key" = 0 AND "type" IN ('integer', 'real')),
    "boxSouth" = (SELECT min("value") FROM json_tree("ProtectionPaddock"."geometry", '$.coordinates') WHERE "key" = 1 AND "type" IN ('integer', 'real')),
    "boxEast" = (SELECT max("value") FROM json_tree("ProtectionPaddock"."geometry", '$.coordinates') WHERE "key" = 0 AND "type" IN ('integer', 'real')),
    "boxNorth" = (SELECT max("value") FROM json_tree("ProtectionPaddock"."geometry", '$.coordinates') WHERE "key" = 1 AND "type" IN ('integer', 'real'))
WHERE json_valid("geometry") AND json_extract("geometry", '$.type') IN ('Polygon', 'MultiPolygon');
