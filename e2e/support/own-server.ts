import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface OwnServer {
  baseUrl: string;
  /** Stops the server, waits for it to exit, and removes its data folder. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

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
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /Listening on (http:\/\/[\d.]+:\d+)/.exec(output);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      };
      server.stdout?.on('data', read);
      server.stderr?.on('data', read);
      server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
    });
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
