-- CreateTable
CREATE TABLE "LivePaddocksVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The one row the triggers count in (schema: LivePaddocksVersion).
INSERT INTO "LivePaddocksVersion" ("id", "version") VALUES (1, 0);

-- Every write of what a warning is matched against adds one: a paddock written in any way, an
-- application added or removed, or its status, member, submission time or farm location changed.
CREATE TRIGGER "live_paddocks_application_added" AFTER INSERT ON "ProtectionApplication"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "live_paddocks_application_removed" AFTER DELETE ON "ProtectionApplication"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "live_paddocks_application_changed" AFTER UPDATE OF "status", "userId", "submittedAt", "farmLatitude", "farmLongitude" ON "ProtectionApplication"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "live_paddocks_paddock_added" AFTER INSERT ON "ProtectionPaddock"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "live_paddocks_paddock_removed" AFTER DELETE ON "ProtectionPaddock"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "live_paddocks_paddock_changed" AFTER UPDATE ON "ProtectionPaddock"
BEGIN UPDATE "LivePaddocksVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
