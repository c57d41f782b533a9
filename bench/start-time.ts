// From a built tree on a migrated database, how long `npm start`'s server takes from its process
// starting to a healthy /api/health (target: under 1 s). Builds first if the build is stale, as
// `npm start` does, and migrates the database with a first start that is not measured.
//   npm run bench -- start-time      (BENCH_STARTS to change the number of starts)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, buildServer, freePort, startBuiltServer, waitForHealth } from './_server';

const TARGET_MS = 1000;
const starts = Number(process.env['BENCH_STARTS'] ?? 5);

async function timedStart(dir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = startBuiltServer(benchServerEnv(dir, port));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, server, { pollMs: 5 });
    return performance.now() - started;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

buildServer();
const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
try {
  const first = await timedStart(dir);
  console.log(`first start (creates and migrates the database): ${first.toFixed(0)} ms`);
  const times: number[] = [];
  for (let index = 0; index < starts; index += 1) times.push(await timedStart(dir));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `start to healthy on a migrated database, ${starts} starts: median ${median.toFixed(0)} ms, fastest ${times[0]?.toFixed(0)} ms, slowest ${times.at(-1)?.toFixed(0)} ms (target under ${TARGET_MS} ms)`,
  );
  process.exitCode = median < TARGET_MS ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
