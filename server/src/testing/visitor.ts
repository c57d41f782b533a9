import type { RunningServer } from './server-process';

type VisitorResponse = { status: number; body: Record<string, unknown>; headers: Headers };

/** A browser's cookie jar and CSRF token, used against either instance (they are one site). */
export class Visitor {
  private cookies = new Map<string, string>();
  private csrfToken = '';

  call(server: RunningServer, method: string, path: string, body?: unknown): Promise<VisitorResponse> {
    return this.send(server, method, path, 'application/json', body === undefined ? undefined : JSON.stringify(body));
  }

  /** A body of another type, sent as it is (a CAP alert as application/xml). */
  async send(server: RunningServer, method: string, path: string, contentType: string, text: string | undefined): Promise<VisitorResponse> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': contentType,
        'X-CSRF-Token': this.csrfToken,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: text,
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
