/** Business constants of docs/behaviour.md §9 and the static defaults of docs/behaviour.md §5 and §7, kept in one place. */

export const MEMBERSHIP_FEE = 500;
/** Loading on the API premium that is shown to the member (displayed premium = premium × 1.1). */
export const DISPLAYED_PREMIUM_LOADING = 0.1;
/** Total payable adds a further 10% of the API premium plus this fixed amount. */
export const TOTAL_PAYABLE_FIXED_CHARGE = 50;
export const POTENTIAL_SAVINGS_HURDLE_PERCENTAGE = 20;
export const DEFAULT_PADDOCK_NAME = 'Main Paddock';

export const COVERAGE_TYPES = ['hail', 'fire', 'both'] as const;
export type CoverageType = (typeof COVERAGE_TYPES)[number];
export const COVERAGE_TYPE_DESCRIPTIONS: Record<CoverageType, string> = {
  both: 'Hail, Fire & Lightning',
  fire: 'Fire & Lightning',
  hail: 'Hail',
};
export const DEFAULT_COVERAGE_PREFERENCES = { irrigation: false, hailNetting: false, frostPrevention: false } as const;

export const PLACEHOLDER_YIELD_RANGE = { min: 1.5, max: 3.5 } as const;
export const PLACEHOLDER_PRICE_RANGE = { min: 250, max: 350 } as const;

export const AREA_MISMATCH_TOLERANCE = { fraction: 0.1, minimumHectares: 1 } as const;

export const SESSION_FRESHNESS_MS = 24 * 60 * 60 * 1000;
/** The session's address (GET: who is signed in). Here, not only in the endpoint table, since a guarded page asks for it before the schemas load. */
export const SESSION_PATH = '/api/auth/session';
export const SESSION_DEBUG_LOG_LIMIT = 100;
export const SUPPORT_PERMISSION_LEVELS = ['read', 'write'] as const;
export type SupportPermissionLevel = (typeof SUPPORT_PERMISSION_LEVELS)[number];
export const DEFAULT_SUPPORT_PERMISSION_LEVEL: SupportPermissionLevel = 'read';

export const DRAFT_HASH_LENGTH = 16;
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_BADGE_CAP = 99;
export const RECENT_SUBMISSIONS_SHOWN = 3;
export const CONTACT_SUCCESS_BANNER_MS = 5_000;

export const ERROR_BUFFER = { maxItems: 50, flushIntervalMs: 30_000, maxRetries: 3, firstRetryDelayMs: 1_000, localStoreCap: 100 } as const;
export const AUTO_SAVE = { retries: 3, retryDelayMs: 5_000, savedResetMs: 2_000, errorResetMs: 3_000 } as const;
export const ANALYTICS = { sendDebounceMs: 5_000, persistDebounceMs: 1_000 } as const;

export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_QUALITY = 75;
export const SIDEBAR_WIDTH_UNITS = 64;
export const LINK_PREFETCH_MARGIN_PX = 200;
export const DROPDOWN_HIDE_DELAY_MS = 150;
export const WIZARD_TOTAL_STEPS_REPORTED = 6;
/** Seconds before another e-mail verification code may be asked for (resend after 60 s). */
export const RESEND_CODE_AFTER_SECONDS = 60;
/** How long an e-mail verification code works. */
export const VERIFICATION_CODE_VALID_MS = 10 * 60_000;

export const QUOTE_MODES = ['quote', 'register'] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];
/** The configured quote mode: 'quote' shows 'Get a Quote' (/quote), 'register' shows 'Register Interest'. */
export const QUOTE_MODE: QuoteMode = 'quote';

export const PERMISSIONS = ['admin', 'edit_quotes', 'view_reports', 'customer_support'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** docs/behaviour.md §5 hurdle table: minimum and default hurdle percentage per crop. */
export const DEFAULT_CROP_HURDLES: ReadonlyArray<{ cropType: string; minimumHurdlePercentage: number; defaultHurdlePercentage: number }> = [
  { cropType: 'wheat', minimumHurdlePercentage: 0, defaultHurdlePercentage: 5 },
  { cropType: 'barley', minimumHurdlePercentage: 0, defaultHurdlePercentage: 5 },
  { cropType: 'canola', minimumHurdlePercentage: 10, defaultHurdlePercentage: 15 },
  { cropType: 'lupins', minimumHurdlePercentage: 10, defaultHurdlePercentage: 15 },
  { cropType: 'oats', minimumHurdlePercentage: 0, defaultHurdlePercentage: 10 },
  { cropType: 'field peas', minimumHurdlePercentage: 10, defaultHurdlePercentage: 15 },
  { cropType: 'triticale', minimumHurdlePercentage: 0, defaultHurdlePercentage: 5 },
];

/** docs/behaviour.md §7 fallback list of insurable crops. */
export const DEFAULT_INSURABLE_CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats', 'field peas', 'triticale', 'rye', 'chickpeas'] as const;

/** docs/behaviour.md §7 / §9 fallback hurdle options: 0 to 20 percent, each with multiplier 1. */
export const DEFAULT_HURDLE_OPTIONS: ReadonlyArray<{ percentage: number; impactMultiplier: number; description: string }> = [0, 5, 10, 15, 20].map((percentage) => ({
  percentage,
  impactMultiplier: 1,
  description: percentage === 0 ? 'No hurdle' : `${percentage}% hurdle`,
}));

export const DEFAULT_VARIETIES = ['Standard', 'Premium'] as const;
