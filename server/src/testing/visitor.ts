import type { RunningServer } from './server-process';

/** A browser's cookie jar and CSRF token, used against either instance (they are one site). */
export class Visitor {
  private cookies = new Map<string, string>();
  private csrfToken = '';

  async call(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-CSRF-Token': this.csrfToken,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
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
