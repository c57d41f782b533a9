-- CreateTable
CREATE TABLE "SignInLock" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInLock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignInLock_updatedAt_idx" ON "SignInLock"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SignInLock_email_address_key" ON "SignInLock"("email", "address");
