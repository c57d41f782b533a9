-- CreateTable
CREATE TABLE "ProtectionCertificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "code" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "standingFor" TEXT,
    "holderName" TEXT NOT NULL,
    "season" TEXT NOT NULL,
    "coverageDescription" TEXT NOT NULL,
    "paddockCount" INTEGER NOT NULL,
    "hectares" REAL NOT NULL,
    "valueCents" INTEGER NOT NULL,
    "coverStartedAt" DATETIME NOT NULL,
    "endsOn" TEXT NOT NULL,
    "issuedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" DATETIME,
    "withdrawnById" TEXT,
    "withdrawnReason" TEXT,
    CONSTRAINT "ProtectionCertificate_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionCertificate_code_key" ON "ProtectionCertificate"("code");

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionCertificate_standingFor_key" ON "ProtectionCertificate"("standingFor");

-- CreateIndex
CREATE INDEX "ProtectionCertificate_applicationId_issuedAt_idx" ON "ProtectionCertificate"("applicationId", "issuedAt");
