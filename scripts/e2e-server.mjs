// Starts the release build of the server (npm run build) for the Playwright run, once per entry of
// E2E_SERVERS (playwright.config.ts: a port with its own database and outbox), all at once, and
// says "servers ready" once every one answers its health check. Playwright starts its web servers
// one after another; here one server answers in about 2.5 s and three started side by side in 4.8 s.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @type {Array<{ PORT: string; E2E_DATA_DIR: string; DATABASE_URL: string; MAIL_OUTBOX_DIR: string }>} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const HEALTH_POLL_MS = 100;

let stopping = false;
const children = servers.map((own) => {
  // A fresh database and outbox for every run (the folder is named after the server's port).
  rmSync(own.E2E_DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/index.mjs'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...own } });
  // A server that ends by itself ends the others: the tests on it could only fail.
  child.on('exit', (code) => {
    if (!stopping) stop('SIGTERM', code || 1);
  });
  return child;
});

/** Stops every server and exits once all have. */
function stop(signal, exitCode = 0) {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let left = running.length;
  if (left === 0) process.exit(exitCode);
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill(signal);
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));

const healthy = async (port) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};
await Promise.all(
  servers.map(async ({ PORT }) => {
    while (!(await healthy(PORT))) await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }),
);
console.log('servers ready');
