-- AlterTable
ALTER TABLE "AlertMatch" ADD COLUMN     "toldBefore" BOOLEAN NOT NULL DEFAULT false;
