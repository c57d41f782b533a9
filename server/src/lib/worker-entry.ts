import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread's code is: the release build's compiled file beside the server bundle
 * (scripts/build.mjs names it), else the TypeScript source's bootstrap, which registers tsx first
 * (a worker is a fresh thread without the parent's loaders).
 */
export function workerEntry(built: URL, bootstrap: URL): URL {
  return existsSync(fileURLToPath(built)) ? built : bootstrap;
}
