/** Single-use password reset links: made here for the reset page, an administrator's new referrer account and staff's "send a reset link". */
import { randomBytes } from 'node:crypto';
import type { Database, DatabaseWriter } from '../../db/client';
import { tokenHash } from './email-verification.service';

export const PASSWORD_RESET_VALID_MS = 60 * 60_000;
/** Referrer accounts are created by an administrator and choose their first password this way. */
export const FIRST_PASSWORD_LINK_VALID_MS = 7 * 24 * 60 * 60_000;

/** A new single-use reset link for the user; earlier unused links stop working. */
export async function createPasswordResetLink(db: Database, userId: string, origin: string, validMs: number): Promise<string> {
  // The new link replaces every earlier one: both or neither.
  return db.$transaction((tx) => issuePasswordResetLink(tx, userId, origin, validMs));
}

/** As createPasswordResetLink, inside the caller's transaction (which makes the two writes one). */
export async function issuePasswordResetLink(tx: DatabaseWriter, userId: string, origin: string, validMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.passwordResetToken.create({ data: { userId, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + validMs) } });
  return `${origin}/auth/reset-password?token=${token}`;
}
