import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteAddress } from '../../lib/site-url';
import { createTestUser, waitForEmailTo } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A reset requested with a forged Host must not mail a link to the forger's site. */
async function resetLinkFor(testApp: TestApp, email: string): Promise<string> {
  // Sec-Fetch-Site proves a same-origin request without cookies (an https PUBLIC_URL makes them Secure).
  const response = await request(testApp.app)
    .post('/api/auth/password-reset/request')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Host', 'attacker.example')
    .set('X-Forwarded-Host', 'attacker.example')
    .set('X-Forwarded-Proto', 'https')
    .send({ email });
  expect(response.status).toBe(200);
  const link = /(\S+\/auth\/reset-password\?token=[\w-]+)/.exec(await waitForEmailTo(testApp.env.MAIL_OUTBOX_DIR, email))?.[1];
  if (!link) throw new Error('no reset link in the e-mail');
  return link;
}

describe('e-mailed links never come from the request', () => {
  let withPublicUrl: TestApp;
  let withoutPublicUrl: TestApp;
  beforeAll(async () => {
    withPublicUrl = await createTestApp({ PUBLIC_URL: 'https://members.grainmutual.example', TRUST_PROXY: '1' });
    withoutPublicUrl = await createTestApp({ HOST: '127.0.0.1', PORT: '3456', TRUST_PROXY: '1' });
    await createTestUser(withPublicUrl.db, { email: 'grower@example.com' });
    await createTestUser(withoutPublicUrl.db, { email: 'grower@example.com' });
  });
  afterAll(async () => {
    await withPublicUrl.close();
    await withoutPublicUrl.close();
  });

  it('mails a reset link to PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    const link = await resetLinkFor(withPublicUrl, 'grower@example.com');
    expect(link).toMatch(/^https:\/\/members\.grainmutual\.example\/auth\/reset-password\?token=[\w-]{43}$/);
  });

  it('mails a link to the listening address when PUBLIC_URL is not set', async () => {
    const link = await resetLinkFor(withoutPublicUrl, 'grower@example.com');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3456\/auth\/reset-password\?token=/);
  });

  it('lists next-auth provider URLs on the site address, not the Host of the request', async () => {
    const response = await request(withPublicUrl.app).get('/api/auth/providers').set('Host', 'attacker.example');
    expect(response.body.credentials.signinUrl).toBe('https://members.grainmutual.example/api/auth/signin/credentials');
  });
});

describe('createSiteAddress', () => {
  it('uses the port actually bound once the server listens (PORT=0)', () => {
    const site = createSiteAddress({ HOST: '0.0.0.0', PORT: 0, PUBLIC_URL: undefined });
    site.listening({ address: '0.0.0.0', family: 'IPv4', port: 41234 });
    expect(site.origin()).toBe('http://localhost:41234');
  });

  it('keeps PUBLIC_URL (its origin) whatever the server listens on', () => {
    const site = createSiteAddress({ HOST: '::1', PORT: 0, PUBLIC_URL: 'https://members.grainmutual.example/app/' });
    site.listening({ address: '::1', family: 'IPv6', port: 41234 });
    expect(site.origin()).toBe('https://members.grainmutual.example');
    expect(createSiteAddress({ HOST: '::1', PORT: 8080, PUBLIC_URL: undefined }).origin()).toBe('http://[::1]:8080');
  });
});
