export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const minute = 60_000;

/** Every named rate limit and its default (docs/security.md explains each); RATE_LIMITS overrides them. */
export const DEFAULT_RATE_LIMITS = {
  signInPerAddress: { limit: 30, windowMs: 15 * minute },
  signInPerAccount: { limit: 10, windowMs: 15 * minute },
  verificationSendPerEmail: { limit: 3, windowMs: 10 * minute },
  verificationSendPerAddress: { limit: 10, windowMs: 60 * minute },
  verificationCheckPerAddress: { limit: 30, windowMs: 15 * minute },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * minute },
  passwordResetPerAddress: { limit: 10, windowMs: 60 * minute },
  contactPerAddress: { limit: 10, windowMs: 10 * minute },
  errorReportsPerAddress: { limit: 10, windowMs: minute },
  analyticsPerAddress: { limit: 20, windowMs: minute },
  telemetryPerAddressPerDay: { limit: 1_500, windowMs: 24 * 60 * minute },
  callbacksPerAddress: { limit: 5, windowMs: 60 * minute },
  certificateChecksPerAddress: { limit: 20, windowMs: 10 * minute },
  pricingPerAddress: { limit: 120, windowMs: 10 * minute },
  pricingPerAccount: { limit: 600, windowMs: 10 * minute },
  writesPerAccount: { limit: 600, windowMs: 10 * minute },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

const units: Record<string, number> = { s: 1000, m: minute, h: 60 * minute };

/**
 * Reads RATE_LIMITS: comma-separated `name=limit/window` entries, the window in s, m or h
 * ('signInPerAddress=30/15m'). A mistake stops the server with a message naming the entry.
 */
export function parseRateLimits(spec: string | undefined): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  if (!spec) return limits;
  for (const entry of spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)([smh])$/.exec(entry);
    if (!match || !(match[1]! in limits)) {
      throw new Error(`'${entry}' is not 'name=limit/window' with a known name (${Object.keys(limits).join(', ')}) and a window like 15m.`);
    }
    limits[match[1] as RateLimitName] = { limit: Number(match[2]), windowMs: Number(match[3]) * units[match[4]!]! };
  }
  return limits;
}
