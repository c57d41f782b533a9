/**
 * The release server's entry (dist/server/index.mjs): V8's compiled code for every module, ours and
 * the packages', is kept on disk between starts (Node's module compile cache, under the system's
 * temporary folder or NODE_COMPILE_CACHE), which takes about a third off a start. It must be switched
 * on before the server's modules load, hence this file and the dynamic import.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./index');
