import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, DATABASE_URL: 'file:./data/app.db', MAIL_OUTBOX_DIR: './data/outbox', RATE_LIMIT_DISABLED: false });
  });

  it('reads rate limit overrides over the defaults', () => {
    const { RATE_LIMITS } = parseEnv({ RATE_LIMITS: 'contactPerAddress=50/1h' });
    expect(RATE_LIMITS.contactPerAddress).toEqual({ limit: 50, windowMs: 3_600_000 });
    expect(RATE_LIMITS.signInPerAddress).toEqual({ limit: 30, windowMs: 900_000 });
  });

  it('accepts PostgreSQL URLs', () => {
    expect(parseEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/app' }).DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/app');
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with file:, postgres:\/\/ or postgresql:\/\//);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
    expect(() => parseEnv({ RATE_LIMITS: 'contactPerAddress=ten/1m' })).toThrow(/RATE_LIMITS: 'contactPerAddress=ten\/1m' is not/);
  });

  it('refuses a production configuration without PUBLIC_URL, naming the variable', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: is required when NODE_ENV=production/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://members.grainmutual.example' }).PUBLIC_URL).toBe('https://members.grainmutual.example');
    expect(parseEnv({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });
});
