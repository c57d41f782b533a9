import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from '../lib/paths';

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Starts the real entry point (server/src/index.ts) as its own process, on port 0 unless PORT is given. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'server/src/index.ts')], {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', STATIC_DIR: join(repositoryRoot, '.tmp', 'no-static'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, baseUrl: match[1], output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

/** SIGTERM, as a process manager stops it; resolves with the exit code. */
export function stopServer(server: RunningServer): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) {
      resolve(server.child.exitCode);
      return;
    }
    server.child.on('exit', (code) => resolve(code));
    server.child.kill('SIGTERM');
  });
}
