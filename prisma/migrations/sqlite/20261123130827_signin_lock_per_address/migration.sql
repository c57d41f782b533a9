-- CreateTable
CREATE TABLE "SignInLock" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "SignInLock_updatedAt_idx" ON "SignInLock"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SignInLock_email_address_key" ON "SignInLock"("email", "address");
