/**
 * Client error reporting (docs/behaviour.md §3 'Error report', §4 'Error report buffer', §8 'Error reporting',
 * §9). Reports wait in a buffer that is sent when a critical error arrives, when it holds 50, every
 * 30 s, and when the browser comes back online. A failed send is retried 3 times, 1 s, 2 s and 4 s
 * apart; after that the reports are kept in local storage (the newest 100) and sent again when the
 * browser is next online or the site next opens. The pure rules live in shared/domain/reporting.
 */
import { ERROR_BUFFER } from '@shared/constants';
import type { ErrorReport, ErrorReportType, ErrorSeverity } from '@shared/contracts/public-site';
import { REPORTING_LIMITS } from '@shared/contracts/public-site-limits';
import { keepNewest, retryDelayMs } from '@shared/domain/reporting/backoff';
import { splitIntoBatches } from '@shared/domain/reporting/batches';
import { fingerprint } from '@shared/domain/reporting/fingerprint';
import { shouldReportApiFailure } from '@shared/domain/reporting/should-report';
import { apiRequest, onApiFailure } from './api-client';

export type { ErrorReportType, ErrorSeverity };

export interface ErrorToReport {
  type: ErrorReportType;
  error: unknown;
  severity: ErrorSeverity;
  metadata?: Record<string, unknown>;
}

