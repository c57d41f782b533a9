// After the web build: the public pages (SITEMAP_PATHS in shared/site-pages.ts) drawn to HTML
// by renderer/src/prerender.tsx, built for Node, and written to renderer/dist/prerendered/ with the
// style sheets their page modules need; server/src/web-app.ts sends them. A phone then paints the
// page as soon as the HTML and its styles arrive, instead of after the scripts have run. Every page
// also carries the map from each linked page's address to its code, for prefetching, and the
// address of the map of every other page's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const webDist = 'renderer/dist';
const ssrOut = 'dist/prerender';

/**
 * The code and style sheets of a page's modules beyond what every page loads (index.html's entry
 * and what it imports): each page module a route loaded and the chunks it imports, in the client
 * build's manifest (keys are paths under renderer/).
 * @param {Record<string, { file: string, css?: string[], imports?: string[] }>} manifest
 * @param {Iterable<string>} pageModules
 * @returns {{ scripts: string[], styles: string[] }} hrefs such as '/assets/home-page-abc.css'
 */
export function chunksFor(manifest, pageModules) {
  const walk = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (!manifest[key] || seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  for (const module of pageModules) {
    if (!manifest[module]) throw new Error(`${module} is not in the web build's manifest: was the web app built from the same sources?`);
  }
  const everyPage = walk(['index.html']);
  const chunks = [...walk(pageModules)].filter((key) => !everyPage.has(key)).map((key) => manifest[key]);
  return { scripts: chunks.map((chunk) => `/${chunk.file}`), styles: [...new Set(chunks.flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)))] };
}

/**
 * The built index.html carrying the map from each linked page's address to its code, which the
 * browser fetches ahead when a link comes near the view (app/route-prefetch.ts), and the address of
 * the file mapping every other page (the signed-in ones), fetched when one of those is first near
 * the view, so a visitor's page does not carry it. A data block, not a script: the Content Security
 * Policy has nothing to allow.
 * @param {string} template
 * @param {Record<string, string[]>} routeChunks
 * @param {string} otherPagesHref
 */
export function withRouteChunks(template, routeChunks, otherPagesHref) {
  // '<' escaped so that no address can close the block.
  const json = JSON.stringify(routeChunks).replace(/</g, '\\u003c');
  return template.replace('</head>', `  <script type="application/json" id="route-chunks" data-other-pages="${otherPagesHref}">${json}</script>\n  </head>`);
}

/**
 * Writes the map of the pages not carried in index.html into the assets folder, named by its
 * content like every asset there (cached for a year, a new build a new name); answers its address.
 * @param {Record<string, string[]>} pageChunks
 */
function writeOtherPagesMap(pageChunks) {
  const json = JSON.stringify(pageChunks);
  const name = `other-pages-${createHash('sha256').update(json).digest('base64url').slice(0, 8)}.json`;
  writeFileSync(join(webDist, 'assets', name), json);
  return `/assets/${name}`;
}

/** Text as HTML writes it between tags. */
const htmlText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page drawn inside #root, marked for main.tsx to hydrate, its title in the
 * head (what a search result, a shared link or a bookmark shows), and the style sheets it needs
 * linked there.
 * @param {string} template the built index.html
 * @param {{ html: string, title: string }} page what renderPage returned
 * @param {string[]} stylesheets hrefs
 */
export function composePrerenderedPage(template, { html: pageHtml, title }, stylesheets) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`The built index.html has no empty ${root} to draw into.`);
  if (!/<title>[^<]*<\/title>/.test(template)) throw new Error('The built index.html has no <title> to name the page in.');
  const links = stylesheets
    .filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${htmlText(title)}</title>`)
    .replace('</head>', `  ${links}\n  </head>`)
    .replace(root, () => `<div id="root" data-prerendered>${pageHtml}</div>`);
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
    const { loadPage, notePageModules, renderPage, LINKED_PATHS, PAGE_PATHS, SITEMAP_PATHS, prerenderedFileName } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8'));
    /** The page modules a route loads at `path`, noted by the pre-render build (renderer/vite.config.ts). */
    const modulesAt = async (path, load) => {
      globalThis.prerenderedModules = new Set();
      const result = await load(path);
      return { result, modules: [...globalThis.prerenderedModules] };
    };
    const routeChunks = {};
    for (const path of LINKED_PATHS) {
      const { result: router, modules } = await modulesAt(path, loadPage);
      router.dispose();
      const { scripts, styles } = chunksFor(manifest, modules);
      routeChunks[path] = [...scripts, ...styles];
    }
    const otherPages = {};
    for (const path of PAGE_PATHS.filter((page) => !(page in routeChunks))) {
      const { modules } = await modulesAt(path, notePageModules);
      const { scripts, styles } = chunksFor(manifest, modules);
      // A page that only redirects ('/admin') has no code of its own.
      if (scripts.length + styles.length > 0) otherPages[path] = [...scripts, ...styles];
    }
    const template = withRouteChunks(readFileSync(join(webDist, 'index.html'), 'utf8'), routeChunks, writeOtherPagesMap(otherPages));
    writeFileSync(join(webDist, 'index.html'), template);
    mkdirSync(join(webDist, 'prerendered'), { recursive: true });
    for (const path of SITEMAP_PATHS) {
      const { result: page, modules } = await modulesAt(path, renderPage);
      writeFileSync(join(webDist, 'prerendered', prerenderedFileName(path)), composePrerenderedPage(template, page, chunksFor(manifest, modules).styles));
    }
  } finally {
    delete globalThis.prerenderedModules;
    rmSync(ssrOut, { recursive: true, force: true });
  }
}
