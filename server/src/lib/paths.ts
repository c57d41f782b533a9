import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, for files that ship beside the code (migrations, the built renderer). */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
