// The release build: the server compiled once into dist/server/index.mjs (our code and most packages
// bundled), and the web app into renderer/dist. `npm start` runs it (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { prerenderPages } from './prerender.mjs';

const serverDir = 'dist/server';
export const serverBundle = `${serverDir}/index.mjs`;

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

/**
 * Prisma's generated client carries its query compiler as base64 text in a 2.2 MB JavaScript module
 * and decodes it at each start: reading, decoding and compiling that text, then the base64, took
 * about 80 ms of the server's main thread on a slow machine. The build writes the WebAssembly beside
 * the server once, and the client reads it from there and compiles it off the main thread
 * (docs/operations.md, "Start-up"). A client generated another way fails the build.
 */
function prismaCompilerFromFile(outdir) {
  const loading = /const \{ wasm \} = await import\("@prisma\/client\/runtime\/(query_compiler_\w+_bg\.\w+)\.wasm-base64\.mjs"\)\s*return await decodeBase64AsWasm\(wasm\)/;
  return {
    name: 'prisma-compiler-from-file',
    setup(build) {
      build.onLoad({ filter: /[\\/]generated[\\/]prisma[^\\/]*[\\/]internal[\\/]class\.ts$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const found = loading.exec(source);
        if (!found) throw new Error(`${path} no longer loads Prisma's query compiler from base64 as scripts/build.mjs expects.`);
        const [, compiler] = found;
        const { wasm } = await import(`@prisma/client/runtime/${compiler}.wasm-base64.mjs`);
        mkdirSync(outdir, { recursive: true });
        writeFileSync(`${outdir}/${compiler}.wasm`, Buffer.from(wasm, 'base64'));
        const fromFile = `return WebAssembly.compile(await (await import('node:fs/promises')).readFile(new URL('./${compiler}.wasm', import.meta.url)))`;
        return { contents: source.replace(loading, fromFile), loader: 'ts' };
      });
    },
  };
}

export async function buildServer() {
  // Chunk names carry a hash: without a clean folder every build would leave the last one's chunks behind.
  rmSync(serverDir, { recursive: true, force: true });
  await build({
    // The risk simulation's season worker and the alert worker run in their own threads, so each is its own file beside the server.
    // index is a small entry that switches on Node's compile cache and then loads the server (its own chunk).
    entryPoints: {
      index: 'server/src/release-entry.ts',
      'season-worker': 'server/src/modules/risk-simulation/season-worker.ts',
      'alert-worker': 'server/src/modules/alerts/alert-worker.ts',
    },
    outdir: serverDir,
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
    // modules, files read by path (the DejaVu font), and packages whose CommonJS default export a
    // bundler would hand over differently. Prisma's query compiler is written beside the server.
    plugins: [bundleOnly(['express', 'zod']), prismaCompilerFromFile(serverDir)],
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
