import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from './app-protocol';

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
