import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import type { Permission } from '@shared/constants';
import type { Database } from '../db/client';
import { hashPassword } from '../lib/password';
import { decodeQuotedPrintable, verificationCodeIn } from './mail-text';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export interface TestUserOptions {
  email: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  isBroker?: boolean;
  permissions?: Permission[];
  brokerId?: string | null;
  referredByCode?: string | null;
  /** Makes the user a referrer partner with this code. */
  referrerCode?: string;
}

/** A user who signs in with TEST_PASSWORD (hashed once per test file: argon2 is slow on purpose). */
export async function createTestUser(db: Database, options: TestUserOptions) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const user = await db.user.create({
    data: {
      email: options.email,
      passwordHash: await passwordHash,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
      isAdmin: options.isAdmin ?? false,
      isBroker: options.isBroker ?? false,
      permissions: options.permissions ?? (options.isAdmin ? ['admin'] : []),
      brokerId: options.brokerId ?? null,
      referredByCode: options.referredByCode ?? null,
      emailVerifiedAt: new Date(),
    },
  });
  if (options.referrerCode) await db.referrer.create({ data: { userId: user.id, code: options.referrerCode, organisation: 'Wheatbelt Agronomy' } });
  return user;
}

export type TestAgent = ReturnType<typeof request.agent>;

/** A cookie-keeping client that sends a CSRF token it fetched, as the renderer's apiRequest does. */
export async function csrfAgent(app: Express): Promise<TestAgent> {
  const agent = request.agent(app);
  await refreshCsrf(agent);
  return agent;
}

/** The session id changes at sign-in, and the CSRF token is bound to it: fetch a new one. */
export async function refreshCsrf(agent: TestAgent): Promise<string> {
  const response = await agent.get('/api/auth/csrf');
  const token = response.body.csrfToken as string;
  agent.set('X-CSRF-Token', token);
  return token;
}

/** A client signed in as this user through the JSON sign-in call, with a CSRF token for the new session. */
export async function signedInAgent(app: Express, email: string, password = TEST_PASSWORD): Promise<TestAgent> {
  const agent = await csrfAgent(app);
  const response = await agent.post('/api/auth/signin').send({ email, password });
  if (response.status !== 200) throw new Error(`Sign-in as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  await refreshCsrf(agent);
  return agent;
}

/** Undoes the quoted-printable body encoding nodemailer uses, so links and codes read as sent. */
/**
 * Signs someone in to a production server (HTTPS behind a proxy: the session cookie is Secure and
 * __Host- prefixed, which supertest's agent will not send over http) and answers a caller that
 * makes each request as them.
 */
export async function httpsSignedInCaller(app: Express, email: string, password = TEST_PASSWORD) {
  const https = (test: request.Test) => test.set('X-Forwarded-Proto', 'https').set('Sec-Fetch-Site', 'same-origin');
  const signedIn = await https(request(app).post('/api/auth/signin')).send({ email, password });
  if (signedIn.status !== 200) throw new Error(`Sign-in of ${email} answered ${signedIn.status}: ${signedIn.text}`);
  const cookie = ([] as string[])
    .concat(signedIn.headers['set-cookie'] ?? [])
    .map((value) => value.split(';')[0]!)
    .filter((value) => value.startsWith('__Host-grain.sid='));
  if (cookie.length !== 1) throw new Error('The production session cookie (__Host-grain.sid) was not set');
  return (method: 'get' | 'post' | 'put', path: string) => https(request(app)[method](path)).set('Cookie', cookie);
}

/** The newest e-mail to this address now (that contains `containing`, when given); for one sent before the answer (a code), or to see that none came. */
export function latestEmailTo(outboxDir: string, address: string, containing?: string): string {
  const files = existsSync(outboxDir)
    ? readdirSync(outboxDir)
        .filter((file) => file.endsWith('.eml'))
        .sort()
    : [];
  for (const file of files.reverse()) {
    const text = readFileSync(join(outboxDir, file), 'utf8');
    if (!new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
    const mail = decodeQuotedPrintable(text);
    if (containing === undefined || mail.includes(containing)) return mail;
  }
  throw new Error(`No e-mail to ${address}${containing === undefined ? '' : ` containing ${containing}`} in ${outboxDir}`);
}

/**
 * The newest e-mail to this address (that contains `containing`, when given), waiting up to 5 s for
 * one: e-mail goes through the job queue, so it arrives just after the answer, and others to the same
 * address may arrive beside it.
 */
export async function waitForEmailTo(outboxDir: string, address: string, containing?: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return latestEmailTo(outboxDir, address, containing);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The 6-digit code of the newest verification e-mail to this address. */
export function latestCodeTo(outboxDir: string, address: string): string {
  const code = verificationCodeIn(latestEmailTo(outboxDir, address));
  if (!code) throw new Error(`No code in the newest e-mail to ${address}`);
  return code;
}

/** Waits (up to 5 s) until the mail queue has sent everything written so far; for a test app whose queue runs. */
export async function allMailSent({ db }: { db: Database }): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await db.queuedEmail.count({ where: { status: { in: ['pending', 'sending'] } } })) > 0) {
    if (Date.now() > deadline)
      throw new Error(
        `E-mail still queued after 5 s: ${JSON.stringify(await db.queuedEmail.findMany({ where: { status: { in: ['pending', 'sending'] } }, select: { subject: true, status: true, lastError: true } }))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
