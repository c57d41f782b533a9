import { Agent } from 'undici';
import type { RunningServer } from './server-process';

type VisitorResponse = { status: number; body: Record<string, unknown>; headers: Headers };

/**
 * A browser's cookie jar, CSRF token and connections, used against either instance (they are one
 * site). Like a browser, a visitor keeps its own connections: one person's calls never travel on a
 * connection another person's call left behind.
 */
export class Visitor {
  private cookies = new Map<string, string>();
  private csrfToken = '';
  private readonly connections = new Agent();

  /** A JSON call; `headers` adds to the browser's own (an Idempotency-Key, say). */
  call(server: RunningServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<VisitorResponse> {
    return this.send(server, method, path, 'application/json', body === undefined ? undefined : JSON.stringify(body), headers);
  }

  /** A body of another type, sent as it is (a CAP alert as application/xml). */
  async send(server: RunningServer, method: string, path: string, contentType: string, text: string | undefined, headers: Record<string, string> = {}): Promise<VisitorResponse> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        'Content-Type': contentType,
        'X-CSRF-Token': this.csrfToken,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: text,
      dispatcher: this.connections,
    } as RequestInit).catch((error: unknown) => {
      // Which call lost its connection, so a failure names the step of the test, not only undici's frames.
      throw new Error(`${method} ${path} got no answer: ${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}`, { cause: error });
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    const answer = await response.text();
    return { status: response.status, body: answer ? (JSON.parse(answer) as Record<string, unknown>) : {}, headers: response.headers };
  }

  async refreshCsrf(server: RunningServer) {
    this.csrfToken = (await this.call(server, 'GET', '/api/auth/csrf')).body['csrfToken'] as string;
  }

  async signIn(server: RunningServer, email: string, password: string) {
    await this.refreshCsrf(server);
    const response = await this.call(server, 'POST', '/api/auth/signin', { email, password });
    await this.refreshCsrf(server);
    return response;
  }
}
