import { z } from 'zod';
import { parseRateLimits } from './rate-limits';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Every environment variable the server reads; README's table is written from this schema. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default('file:./data/app.db')
      .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), 'must start with file:, postgres:// or postgresql://'),
    SESSION_SECRET: optionalText,
    TRUST_PROXY: optionalText,
    /** The address people use to reach the site; every link the server writes (e-mails above all) starts with it. Required in production. */
    PUBLIC_URL: z.url().optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    REDIS_URL: optionalText,
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('Grain Growers Mutual <no-reply@grainmutual.example>'),
    MAIL_OUTBOX_DIR: z.string().default('./data/outbox'),
    STAFF_EMAIL: z.email().default('members@grainmutual.example'),
    /** The registered name and numbers the public footer's warning text carries. */
    BUSINESS_LEGAL_NAME: z.string().min(1).default('Grain Growers Mutual Limited'),
    BUSINESS_ABN: z
      .string()
      .default('51 824 753 556')
      .refine((value) => /^\d{11}$/.test(value.replace(/\s/g, '')), 'must be an ABN of 11 digits'),
    BUSINESS_ACN: z
      .string()
      .default('000 000 019')
      .refine((value) => /^\d{9}$/.test(value.replace(/\s/g, '')), 'must be an ACN of 9 digits'),
    /** How members pay (every invoice and the payments page, docs/dashboard.md "How to pay"): EFT to this account, BPAY with this biller code. */
    PAYMENT_ACCOUNT_NAME: optionalText,
    PAYMENT_BSB: optionalText.refine((value) => value === undefined || /^\d{3}-?\d{3}$/.test(value), 'must be a BSB of 6 digits, like 036-001'),
    PAYMENT_ACCOUNT_NUMBER: optionalText.refine((value) => value === undefined || /^\d{5,10}$/.test(value), 'must be an account number of 5 to 10 digits'),
    BPAY_BILLER_CODE: optionalText.refine((value) => value === undefined || /^\d{4,10}$/.test(value), 'must be a biller code of 4 to 10 digits'),
    RATE_LIMIT_DISABLED: flag,
    /** Overrides of the account rate limits, e.g. 'signInPerAddress=30/15m,passwordResetPerEmail=3/1h' (docs/security.md). */
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((spec, context) => {
        try {
          return parseRateLimits(spec);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** Where claim photos and generated documents are kept: 'local' (a folder) or 's3' (any S3-compatible store). */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    BLOB_DIR: z.string().default('./data/blobs'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('ap-southeast-2'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style addressing (bucket in the path), which MinIO and most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: flag,
    /** How long a SIGTERM waits for requests in flight and running jobs before the process exits anyway (docs/operations.md, "Shutdown"). */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /** Where Prometheus reads GET /metrics: a port of its own, on HOST, never through the site. Unset: no metrics listener. */
    METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
    /** The Bureau of Meteorology's CAP-AU warnings (an alert, an envelope, or an index of links followed on its own site) and DFES's GeoJSON incidents feed, polled every 5 minutes (docs/alerts.md). Unset: not polled. */
    ALERT_FEED_BOM_URL: z.url().optional(),
    ALERT_FEED_DFES_URL: z.url().optional(),
    /** The Bureau's warning and fire weather district boundaries as a GeoJSON FeatureCollection (AAC, DIST_NAME), for warnings placed by district; unset, such warnings wait for staff to place them (docs/alerts.md). */
    ALERT_DISTRICTS_FILE: optionalText,
    /** How long reading and placing one alert message may take in its worker thread before it is stopped and refused (docs/alerts.md, "Limits"). */
    ALERT_WORK_SECONDS: z.coerce.number().positive().max(300).default(20),
    /** Xero (docs/xero.md): the app's client id and secret from developer.xero.com and the redirect URI registered there (…/api/admin/xero/callback). Unset: Xero is not configured. */
    XERO_CLIENT_ID: optionalText,
    XERO_CLIENT_SECRET: optionalText,
    XERO_REDIRECT_URI: z.url().optional(),
    /** The secret Xero's tokens are encrypted with (a key is derived from it with HKDF); unset, SESSION_SECRET's is used. In production one of the two must be set for Xero to connect. */
    XERO_TOKEN_KEY: optionalText,
    /** Xero's revenue account for invoice lines and the bank account payments are received into (the demo company's 200 and 090). */
    XERO_SALES_ACCOUNT_CODE: z.string().min(1).default('200'),
    XERO_BANK_ACCOUNT_CODE: z.string().min(1).default('090'),
    /** Where Xero's identity service and API answer; only the tests' stand-in (server/src/testing/xero-stand-in.ts) changes them. */
    XERO_IDENTITY_URL: z.url().default('https://identity.xero.com'),
    XERO_API_URL: z.url().default('https://api.xero.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STATIC_DIR: z.string().default('./renderer/dist'),
  })
  // Without it a production server could only guess its address from requests, whose Host header anyone can forge.
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL !== undefined, {
    path: ['PUBLIC_URL'],
    message: 'is required when NODE_ENV=production: set it to the address people use to reach the site, e.g. https://members.grainmutual.example (e-mailed links are built from it)',
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
