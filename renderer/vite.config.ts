import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes a Brotli copy at the highest quality beside each script, style sheet and SVG the build
 * emits, which the server sends to browsers that accept it (server/src/web-app.ts): about a tenth
 * smaller than compressing on the fly at a speed a request can afford, and no CPU per request.
 */
function precompressed(): Plugin {
  return {
    name: 'precompressed-brotli',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    writeBundle({ dir }, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName) || !dir) continue;
        const path = join(dir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
      }
    },
  };
}

/**
 * In the pre-render build (scripts/prerender.mjs) only: each page module a route loads is noted in
 * `globalThis.prerenderedModules` by its path in the client build's manifest, so that a
 * pre-rendered page can link the style sheets its page needs before any script runs, and any page's
 * code can be fetched ahead. While `globalThis.prerenderNotesOnly` is set the module is noted and
 * not imported: a page behind sign-in is mapped without running its code, which may need a browser.
 */
function noteRouteModules(): Plugin {
  const routeFile = /\/(routes\.ts|app\/router\.tsx)$/;
  return {
    name: 'note-route-modules',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && Boolean(isSsrBuild),
    async transform(code, id) {
      if (!routeFile.test(id)) return null;
      const dynamicImport = /import\(['"]([^'"]+)['"]\)/g;
      const keys = new Map<string, string>();
      for (const [, specifier] of code.matchAll(dynamicImport)) {
        const resolved = await this.resolve(specifier!, id);
        if (resolved) keys.set(specifier!, relative(fromHere('.'), resolved.id));
      }
      const noted = code.replace(dynamicImport, (call, specifier: string) =>
        keys.has(specifier) ? `(globalThis.prerenderedModules?.add(${JSON.stringify(keys.get(specifier))}), globalThis.prerenderNotesOnly ? Promise.resolve({}) : ${call})` : call,
      );
      return { code: noted, map: null };
    },
  };
}

/** The web build served by Express; electron.vite.config.ts builds the same sources for the desktop. */
export default defineConfig({
  root: fromHere('.'),
  plugins: [react(), precompressed(), noteRouteModules()],
  resolve: { alias: { '@shared': fromHere('../shared'), '@renderer': fromHere('./src') } },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    // Which style sheets each page module needs, for the pre-rendered pages (scripts/prerender.mjs).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // The small pieces every page draws first (route loader, error screens, the admin area's
        // spinner) are one chunk with one style sheet, not a render-blocking request each.
        codeSplitting: { groups: [{ name: 'shell', test: /\/(components\/ui\/(full-screen-loader|error-boundaries)|app\/layouts\/checking-access)(\.module\.css|\.tsx)$/ }] },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
