/**
 * One API route as a single record: its method and path, who may call it, the schemas of its
 * address, query, body and answer, and a line for the docs. The server mounts and guards the route
 * from it (server/src/middleware/serve.ts), the renderer types its call with it (callEndpoint in
 * renderer/src/lib/api-client.ts), the access-matrix test reads who gets through from it and
 * docs/endpoints.md is written from it (npm run docs:endpoints).
 */
import type { z } from 'zod';
import type { Permission } from '../constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call the route, decided on the server before the input is read. A record rule inside the
 * route may narrow it further (a member's own claim; a broker's own client), never widen it.
 * 'supportStaff' is support mode's own rule (customer_support, which administrators hold), refused
 * in its own words (docs/behaviour.md §7: 'Admin user not authenticated').
 */
export type EndpointAccess = 'everyone' | 'signedIn' | 'administrator' | 'broker' | 'referrer' | 'supportStaff' | { anyPermission: readonly Permission[] };

/** The kinds of caller an access tells apart (a member holding no role; an administrator holds every permission). */
export const CALLER_KINDS = ['visitor', 'member', 'broker', 'referrer', 'administrator'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** Whether an access lets a kind of caller through the guard (a record rule may still refuse them). */
export function admits(access: EndpointAccess, caller: CallerKind): boolean {
  if (access === 'everyone') return true;
  if (caller === 'visitor') return false;
  if (access === 'signedIn') return true;
  if (access === 'broker' || access === 'referrer') return caller === access;
  return caller === 'administrator';
}

/**
 * How a form whose page shows the server's `error` text as it is (docs/behaviour.md §7) is answered
 * when it fails; every other route answers `{ error: <code>, message, issues? }`.
 */
export type FailureWords =
  /** `error` and `message` are the first problem in the person's own words (the contact and register-interest forms). */
  | { error: 'sentence' }
  /** `{ success: false, error }`, `error` the message with the field it is about, and `unexpected` for a failure on our side (the callback request). */
  | { error: 'message'; success: false; unexpected: string };

export interface Endpoint {
  method: HttpMethod;
  /** The path as mounted, with Express parameters: '/api/admin/support-requests/:id'. */
  path: `/api/${string}`;
  access: EndpointAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; none for a file, a CSV or a redirect. */
  response?: z.ZodType;
  /** The status of a successful JSON answer (201 for a created record); 200 by default. A handler may set another on the response (202, 503). */
  status?: 200 | 201 | 202;
  /** The words of a failure where a form shows them as they are; the usual error shape otherwise. */
  failures?: FailureWords;
  /**
   * A message or form a lost answer must not double: a repeat with the same Idempotency-Key gets
   * the first answer and does nothing again (server/src/middleware/sent-once.ts). JSON bodies and
   * answers only (a multipart upload's files are not in the body its key is checked against).
   */
  sentOnce?: true;
  /** What the route does, for whom, in one line (docs/endpoints.md). */
  summary: string;
}

/** Declares an endpoint, keeping its exact schemas in the type so that callers and handlers are typed by them. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;

/** The endpoint's path with its parameters filled in, each encoded as one path segment. */
export function endpointPath<E extends Endpoint>(definition: E, params: ParamsOf<E>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return definition.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${definition.method} ${definition.path} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}
