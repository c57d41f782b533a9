// Development: the API server restarting on change, and Vite's dev server (with hot reload) in
// front of it on http://localhost:5173, proxying /api to the server.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/index.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
      // People use the site through Vite, so the links the server writes (e-mails above all) point there.
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'renderer/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
