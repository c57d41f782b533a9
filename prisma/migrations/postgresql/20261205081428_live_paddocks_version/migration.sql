-- CreateTable
CREATE TABLE "LivePaddocksVersion" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LivePaddocksVersion_pkey" PRIMARY KEY ("id")
);

-- The one row the triggers count in (schema: LivePaddocksVersion).
INSERT INTO "LivePaddocksVersion" ("id", "version") VALUES (1, 0);

-- Every write of what a warning is matched against adds one: a paddock written in any way, an
-- application added or removed, or its status, member, submission time or farm location changed.
-- The count changes in the writing transaction, so it is read only with the rows written. Deferred
-- to the commit, so a transaction takes the count's row last and holds it only while it commits:
-- taken at the write, two transactions each holding a row the other wants next would deadlock.
-- Prisma's PostgreSQL adapter runs a migration statement by statement, split at every semicolon,
-- even one inside a function's body: the body's own are written \x3B in an escaped string.
CREATE FUNCTION "live_paddocks_changed"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1\x3B RETURN NULL\x3B END';
CREATE CONSTRAINT TRIGGER "live_paddocks_application_added_or_removed" AFTER INSERT OR DELETE ON "ProtectionApplication"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_paddocks_changed"();
CREATE CONSTRAINT TRIGGER "live_paddocks_application_changed" AFTER UPDATE OF "status", "userId", "submittedAt", "farmLatitude", "farmLongitude" ON "ProtectionApplication"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_paddocks_changed"();
CREATE CONSTRAINT TRIGGER "live_paddocks_paddock_written" AFTER INSERT OR UPDATE OR DELETE ON "ProtectionPaddock"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_paddocks_changed"();
