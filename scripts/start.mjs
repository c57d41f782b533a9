// `npm start`: runs the built server, building first when the build is missing or older than the
// sources, so a fresh clone needs no separate build step and a restart costs no compilation.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, buildWeb, serverBundle } from './build.mjs';

const webIndex = 'renderer/dist/index.html';
const serverSources = ['server/src', 'shared', 'prisma/schema', 'tsconfig.node.json', 'package-lock.json', 'scripts/build.mjs'];
const webSources = ['renderer/src', 'renderer/index.html', 'renderer/public', 'renderer/vite.config.ts', 'scripts/prerender.mjs', 'shared', 'package-lock.json'];

/** The newest modification time under the paths (files and folders, walked). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    latest = Math.max(latest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  paths.forEach(visit);
  return latest;
}

const isStale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < newest(sources);

if (isStale(serverBundle, serverSources)) {
  console.log('Building the server…');
  await buildServer();
}
if (isStale(webIndex, webSources)) {
  console.log('Building the web app…');
  await buildWeb();
}
await import(new URL(`../${serverBundle}`, import.meta.url).href);
