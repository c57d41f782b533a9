import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { hashPassword } from '../../lib/password';

/**
 * On a fresh install the first administrator comes from ADMIN_EMAIL and ADMIN_PASSWORD. Once any
 * administrator exists this does nothing: further administrators are granted by an administrator.
 */
export async function bootstrapAdministrator(db: Database, logger: Logger, credentials: { email?: string; password?: string }) {
  const { email, password } = credentials;
  if (!email || !password) return undefined;
  if ((await db.user.count({ where: { isAdmin: true } })) > 0) return undefined;
  const normalisedEmail = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const admin = await db.user.upsert({
    where: { email: normalisedEmail },
    create: { email: normalisedEmail, passwordHash, firstName: 'Administrator', lastName: '', isAdmin: true, permissions: ['admin'], emailVerifiedAt: new Date() },
    update: { isAdmin: true, permissions: ['admin'], passwordHash },
  });
  logger.info({ email: normalisedEmail }, 'first administrator created from ADMIN_EMAIL');
  return admin;
}
