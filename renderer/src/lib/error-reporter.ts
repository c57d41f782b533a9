/**
 * Client error reporting. The buffered reporter of SPEC §4/§8 (flush on critical, at 50, every
 * 30 s, on reconnect; retries; local keep) is built on top of this entry point.
 */
export type ErrorReportType = 'javascript' | 'react' | 'api' | 'custom';
export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface ErrorToReport {
  type: ErrorReportType;
  error: unknown;
  severity: ErrorSeverity;
  metadata?: Record<string, unknown>;
}

export function reportError({ type, error, severity, metadata = {} }: ErrorToReport): void {
  const message = error instanceof Error ? error.message : String(error);
  const report = {
    id: crypto.randomUUID(),
    type,
    message,
    stack: error instanceof Error ? error.stack : undefined,
    url: window.location.href,
    userAgent: navigator.userAgent,
    timestamp: new Date().toISOString(),
    severity,
    metadata,
    fingerprint: `${type}:${message}`.slice(0, 200),
  };
  void fetch('/api/errors/track', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ errors: [report] }),
    keepalive: true,
  }).catch(() => undefined);
}
