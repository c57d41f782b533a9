-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "userId" TEXT;

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- Sessions signed in before this migration: their user, from the session's data.
UPDATE "Session" SET "userId" = ("data"::jsonb ->> 'userId') WHERE CASE WHEN "data" LIKE '{%' THEN jsonb_typeof("data"::jsonb -> 'userId') = 'string' ELSE false END;
