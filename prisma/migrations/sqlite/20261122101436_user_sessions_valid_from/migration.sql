-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionsValidFrom" DATETIME;
