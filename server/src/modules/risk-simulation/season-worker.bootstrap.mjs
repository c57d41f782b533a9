// The season worker's entry: the worker is a fresh Node thread without the parent's loaders, so it
// registers tsx (TypeScript and the @shared path of tsconfig.json) before loading the worker itself.
// The same file serves `node --import tsx server/src/index.ts` and the API tests under Vitest.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) });
await import('./season-worker.ts');
