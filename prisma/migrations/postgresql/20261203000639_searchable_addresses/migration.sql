-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "postalAddress" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Draft" ADD COLUMN     "farmAddress" TEXT NOT NULL DEFAULT '';

-- Backfill from the quotes held, where the address is text: the applicant's postal address of each
-- application and the farm's address of each draft.
UPDATE "ProtectionApplication"
SET "postalAddress" = "quoteData" #>> '{personalDetails,address}'
WHERE jsonb_typeof("quoteData" #> '{personalDetails,address}') = 'string';

UPDATE "Draft"
SET "farmAddress" = "quoteData" #>> '{farmData,address}'
WHERE jsonb_typeof("quoteData" #> '{farmData,address}') = 'string';
