// After the web build: the public pages of PRERENDERED_PATHS (shared/site-pages.ts) drawn to HTML
// by renderer/src/prerender.tsx, built for Node, and written to renderer/dist/prerendered/ with the
// style sheets their page modules need; server/src/web-app.ts sends them. A phone then paints the
// page as soon as the HTML and its styles arrive, instead of after the scripts have run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const webDist = 'renderer/dist';
const ssrOut = 'dist/prerender';

/**
 * The style sheets a page needs beyond index.html's: those of each page module a route loaded and
 * of the chunks it imports, in the client build's manifest (keys are paths under renderer/).
 * @param {Record<string, { file: string, css?: string[], imports?: string[] }>} manifest
 * @param {Iterable<string>} pageModules
 * @returns {string[]} hrefs such as '/assets/home-page-abc.css'
 */
export function stylesheetsFor(manifest, pageModules) {
  const sheets = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) sheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of pageModules) {
    if (!manifest[module]) throw new Error(`${module} is not in the web build's manifest: was the web app built from the same sources?`);
    visit(module);
  }
  return [...sheets];
}

/**
 * index.html with the page drawn inside #root, inert until the app has hydrated it (a tap on a
 * button before its script has run would do nothing), and the style sheets it needs linked in the head.
 * @param {string} template the built index.html
 * @param {string} pageHtml what renderPage returned
 * @param {string[]} stylesheets hrefs
 */
export function composePrerenderedPage(template, pageHtml, stylesheets) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`The built index.html has no empty ${root} to draw into.`);
  const links = stylesheets
    .filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('\n    ');
  return template.replace('</head>', `  ${links}\n  </head>`).replace(root, `<div id="root" data-prerendered inert>${pageHtml}</div>`);
}

export async function prerenderPages() {
  const ssrBuild = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--ssr', 'src/prerender.tsx', '--outDir', `../${ssrOut}`, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (ssrBuild.status !== 0) throw new Error('The pre-render build failed.');
  try {
    const { renderPage, PRERENDERED_PATHS, prerenderedPageFile } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8'));
    const template = readFileSync(join(webDist, 'index.html'), 'utf8');
    mkdirSync(join(webDist, 'prerendered'), { recursive: true });
    for (const path of PRERENDERED_PATHS) {
      globalThis.prerenderedModules = new Set();
      const pageHtml = await renderPage(path);
      writeFileSync(join(webDist, 'prerendered', prerenderedPageFile(path)), composePrerenderedPage(template, pageHtml, stylesheetsFor(manifest, globalThis.prerenderedModules)));
    }
    return PRERENDERED_PATHS.length;
  } finally {
    delete globalThis.prerenderedModules;
    rmSync(ssrOut, { recursive: true, force: true });
  }
}
