// The release build: the server compiled once into dist/server/index.mjs (our code and most packages
// bundled), and the web app into renderer/dist. `npm start` runs it (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { prerenderPages } from './prerender.mjs';

export const serverBundle = 'dist/server/index.mjs';

/** Marks every package external except those named and what they import. */
function bundleOnly(names) {
  const bundled = new Set(names);
  return {
    name: 'bundle-only',
    setup(build) {
      // Bare specifiers only; @shared/ is the repository's own code (tsconfig paths), always bundled.
      build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
        if (path.startsWith('@shared/')) return undefined;
        if (path.startsWith('node:')) return { path, external: true };
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
        // An import from inside node_modules comes from a bundled package: it is bundled with it.
        if (bundled.has(name) || importer.includes('/node_modules/')) return undefined;
        return { path, external: true };
      });
    },
  };
}

export async function buildServer() {
  // Chunk names carry a hash: without a clean folder every build would leave the last one's chunks behind.
  rmSync('dist/server', { recursive: true, force: true });
  await build({
    // The risk simulation's season worker and the alert worker run in their own threads, so each is its own file beside the server.
    // index is a small entry that switches on Node's compile cache and then loads the server (its own chunk).
    entryPoints: {
      index: 'server/src/release-entry.ts',
      'season-worker': 'server/src/modules/risk-simulation/season-worker.ts',
      'alert-worker': 'server/src/modules/alerts/alert-worker.ts',
    },
    outdir: 'dist/server',
    splitting: true,
    // Chunks beside the entries: code that finds files from import.meta.url (the season worker) expects dist/server.
    chunkNames: 'server-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Two packages are bundled (with what they import): Node resolves, reads and links each file of a
    // package on every start, and express and zod are hundreds of files, about 0.2 s of each start
    // (docs/operations.md). The rest stay in node_modules, loaded by Node as in development: native
    // modules, files read by path (Prisma's WebAssembly engine, the DejaVu font), and packages whose
    // CommonJS default export a bundler would hand over differently.
    plugins: [bundleOnly(['express', 'zod'])],
    banner: { js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);" },
    tsconfig: 'tsconfig.node.json',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** The web app into renderer/dist, then its public pages drawn to HTML (scripts/prerender.mjs). */
export async function buildWeb() {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed.');
  await prerenderPages();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServer();
  await buildWeb();
  console.log(`Built ${serverBundle} and renderer/dist in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
