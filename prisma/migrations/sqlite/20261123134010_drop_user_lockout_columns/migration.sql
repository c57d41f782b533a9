-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "phone" TEXT,
    "address" TEXT,
    "businessName" TEXT,
    "abn" TEXT,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isBroker" BOOLEAN NOT NULL DEFAULT false,
    "permissions" JSONB NOT NULL,
    "allowMarketing" BOOLEAN NOT NULL DEFAULT false,
    "referredByCode" TEXT,
    "emailVerifiedAt" DATETIME,
    "pendingEmail" TEXT,
    "sessionsValidFrom" DATETIME,
    "brokerId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_brokerId_fkey" FOREIGN KEY ("brokerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_User" ("abn", "address", "allowMarketing", "brokerId", "businessName", "createdAt", "email", "emailVerifiedAt", "firstName", "id", "isAdmin", "isBroker", "lastName", "passwordHash", "pendingEmail", "permissions", "phone", "referredByCode", "sessionsValidFrom", "updatedAt") SELECT "abn", "address", "allowMarketing", "brokerId", "businessName", "createdAt", "email", "emailVerifiedAt", "firstName", "id", "isAdmin", "isBroker", "lastName", "passwordHash", "pendingEmail", "permissions", "phone", "referredByCode", "sessionsValidFrom", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_brokerId_idx" ON "User"("brokerId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
