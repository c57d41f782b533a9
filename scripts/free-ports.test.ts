import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('scripts/free-ports.mjs', () => {
  it('prints the first of as many free ports in a row as asked for', async () => {
    const first = Number(execFileSync(process.execPath, ['scripts/free-ports.mjs', '3'], { encoding: 'utf8' }).trim());
    expect(first).toBeGreaterThan(0);
    expect(await Promise.all([first, first + 1, first + 2].map(listens))).toEqual([true, true, true]);
  });
});
