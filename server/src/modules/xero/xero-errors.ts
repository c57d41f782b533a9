/**
 * What went wrong talking to Xero, sorted by what the sync does next: wait and try again at a time
 * Xero (or our own limit) names, try again with back-off, or stop and show staff the reason.
 */

/** Not an error of the item: try it again at `until` (a 429's Retry-After, our own rate limit, a contact still being sent). */
export class XeroWait extends Error {
  constructor(
    readonly until: Date,
    message: string,
  ) {
    super(message);
  }
}

/** Xero refused or could not answer; `retryable` when a later try may succeed (Xero down, a timeout). */
export class XeroFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status = 0,
  ) {
    super(message);
  }
}

interface SdkErrorShape {
  response?: { statusCode?: number; status?: number; body?: unknown; data?: unknown; headers?: Record<string, unknown> };
  body?: unknown;
  message?: string;
}

export interface XeroHttpError {
  status: number;
  retryAfterSeconds: number | null;
  rateLimitProblem: string | null;
  message: string;
}

/**
 * The SDK rejects an Accounting API call with a JSON string of { response: { statusCode, body,
 * headers } } (xero-node's ApiError), and a network failure with statusCode 0; this reads either.
 */
export function readXeroError(raw: unknown): XeroHttpError {
  let parsed: SdkErrorShape = {};
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw) as SdkErrorShape;
    } catch {
      parsed = { message: raw };
    }
  } else if (raw && typeof raw === 'object') parsed = raw as SdkErrorShape;
  const response = parsed.response ?? {};
  const status = response.statusCode ?? response.status ?? 0;
  const headers = response.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  return {
    status,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
    rateLimitProblem: typeof headers['x-rate-limit-problem'] === 'string' ? headers['x-rate-limit-problem'] : null,
    message: xeroMessage(response.body ?? response.data ?? parsed.body, status, parsed.message ?? (raw instanceof Error ? raw.message : undefined)),
  };
}

/** Xero's own words: a validation error's messages, else the problem's detail, else the status. */
function xeroMessage(body: unknown, status: number, fallback: string | undefined): string {
  if (body && typeof body === 'object') {
    const { Elements, Detail, Message, Title } = body as { Elements?: { ValidationErrors?: { Message?: string }[] }[]; Detail?: string; Message?: string; Title?: string };
    const validation = (Elements ?? [])
      .flatMap((element) => element.ValidationErrors ?? [])
      .map((error) => error.Message)
      .filter(Boolean);
    if (validation.length) return `Xero refused it: ${validation.join(' ')}`;
    const said = Detail ?? Message ?? Title;
    if (said) return `Xero answered ${status}: ${said}`;
  }
  if (typeof body === 'string' && body && status) return `Xero answered ${status}: ${body.slice(0, 300)}`;
  return status ? `Xero answered ${status}.` : `Xero could not be reached${fallback ? `: ${fallback}` : ''}.`;
}
