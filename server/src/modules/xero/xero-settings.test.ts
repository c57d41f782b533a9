import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { xeroSettings, xeroStartupWarning } from './xero-client';

const app = { XERO_CLIENT_ID: 'client', XERO_CLIENT_SECRET: 'secret', XERO_REDIRECT_URI: 'https://members.grainmutual.example/api/admin/xero/callback' };
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://members.grainmutual.example' };

describe('the key Xero’s tokens are encrypted with', () => {
  it('is missing in production when neither XERO_TOKEN_KEY nor SESSION_SECRET is set: the generated secret lives in the data folder', () => {
    expect(xeroSettings(parseEnv({ ...production, ...app })).missing).toEqual(['XERO_TOKEN_KEY']);
    expect(xeroSettings(parseEnv({ ...production, ...app, XERO_TOKEN_KEY: '' })).settings).toBeNull();
    // Named with the app's own variables when those are missing too.
    expect(xeroSettings(parseEnv(production)).missing).toEqual(['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI', 'XERO_TOKEN_KEY']);
  });

  it('is there with XERO_TOKEN_KEY, or with a SESSION_SECRET set by hand, and outside production', () => {
    expect(xeroSettings(parseEnv({ ...production, ...app, XERO_TOKEN_KEY: 'a-long-random-key' })).missing).toEqual([]);
    expect(xeroSettings(parseEnv({ ...production, ...app, SESSION_SECRET: 'a-long-random-secret' })).missing).toEqual([]);
    expect(xeroSettings(parseEnv({ ...app })).missing).toEqual([]);
    expect(xeroSettings(parseEnv({ NODE_ENV: 'test', ...app })).settings).not.toBeNull();
  });

  it('is a warning at start-up in production without either, naming the variable', () => {
    expect(xeroStartupWarning(parseEnv(production))).toMatch(/XERO_TOKEN_KEY/);
    expect(xeroStartupWarning(parseEnv({ ...production, ...app }))).toMatch(/^Neither XERO_TOKEN_KEY nor SESSION_SECRET is set: Xero cannot be connected/);
    expect(xeroStartupWarning(parseEnv({ ...production, XERO_TOKEN_KEY: 'a-long-random-key' }))).toBeUndefined();
    expect(xeroStartupWarning(parseEnv({ ...production, SESSION_SECRET: 'a-long-random-secret' }))).toBeUndefined();
    expect(xeroStartupWarning(parseEnv({}))).toBeUndefined();
  });
});
