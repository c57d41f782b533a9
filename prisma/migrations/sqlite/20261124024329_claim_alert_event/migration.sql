-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Claim" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "peril" TEXT NOT NULL,
    "eventDate" TEXT NOT NULL,
    "affectedPaddocks" JSONB NOT NULL,
    "estimatedLossCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'lodged',
    "lodgedById" TEXT NOT NULL,
    "alertEventId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Claim_alertEventId_fkey" FOREIGN KEY ("alertEventId") REFERENCES "AlertEvent" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Claim" ("affectedPaddocks", "applicationId", "createdAt", "description", "estimatedLossCents", "eventDate", "id", "lodgedById", "peril", "reference", "status", "updatedAt", "userId") SELECT "affectedPaddocks", "applicationId", "createdAt", "description", "estimatedLossCents", "eventDate", "id", "lodgedById", "peril", "reference", "status", "updatedAt", "userId" FROM "Claim";
DROP TABLE "Claim";
ALTER TABLE "new_Claim" RENAME TO "Claim";
CREATE UNIQUE INDEX "Claim_reference_key" ON "Claim"("reference");
CREATE INDEX "Claim_userId_createdAt_idx" ON "Claim"("userId", "createdAt");
CREATE INDEX "Claim_applicationId_idx" ON "Claim"("applicationId");
CREATE INDEX "Claim_status_createdAt_idx" ON "Claim"("status", "createdAt");
CREATE INDEX "Claim_alertEventId_idx" ON "Claim"("alertEventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
