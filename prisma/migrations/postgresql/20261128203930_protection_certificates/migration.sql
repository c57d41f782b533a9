-- CreateTable
CREATE TABLE "ProtectionCertificate" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "standingFor" TEXT,
    "holderName" TEXT NOT NULL,
    "season" TEXT NOT NULL,
    "coverageDescription" TEXT NOT NULL,
    "paddockCount" INTEGER NOT NULL,
    "hectares" DOUBLE PRECISION NOT NULL,
    "valueCents" INTEGER NOT NULL,
    "coverStartedAt" TIMESTAMP(3) NOT NULL,
    "endsOn" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" TIMESTAMP(3),
    "withdrawnById" TEXT,
    "withdrawnReason" TEXT,

    CONSTRAINT "ProtectionCertificate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionCertificate_code_key" ON "ProtectionCertificate"("code");

-- CreateIndex
CREATE UNIQUE INDEX "ProtectionCertificate_standingFor_key" ON "ProtectionCertificate"("standingFor");

-- CreateIndex
CREATE INDEX "ProtectionCertificate_applicationId_issuedAt_idx" ON "ProtectionCertificate"("applicationId", "issuedAt");

-- AddForeignKey
ALTER TABLE "ProtectionCertificate" ADD CONSTRAINT "ProtectionCertificate_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication"("id") ON DELETE CASCADE ON UPDATE CASCADE;
