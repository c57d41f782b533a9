import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { NOTHING_WAITING } from '@shared/domain/notifications/staff-attention';

/**
 * The one stand-in for the server in renderer tests (MSW). Pages call `/api/...` on the page's own
 * origin (happy-dom's http://localhost:3000), which these handlers match. It starts and resets
 * around every test in setup.ts; a test adds its answers with `server.use(http.get('/api/...', …))`.
 * A call no handler answers fails the test (see setup.ts).
 *
 * The defaults are the answers many tests share and none asserts on:
 * - GET /api/auth/csrf: a token, which every state-changing call fetches first;
 * - POST /api/errors/track: the error reporter's batches, received (a test that reads them adds its own);
 * - GET /api/admin/notifications/count and /api/admin/support-requests/count: the admin layout's
 *   counters, with nothing waiting.
 */
export const server = setupServer(
  http.get('/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'token' })),
  http.post('/api/errors/track', () => HttpResponse.json({ accepted: 1 }, { status: 202 })),
  http.get('/api/admin/notifications/count', () => HttpResponse.json({ unreadCount: 0, recentSubmissions: [], attention: NOTHING_WAITING })),
  http.get('/api/admin/support-requests/count', () => HttpResponse.json({ newCount: 0 })),
);

/** GET /api/auth/session answering `body`: `{ user, expires }` for someone signed in, `{}` for no one. */
export const sessionAnswer = (body: JsonBodyType) => http.get('/api/auth/session', () => HttpResponse.json(body));

/** The server's refusal `{ error, message }` with `status`, as its error handler sends it. */
export const refusal = (status: number, error: string, message: string) => HttpResponse.json({ error, message }, { status });

/** The server's answer to a path it has no route for. */
export const noSuchRoute = () => refusal(404, 'not_found', 'No such route.');

/**
 * The crop data the quote's calculator loads (configs, crops, hurdle options, varieties), from a
 * server that has none to give: the calculator works from SPEC's defaults.
 */
export const noCropData = ['/api/crop-configs', '/api/insurable-crops', '/api/hurdles', '/api/admin/crops/:crop/varieties'].map((path) => http.get(path, noSuchRoute));

/** A request's path and query as the page wrote them ('/api/claims?memberId=c1'), for tests that record what was sent. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * GET `pathAndQuery` answered with `answer`, and only with exactly that query (MSW matches the path
 * alone): the same path with another query or none goes on to the next handler.
 */
export const getExactly = (pathAndQuery: string, answer: () => Response) => http.get(new URL(pathAndQuery, location.origin).pathname, ({ request }) => (pathOf(request) === pathAndQuery ? answer() : undefined));

/** What the page sent: the method, the path with its query, and the JSON body (undefined without one). */
export async function sentRequest(request: Request): Promise<{ method: string; path: string; body: unknown }> {
  const text = await request.clone().text();
  return { method: request.method, path: pathOf(request), body: text ? JSON.parse(text) : undefined };
}

/**
 * Every request the page makes during the current test, answered or not, in the order made, each as
 * `describe` puts it (say `${request.method} ${pathOf(request)}`). Call it in the test or its beforeEach.
 */
export function requestsMade<T>(describe: (request: Request) => T): T[] {
  const made: T[] = [];
  const listener = ({ request }: { request: Request }) => void made.push(describe(request));
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return made;
}
