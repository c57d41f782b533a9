/** An error report as a visitor's page sends it to POST /api/errors/track (renderer/src/lib/error-reporter.ts). */
export const clientErrorReport = (overrides: Record<string, unknown> = {}) => ({
  id: `client-${Math.random().toString(36).slice(2)}`,
  type: 'javascript',
  message: "Cannot read properties of undefined (reading 'hectares')",
  stack: 'TypeError: Cannot read properties of undefined\n    at PaddockList (https://site/assets/index.js:1:2)',
  url: 'https://site/quote',
  userAgent: 'Mozilla/5.0 Chrome/126',
  timestamp: '2026-10-01T03:04:05.000Z',
  severity: 'high',
  metadata: { line: 1 },
  fingerprint: 'javascript-1111111111111111',
  userId: null,
  sessionId: 'tab-1',
  ...overrides,
});
