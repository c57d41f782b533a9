-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SupportSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "adminUserId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "customerName" TEXT NOT NULL,
    "permissionLevel" TEXT NOT NULL DEFAULT 'read',
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" DATETIME,
    "durationMs" REAL
);
INSERT INTO "new_SupportSession" ("adminUserId", "customerId", "customerName", "durationMs", "endedAt", "id", "permissionLevel", "startedAt") SELECT "adminUserId", "customerId", "customerName", "durationMs", "endedAt", "id", "permissionLevel", "startedAt" FROM "SupportSession";
DROP TABLE "SupportSession";
ALTER TABLE "new_SupportSession" RENAME TO "SupportSession";
CREATE INDEX "SupportSession_adminUserId_endedAt_idx" ON "SupportSession"("adminUserId", "endedAt");
CREATE TABLE "new_Invoice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "issueKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "season" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "subtotalCents" REAL NOT NULL,
    "gstCents" REAL NOT NULL,
    "totalCents" REAL NOT NULL,
    "issuedAt" DATETIME NOT NULL,
    "paymentOption" TEXT NOT NULL DEFAULT 'pay_now',
    "paymentOptionSetAt" DATETIME,
    "documentFileId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Invoice" ("applicationId", "createdAt", "documentFileId", "gstCents", "id", "issueKey", "issuedAt", "kind", "lines", "number", "paymentOption", "paymentOptionSetAt", "season", "subtotalCents", "totalCents", "updatedAt", "userId") SELECT "applicationId", "createdAt", "documentFileId", "gstCents", "id", "issueKey", "issuedAt", "kind", "lines", "number", "paymentOption", "paymentOptionSetAt", "season", "subtotalCents", "totalCents", "updatedAt", "userId" FROM "Invoice";
DROP TABLE "Invoice";
ALTER TABLE "new_Invoice" RENAME TO "Invoice";
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");
CREATE UNIQUE INDEX "Invoice_issueKey_key" ON "Invoice"("issueKey");
CREATE INDEX "Invoice_userId_issuedAt_idx" ON "Invoice"("userId", "issuedAt");
CREATE TABLE "new_InvoicePayment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT NOT NULL,
    "receiptNumber" TEXT NOT NULL,
    "amountCents" REAL NOT NULL,
    "receivedOn" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT,
    "recordedById" TEXT NOT NULL,
    "receiptFileId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reversalRequestedAt" DATETIME,
    "reversalRequestedById" TEXT,
    "reversalReason" TEXT,
    "reversedAt" DATETIME,
    "reversedById" TEXT,
    CONSTRAINT "InvoicePayment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_InvoicePayment" ("amountCents", "createdAt", "id", "invoiceId", "method", "receiptFileId", "receiptNumber", "receivedOn", "recordedById", "reference", "reversalReason", "reversalRequestedAt", "reversalRequestedById", "reversedAt", "reversedById") SELECT "amountCents", "createdAt", "id", "invoiceId", "method", "receiptFileId", "receiptNumber", "receivedOn", "recordedById", "reference", "reversalReason", "reversalRequestedAt", "reversalRequestedById", "reversedAt", "reversedById" FROM "InvoicePayment";
DROP TABLE "InvoicePayment";
ALTER TABLE "new_InvoicePayment" RENAME TO "InvoicePayment";
CREATE UNIQUE INDEX "InvoicePayment_receiptNumber_key" ON "InvoicePayment"("receiptNumber");
CREATE INDEX "InvoicePayment_invoiceId_idx" ON "InvoicePayment"("invoiceId");
CREATE TABLE "new_Claim" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "peril" TEXT NOT NULL,
    "eventDate" TEXT NOT NULL,
    "affectedPaddocks" JSONB NOT NULL,
    "estimatedLossCents" REAL NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'lodged',
    "lodgedById" TEXT NOT NULL,
    "alertEventId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Claim_alertEventId_fkey" FOREIGN KEY ("alertEventId") REFERENCES "AlertEvent" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Claim" ("affectedPaddocks", "alertEventId", "applicationId", "createdAt", "description", "estimatedLossCents", "eventDate", "id", "lodgedById", "peril", "reference", "status", "updatedAt", "userId") SELECT "affectedPaddocks", "alertEventId", "applicationId", "createdAt", "description", "estimatedLossCents", "eventDate", "id", "lodgedById", "peril", "reference", "status", "updatedAt", "userId" FROM "Claim";
