// Starts the release build of the server (npm run build) for the Playwright run, on a database and
// outbox of its own.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

// A fresh database and outbox for every run (the folder is named after the run's port).
rmSync(process.env.E2E_DATA_DIR ?? '.tmp/e2e', { recursive: true, force: true });
const server = spawn(process.execPath, ['dist/server/index.mjs'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
