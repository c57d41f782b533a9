import type { Request } from 'express';
import type { SecurityEventType } from '@shared/contracts/accounts';
import type { DatabaseWriter } from '../../db/client';

/**
 * The security log the administrators' security-logs page reads: sign-in successes and failures,
 * lockouts, password and role changes, support mode. Details never hold passwords or codes.
 */
export async function recordSecurityEvent(
  db: DatabaseWriter,
  req: Request,
  type: SecurityEventType,
  { userId, email, details = {} }: { userId?: string | null; email?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.securityEvent.create({
    data: {
      type,
      userId: userId ?? null,
      email: email ?? null,
      ip: req.ip ?? null,
      userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
      details: details as object,
    },
  });
}
