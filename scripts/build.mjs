// The release build: the server compiled once into dist/server/index.mjs (our code bundled, packages
// left to node_modules), and the web app into renderer/dist. `npm start` runs it (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

export const serverBundle = 'dist/server/index.mjs';

export async function buildServer() {
  // Chunk names carry a hash: without a clean folder every build would leave the last one's chunks behind.
  rmSync('dist/server', { recursive: true, force: true });
  await build({
    // The risk simulation's season worker runs in its own thread, so it is its own file beside the server.
    // index is a small entry that switches on Node's compile cache and then loads the server (its own chunk).
    entryPoints: { index: 'server/src/release-entry.ts', 'season-worker': 'server/src/modules/risk-simulation/season-worker.ts' },
    outdir: 'dist/server',
    splitting: true,
    // Chunks beside the entries: code that finds files from import.meta.url (the season worker) expects dist/server.
    chunkNames: 'server-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Packages stay in node_modules: native modules (better-sqlite3, argon2) and files packages read
    // by path (Prisma's WebAssembly engine, the DejaVu font) work as they do in development.
    packages: 'external',
    tsconfig: 'tsconfig.node.json',
    sourcemap: true,
    logLevel: 'warning',
  });
}

export function buildWeb() {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServer();
  buildWeb();
  console.log(`Built ${serverBundle} and renderer/dist in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