export type ReportRecord = ErrorReport & { id: string; fingerprint: string };

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ErrorReporterDeps {
  send(reports: ReportRecord[]): Promise<void>;
  storage?: KeyValueStorage;
  isOnline(): boolean;
  /** Where and who: the page address, the browser, the signed-in user and this tab's session. */
  context(): { url: string; userAgent: string; userId?: string | null; sessionId?: string | null };
  newId(): string;
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const PENDING_REPORTS_KEY = 'gm:error-reports:pending';
/** Paths whose own failures are never reported, or a broken reporting endpoint would feed itself. */
const REPORTING_PATHS = ['/api/errors/track', '/api/analytics/events'];
/** One fault repeated in a loop is worth a handful of reports, not thousands. */
const MAX_REPEATS_PER_PAGE = 10;

const describe = (error: unknown): { message: string; stack?: string } => {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
};

export function createErrorReporter(deps: ErrorReporterDeps) {
  let buffer: ReportRecord[] = [];
  let flushing: Promise<void> | undefined;
  let flushAgain = false;
  let includeStoredNext = false;
  const repeats = new Map<string, number>();

  const readStored = (): ReportRecord[] => {
    try {
      const parsed: unknown = JSON.parse(deps.storage?.getItem(PENDING_REPORTS_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as ReportRecord[]) : [];
    } catch {
      return [];
    }
  };
  const writeStored = (reports: ReportRecord[]) => {
    try {
      if (reports.length) deps.storage?.setItem(PENDING_REPORTS_KEY, JSON.stringify(reports));
      else deps.storage?.removeItem(PENDING_REPORTS_KEY);
    } catch {
      // Storage full or switched off: nothing more can be done for these reports.
    }
  };
  const keep = (reports: ReportRecord[]) => writeStored(keepNewest(readStored(), reports, ERROR_BUFFER.localStoreCap));

  async function sendWithRetries(batch: ReportRecord[]): Promise<boolean> {
    for (let retry = 0; ; retry += 1) {
      try {
        await deps.send(batch);
        return true;
      } catch {
        const delay = retryDelayMs(retry + 1, { maxRetries: ERROR_BUFFER.maxRetries, firstDelayMs: ERROR_BUFFER.firstRetryDelayMs });
        if (delay === undefined) return false;
        await deps.sleep(delay);
      }
    }
  }

  async function drain(): Promise<void> {
    do {
      flushAgain = false;
      let batch = buffer;
      buffer = [];
      if (includeStoredNext) {
        includeStoredNext = false;
        batch = [...readStored(), ...batch];
        writeStored([]);
      }
      if (!batch.length) continue;
      if (!deps.isOnline()) {
        keep(batch);
        continue;
      }
      // Requests the server accepts: at most 50 reports and 128 kB each.
      for (const chunk of splitIntoBatches(batch, { maxItems: Math.min(ERROR_BUFFER.maxItems, REPORTING_LIMITS.errorsPerRequest), maxBytes: REPORTING_LIMITS.bodyBytes })) {
        if (!(await sendWithRetries(chunk))) keep(chunk);
      }
    } while (flushAgain);
  }

  const reporter = {
    /** Buffers a report and returns its id (shown to the person, e.g. on the crash screen). */
    report({ type, error, severity, metadata = {} }: ErrorToReport): string {
      const { message, stack } = describe(error);
      const context = deps.context();
      const record: ReportRecord = {
        id: deps.newId(),
        type,
        message: message.slice(0, REPORTING_LIMITS.message),
        stack: stack?.slice(0, REPORTING_LIMITS.stack) ?? null,
        url: context.url.slice(0, REPORTING_LIMITS.url),
        userAgent: context.userAgent.slice(0, REPORTING_LIMITS.userAgent),
        timestamp: deps.now().toISOString(),
        severity,
        metadata,
        fingerprint: fingerprint({ type, message, stack, method: metadata.method as string | undefined, path: metadata.path as string | undefined, status: metadata.status as number | undefined }),
        userId: context.userId ?? null,
        sessionId: context.sessionId ?? null,
      };
      const seen = (repeats.get(record.fingerprint) ?? 0) + 1;
      repeats.set(record.fingerprint, seen);
      if (seen > MAX_REPEATS_PER_PAGE) return record.id;
      buffer.push(record);
      if (severity === 'critical' || buffer.length >= ERROR_BUFFER.maxItems) void reporter.flush();
      return record.id;
    },

    /** docs/behaviour.md §8: decides whether a failed API call is worth reporting, and reports it if so. */
    reportApiFailure(failure: { method: string; path: string; status: number; code: string; message: string }): void {
      const pathname = failure.path.split('?')[0] ?? failure.path;
      if (REPORTING_PATHS.includes(pathname)) return;
      if (!shouldReportApiFailure({ status: failure.status, path: failure.path, errorText: `${failure.code} ${failure.message}` })) return;
      reporter.report({
        type: 'api',
        error: `${failure.method} ${pathname} failed: ${failure.status === 0 ? 'network error' : failure.status} ${failure.message}`,
        severity: failure.status >= 500 ? 'high' : failure.status === 0 ? 'medium' : 'low',
        metadata: { method: failure.method, path: pathname, status: failure.status, code: failure.code },
      });
    },

    /** Sends what is buffered; `includeStored` also resends what an earlier failure kept locally. */
    flush({ includeStored = false }: { includeStored?: boolean } = {}): Promise<void> {
      if (includeStored) includeStoredNext = true;
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      flushing = drain().finally(() => {
        flushing = undefined;
      });
      return flushing;
    },

    /** The page is going away: keep what has not been sent, for the next visit. */
    persistBuffered(): void {
      if (!buffer.length) return;
      keep(buffer);
      buffer = [];
    },

    /** For tests and diagnostics. */
    get buffered(): readonly ReportRecord[] {
      return buffer;
    },
    stored: readStored,
  };
  return reporter;
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

let active: ErrorReporter | undefined;

/** The reporter of this page; created (not started) on first use. */
export function errorReporter(): ErrorReporter {
  active ??= createBrowserReporter();
  return active;
}

/** Reports one failure; returns the report's id. Used by the error boundaries and features. */
export function reportError(input: ErrorToReport): string {
  return errorReporter().report(input);
}

/** A random id per browser tab, so the reports and events of one visit can be read together. */
export function tabSessionId(): string {
  try {
    const existing = sessionStorage.getItem('gm:tab-session');
    if (existing) return existing;
    const created = crypto.randomUUID();
    sessionStorage.setItem('gm:tab-session', created);
    return created;
  } catch {
    return 'no-session-storage';
  }
}

function safeLocalStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function createBrowserReporter(): ErrorReporter {
  return createErrorReporter({
    send: async (errors) => {
      // By its path, not its endpoint of the table (shared/endpoints/public-site.ts): the reporter sends
      // without loading any code first (the endpoint would bring zod, which a public page's first load
      // leaves out, docs/public-site.md), so a report is never held up by the very chunk that failed.
      await apiRequest('POST', '/api/errors/track', { body: { errors } });
    },
    storage: safeLocalStorage(),
    isOnline: () => navigator.onLine !== false,
    context: () => ({ url: window.location.href, userAgent: navigator.userAgent, sessionId: tabSessionId() }),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
}

/**
 * Starts reporting for the page: uncaught errors and unhandled rejections, the 30 s flush, the
 * flush when the browser comes back online, and keeping unsent reports when the page goes away.
 * Returns a function that stops it (tests, hot reload).
 */
export function installErrorReporting(): () => void {
  const reporter = errorReporter();
  const onError = (event: ErrorEvent) => {
    // A failed <img> or <script> fires an error event without an error object; those are not faults of ours.
    if (!event.error && !event.message) return;
    reporter.report({ type: 'javascript', error: event.error ?? event.message, severity: 'high', metadata: { source: event.filename, line: event.lineno, column: event.colno } });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // Failed API calls are reported (or not) by the data client's failure listener already.
    if (reason instanceof Error && reason.name === 'ApiRequestError') return;
    reporter.report({ type: 'javascript', error: reason, severity: 'high', metadata: { unhandledRejection: true } });
  };
  const onOnline = () => void reporter.flush({ includeStored: true });
  const onPageHide = () => reporter.persistBuffered();
  const stopListening = onApiFailure((failure) => reporter.reportApiFailure(failure));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('online', onOnline);
  window.addEventListener('pagehide', onPageHide);
  const interval = window.setInterval(() => void reporter.flush(), ERROR_BUFFER.flushIntervalMs);
  // Whatever an earlier visit could not send goes now, if there is any.
  if (reporter.stored().length) void reporter.flush({ includeStored: true });
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('pagehide', onPageHide);
    window.clearInterval(interval);
    stopListening();
  };
}
