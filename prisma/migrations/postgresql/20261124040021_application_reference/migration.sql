-- AlterTable
ALTER TABLE "ProtectionApplication" ADD COLUMN     "reference" TEXT;

-- Number the applications already made: per season, in the order they were submitted.
UPDATE "ProtectionApplication" AS application SET "reference" = 'APP-' || numbered."seasonYear" || '-' || lpad(numbered.n::text, 5, '0')
FROM (SELECT "id", "seasonYear", ROW_NUMBER() OVER (PARTITION BY "seasonYear" ORDER BY "submittedAt", "id") AS n FROM "ProtectionApplication") AS numbered
WHERE numbered."id" = application."id";

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionApplication_reference_key" ON "ProtectionApplication"("reference");
