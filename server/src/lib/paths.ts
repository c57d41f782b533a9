import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above `start` that holds package.json. */
function packageRootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}.`);
  }
}

/**
 * The repository root, for files that ship beside the code (migrations, the built renderer). Found
 * by walking up, because this module runs from server/src/lib in development and tests and from
 * the bundle in dist/server in a release build.
 */
export const repositoryRoot = packageRootAbove(dirname(fileURLToPath(import.meta.url)));
