// Starts the real server for the Playwright run on a database and outbox of its own.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('.tmp/e2e', { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
