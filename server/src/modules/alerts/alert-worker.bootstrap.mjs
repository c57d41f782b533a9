// The alert worker's entry in development and tests: the worker is a fresh Node thread without the
// parent's loaders, so it registers tsx (TypeScript and tsconfig's @shared path) before loading the
// worker. Piscina waits for each named task, so the tasks are promises of the worker's functions.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) });
const worker = import('./alert-worker.ts');
export const read = worker.then((module) => module.read);
export const placeOnLivePaddocks = worker.then((module) => module.placeOnLivePaddocks);
export const warmUp = worker.then((module) => module.warmUp);