DROP TABLE "Claim";
ALTER TABLE "new_Claim" RENAME TO "Claim";
CREATE UNIQUE INDEX "Claim_reference_key" ON "Claim"("reference");
CREATE INDEX "Claim_userId_createdAt_idx" ON "Claim"("userId", "createdAt");
CREATE INDEX "Claim_applicationId_idx" ON "Claim"("applicationId");
CREATE INDEX "Claim_status_createdAt_idx" ON "Claim"("status", "createdAt");
CREATE INDEX "Claim_alertEventId_idx" ON "Claim"("alertEventId");
CREATE TABLE "new_ApplicationDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "ruleName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rate" REAL NOT NULL,
    "amountCents" REAL NOT NULL,
    "description" TEXT NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApplicationDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ApplicationDiscount" ("amountCents", "applicationId", "createdAt", "description", "id", "kind", "modelVersion", "rate", "ruleId", "ruleName") SELECT "amountCents", "applicationId", "createdAt", "description", "id", "kind", "modelVersion", "rate", "ruleId", "ruleName" FROM "ApplicationDiscount";
DROP TABLE "ApplicationDiscount";
ALTER TABLE "new_ApplicationDiscount" RENAME TO "ApplicationDiscount";
CREATE INDEX "ApplicationDiscount_applicationId_idx" ON "ApplicationDiscount"("applicationId");
CREATE INDEX "ApplicationDiscount_ruleId_idx" ON "ApplicationDiscount"("ruleId");
CREATE TABLE "new_ManualDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "applicationId" TEXT NOT NULL,
    "amountCents" REAL NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedById" TEXT NOT NULL,
    "requestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "decisionNote" TEXT,
    "revokedById" TEXT,
    "revokedAt" DATETIME,
    "revokeReason" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ManualDiscount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ManualDiscount" ("amountCents", "applicationId", "decidedAt", "decidedById", "decisionNote", "id", "reason", "requestedAt", "requestedById", "revokeReason", "revokedAt", "revokedById", "status", "updatedAt") SELECT "amountCents", "applicationId", "decidedAt", "decidedById", "decisionNote", "id", "reason", "requestedAt", "requestedById", "revokeReason", "revokedAt", "revokedById", "status", "updatedAt" FROM "ManualDiscount";
DROP TABLE "ManualDiscount";
ALTER TABLE "new_ManualDiscount" RENAME TO "ManualDiscount";
CREATE INDEX "ManualDiscount_applicationId_idx" ON "ManualDiscount"("applicationId");
CREATE INDEX "ManualDiscount_status_requestedAt_idx" ON "ManualDiscount"("status", "requestedAt");
CREATE TABLE "new_ProtectionCertificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "code" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "standingFor" TEXT,
    "holderName" TEXT NOT NULL,
    "season" TEXT NOT NULL,
    "coverageDescription" TEXT NOT NULL,
    "paddockCount" INTEGER NOT NULL,
    "hectares" REAL NOT NULL,
    "valueCents" REAL NOT NULL,
    "coverStartedAt" DATETIME NOT NULL,
    "endsOn" TEXT NOT NULL,
    "issuedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" DATETIME,
    "withdrawnById" TEXT,
    "withdrawnReason" TEXT,
    CONSTRAINT "ProtectionCertificate_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "ProtectionApplication" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProtectionCertificate" ("applicationId", "code", "coverStartedAt", "coverageDescription", "endsOn", "hectares", "holderName", "id", "issuedAt", "paddockCount", "season", "standingFor", "valueCents", "withdrawnAt", "withdrawnById", "withdrawnReason") SELECT "applicationId", "code", "coverStartedAt", "coverageDescription", "endsOn", "hectares", "holderName", "id", "issuedAt", "paddockCount", "season", "standingFor", "valueCents", "withdrawnAt", "withdrawnById", "withdrawnReason" FROM "ProtectionCertificate";
DROP TABLE "ProtectionCertificate";
ALTER TABLE "new_ProtectionCertificate" RENAME TO "ProtectionCertificate";
CREATE UNIQUE INDEX "ProtectionCertificate_code_key" ON "ProtectionCertificate"("code");
CREATE UNIQUE INDEX "ProtectionCertificate_standingFor_key" ON "ProtectionCertificate"("standingFor");
CREATE INDEX "ProtectionCertificate_applicationId_issuedAt_idx" ON "ProtectionCertificate"("applicationId", "issuedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
