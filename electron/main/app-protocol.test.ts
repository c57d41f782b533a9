import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CONTENT_SECURITY_POLICY, createAppProtocolHandler } from './app-protocol';

const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
const handle = createAppProtocolHandler(dir);

describe('app:// protocol', () => {
  it('serves built files with their type', async () => {
    const response = await handle(new Request('app://console/assets/app.js'));
    expect(response.headers.get('Content-Type')).toContain('text/javascript');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers router paths with index.html', async () => {
    expect(await (await handle(new Request('app://console/admin/members'))).text()).toContain('id="root"');
  });

  it('never serves files outside the renderer folder', async () => {
    expect((await handle(new Request('app://console/..%2F..%2Fetc%2Fpasswd.txt'))).status).toBe(404);
    expect((await handle(new Request('app://console/missing.js'))).status).toBe(404);
  });
});

describe('the console’s Content-Security-Policy', () => {
  it('comes with the page, every file and every refusal of the protocol handler', async () => {
    for (const url of ['app://console/admin/members', 'app://console/assets/app.js', 'app://console/missing.js', 'app://console/api/claims/c1/photos/p1']) {
      const response = await handle(new Request(url));
      expect(response.headers.get('Content-Security-Policy'), url).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('X-Content-Type-Options'), url).toBe('nosniff');
    }
  });

  it('lets scripts come only from the console’s own files: no inline code, no handlers in markup, no plugins, no frames', () => {
    const policy = CONSOLE_CONTENT_SECURITY_POLICY;
    for (const directive of ["default-src 'self'", "script-src 'self';", "script-src-attr 'none'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "frame-src 'none'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('answers 404 for /api/ paths instead of the page, since the server is reached only through the bridge', async () => {
    const response = await handle(new Request('app://console/api/estimates/e1/pdf'));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('id="root"');
  });
});
