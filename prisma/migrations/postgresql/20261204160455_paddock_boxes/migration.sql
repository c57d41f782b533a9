-- AlterTable
ALTER TABLE "ProtectionPaddock" ADD COLUMN     "boxEast" DOUBLE PRECISION,
ADD COLUMN     "boxNorth" DOUBLE PRECISION,
ADD COLUMN     "boxSouth" DOUBLE PRECISION,
ADD COLUMN     "boxWest" DOUBLE PRECISION;

-- Backfill: the box of every outline stored, over its positions' longitudes (index 0) and latitudes
-- (index 1): a hole lies inside its outline, so its corners change nothing. A value that is not an
-- outline keeps no box, and a paddock without a box is read by every warning, so none is missed.
-- The casts come after the filter (a grouped select), so they only ever see numbers.
UPDATE "ProtectionPaddock" AS "paddock"
SET "boxWest" = "box"."west", "boxSouth" = "box"."south", "boxEast" = "box"."east", "boxNorth" = "box"."north"
FROM (
  SELECT "outlined"."id",
         min(("position" ->> 0)::double precision) AS "west",
         min(("position" ->> 1)::double precision) AS "south",
         max(("position" ->> 0)::double precision) AS "east",
         max(("position" ->> 1)::double precision) AS "north"
  FROM "ProtectionPaddock" AS "outlined"
  CROSS JOIN LATERAL jsonb_path_query("outlined"."geometry", CASE "outlined"."geometry" ->> 'type' WHEN 'Polygon' THEN '$.coordinates[*][*]' ELSE '$.coordinates[*][*][*]' END::jsonpath) AS "position"
  WHERE "outlined"."geometry" ->> 'type' IN ('Polygon', 'MultiPolygon')
    AND jsonb_typeof("position" -> 0) = 'number'
    AND jsonb_typeof("position" -> 1) = 'number'
  GROUP BY "outlined"."id"
) AS "box"
WHERE "paddock"."id" = "box"."id";
