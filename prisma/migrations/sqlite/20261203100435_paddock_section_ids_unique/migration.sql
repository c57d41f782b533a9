-- An application stored before quotes refused paddocks that share a section id keeps every paddock:
-- the first of each id (by its place in the quote) keeps the id, each later one gets an id of its own
-- (its id with its row id after a '~'), so the unique index below can be made.
UPDATE "ProtectionPaddock" SET "sectionId" = "sectionId" || '~' || "id"
WHERE EXISTS (
  SELECT 1 FROM "ProtectionPaddock" AS "earlier"
  WHERE "earlier"."applicationId" = "ProtectionPaddock"."applicationId"
    AND "earlier"."sectionId" = "ProtectionPaddock"."sectionId"
    AND ("earlier"."sortOrder" < "ProtectionPaddock"."sortOrder" OR ("earlier"."sortOrder" = "ProtectionPaddock"."sortOrder" AND "earlier"."id" < "ProtectionPaddock"."id"))
);

-- DropIndex
DROP INDEX "ProtectionPaddock_applicationId_idx";

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionPaddock_applicationId_sectionId_key" ON "ProtectionPaddock"("applicationId", "sectionId");
