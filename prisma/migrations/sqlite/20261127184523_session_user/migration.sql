-- AlterTable
ALTER TABLE "Session" ADD COLUMN "userId" TEXT;

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- Sessions signed in before this migration: their user, from the session's data.
UPDATE "Session" SET "userId" = json_extract("data", '$.userId') WHERE json_valid("data") AND json_type("data", '$.userId') = 'text';
