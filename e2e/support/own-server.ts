import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface OwnServer {
  baseUrl: string;
  /** Stops the server and removes its data folder. */
  stop(): void;
}

/**
 * The release build (dist/server/index.mjs) started for one spec, on a free port with a data folder
 * of its own: for the specs that stop and start a service it depends on, which the suite's shared
 * server must not lose. `env` adds to or overrides the defaults (a SQLite database in the folder).
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  mkdirSync('.tmp', { recursive: true });
  const dataDir = mkdtempSync(join('.tmp', `${name}-`));
  const server: ChildProcess = spawn(process.execPath, ['dist/server/index.mjs'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', DATABASE_URL: `file:./${dataDir}/app.db`, SESSION_SECRET: `a-session-secret-for-the-${name}-spec`, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
