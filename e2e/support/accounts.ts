import { type APIRequestContext, type Browser, expect, type Page, request as requests } from '@playwright/test';
import Database from 'better-sqlite3';
import { e2eDatabaseFile } from '../../playwright.config';
import { codeFromOutbox } from './outbox';

/** The administrator playwright.config.ts creates at start-up: it only grants the role to each test's own. */
const STARTUP_ADMIN = { email: 'admin@grainmutual.example', password: 'e2e-admin-password-long' };
export const MEMBER_PASSWORD = 'stubble burning after harvest';

export interface RegisteredMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  password: string;
}

/**
 * A member registered through the API exactly as the registration page does it (code from the
 * outbox, same-origin proof by Origin); the request context is signed in as them afterwards.
 */
export async function registerMember(request: APIRequestContext, baseURL: string, firstName: string, lastName: string, password = MEMBER_PASSWORD): Promise<RegisteredMember> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = { Origin: baseURL };
  const sent = await request.post('/api/auth/email-verification/send', { headers, data: { email, firstName, lastName } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post('/api/auth/email-verification/verify', { headers, data: { email, code: await codeFromOutbox(email) } });
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const registered = await request.post('/api/auth/register', { headers, data: { firstName, lastName, email, phone: '0412 345 678', password, verificationToken } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  return { id: user.id, email, firstName, lastName, name: `${firstName} ${lastName}`, password };
}

/**
 * An administrator of the test's own: registered like any member, then given the administrator role
 * by the administrator the server starts with (as staff would through User Management). A test that
 * reads admin lists (the security log, the members) finds its own rows by its own name and address,
 * whatever other tests running beside it do.
 */
export async function registerAdministrator(baseURL: string, firstName: string, lastName: string): Promise<RegisteredMember> {
  const headers = { Origin: baseURL };
  const own = await requests.newContext({ baseURL });
  const administrator = await registerMember(own, baseURL, firstName, lastName);
  await own.dispose();
  const granting = await requests.newContext({ baseURL });
  expect((await granting.post('/api/auth/signin', { headers, data: STARTUP_ADMIN })).status()).toBe(200);
  const granted = await granting.put(`/api/admin/users/${administrator.id}/roles`, { headers, data: { isAdmin: true } });
  expect(granted.status(), await granted.text()).toBe(200);
  await granting.dispose();
  return administrator;
}

/**
 * An administrator made today is not yet a second person for another's change (maker-checker,
 * docs/security.md), so a spec that needs one dates the grant in the security log 31 days back, as
 * if made last month.
 */
export function adminGrantedLastMonth(baseURL: string, userId: string) {
  const db = new Database(e2eDatabaseFile(baseURL));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`UPDATE "SecurityEvent" SET "createdAt" = "createdAt" - ? WHERE "userId" = ? AND "type" = 'role_changed'`).run(31 * 86_400_000, userId);
  } finally {
    db.close();
  }
}

/** A browser context signed in through the JSON sign-in call; map tiles refused at once (no network here). */
export async function signedInContext(browser: Browser, baseURL: string, email: string, password = MEMBER_PASSWORD) {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/signin', { data: { email, password }, headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  return context;
}

/**
 * A browser context signed in as an administrator of its own, for set-up outside a test (a
 * `beforeAll`, a helper), where the `administrator` fixture is not at hand.
 */
export async function administratorContext(browser: Browser, baseURL: string, lastName = 'Setup') {
  const administrator = await registerAdministrator(baseURL, 'Staff', lastName);
  return signedInContext(browser, baseURL, administrator.email, administrator.password);
}

/** Signs in through the sign-in page and lands on `path`, as a person would. */
export async function signInThroughPage(page: Page, path: string, { email, password }: { email: string; password: string }) {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}
