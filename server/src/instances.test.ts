/**
 * Two instances of the real server on one PostgreSQL database and one Redis, as behind a load
 * balancer: what a person sees must not depend on which one answers. Runs under `npm run test:pg`
 * (TEST_DATABASE=postgresql); Redis at REDIS_URL or 127.0.0.1:6379.
 */
import { randomBytes } from 'node:crypto';
import type { PricingModel } from '@shared/contracts/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer, stopServer } from './testing/server-process';
import { Visitor } from './testing/visitor';
import { createTestDatabaseUrl } from './testing/test-database';

// Redis keeps sign-in counts between runs (15 minutes): a new administrator address each run.
const ADMIN = { email: `two.instances.${randomBytes(4).toString('hex')}@example.com`, password: 'a-long-admin-password-for-two' };
const SIGN_IN_LIMIT = 3;

const signedInEmail = async (visitor: Visitor, server: RunningServer) => ((await visitor.call(server, 'GET', '/api/auth/session')).body['user'] as { email?: string } | undefined)?.email;

describe.runIf(process.env.TEST_DATABASE === 'postgresql')('two instances on one PostgreSQL and one Redis', { timeout: 180_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      SESSION_SECRET: 'one-secret-shared-by-both-instances-of-the-site',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Redis keeps counts between runs: the per-address limit is out of the way, the per-account one is tested with a new address each run.
      RATE_LIMITS: `signInPerAddress=1000/15m,signInPerAccount=${SIGN_IN_LIMIT}/15m`,
    };
    // The first migrates the new database; the second then finds nothing to do.
    first = await startServer(env);
    second = await startServer(env);
  });
  afterAll(async () => {
    await Promise.all([first && stopServer(first), second && stopServer(second)]);
    await database?.drop();
  });

  it('honours a session made on one instance on the other, and a sign-out on the other ends it on both', async () => {
    const visitor = new Visitor();
    expect((await visitor.signIn(first, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect(await signedInEmail(visitor, second)).toBe(ADMIN.email);

    await visitor.refreshCsrf(second);
    expect((await visitor.call(second, 'POST', '/api/auth/signout', {})).status).toBe(200);
    expect(await signedInEmail(visitor, first)).toBeUndefined();
    expect(await signedInEmail(visitor, second)).toBeUndefined();
  });

  it(`refuses sign-in attempt ${SIGN_IN_LIMIT + 1} for an account whichever instance answers`, async () => {
    const visitor = new Visitor();
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const instances = [first, second, first, second];
    const statuses: number[] = [];
    for (const server of instances) {
      await visitor.refreshCsrf(server);
      statuses.push((await visitor.call(server, 'POST', '/api/auth/signin', { email, password: 'not the password at all' })).status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT)).not.toContain(429);
    expect(statuses[SIGN_IN_LIMIT]).toBe(429);
  });

  it("prices with a zone's new rate on the other instance within a second of the change", async () => {
    const admin = new Visitor();
    expect((await admin.signIn(first, ADMIN.email, ADMIN.password)).status).toBe(200);
    const quote = { coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] };
    const zoneRateOn = async (server: RunningServer) => {
      await admin.refreshCsrf(server);
      const response = await admin.call(server, 'POST', '/api/pricing/calculate', quote);
      expect(response.status).toBe(200);
      return (response.body['breakdown'] as Array<{ zoneRatePercent: number }>)[0]!.zoneRatePercent;
    };
    // The second instance has the model in its cache before the change.
    const before = await zoneRateOn(second);
    const { model } = (await admin.call(first, 'GET', '/api/admin/pricing')).body as { model: PricingModel };
    const cwb = model.zones.find((zone) => zone.code === 'CWB')!;
    const newRate = Math.round((before + 0.25) * 100) / 100;
    await admin.refreshCsrf(first);
    const changed = await admin.call(first, 'PUT', '/api/admin/pricing/zones/CWB', { hailRate: newRate, fireRate: cwb.fireRate, bothRate: Math.round((newRate + cwb.fireRate / 2) * 100) / 100 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const changedAt = Date.now();

    let seen = before;
    while (seen !== newRate && Date.now() - changedAt < 5_000) seen = await zoneRateOn(second);
    expect(seen).toBe(newRate);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });
});
