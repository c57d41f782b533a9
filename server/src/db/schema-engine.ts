import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineGlue from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

/** Node's WebAssembly global; TypeScript declares it only in the DOM library, which the server does not load. */
const wasmRuntime = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: unknown } }> } }).WebAssembly;

let wasmLoaded: Promise<void> | undefined;

/** The engine reports a Rust panic's text through this global before it throws. */
const panicRegistry = {
  lastMessage: '',
  set_message(message: string) {
    this.lastMessage = message;
  },
};
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panicRegistry }).PRISMA_WASM_PANIC_REGISTRY = panicRegistry;

export function lastSchemaEnginePanic(): string {
  return panicRegistry.lastMessage;
}

/**
 * Instantiates Prisma's schema engine from its WebAssembly build. The package's own entry imports
 * the .wasm file as an ES module, which Node 20 allows only behind a flag, so it is wired up here.
 */
function loadWasm(): Promise<void> {
  wasmLoaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const bytes = await readFile(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm'));
    const { instance } = await wasmRuntime.instantiate(bytes, { './schema_engine_bg.js': engineGlue });
    const exports = instance.exports as { __wbindgen_start: () => void };
    (engineGlue as unknown as { __wbg_set_wasm: (wasm: unknown) => void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmLoaded;
}

export type SchemaFile = { path: string; content: string };

/**
 * Runs `work` with a schema engine over the given database, then frees the engine and closes the
 * connections it opened (freeing the engine alone leaves a SQLite connection holding a lock).
 */
export async function withSchemaEngine<T>(datamodels: SchemaFile[], adapterFactory: SqlMigrationAwareDriverAdapterFactory, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await loadWasm();
  const opened: SqlDriverAdapter[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => remember(await adapterFactory.connect()),
    connectToShadowDb: async () => remember(await adapterFactory.connectToShadowDb()),
  };
  function remember(adapter: SqlDriverAdapter) {
    opened.push(adapter);
    return adapter;
  }
  const engine = await engineGlue.SchemaEngine.new({ datamodels: datamodels.map((file) => [file.path, file.content]) }, () => undefined, bindMigrationAwareSqlAdapterFactory(tracked));
  try {
    return await work(engine);
  } catch (error) {
    throw new Error(lastSchemaEnginePanic() || (error instanceof Error ? error.message : String(error)), { cause: error });
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

export const noSchemaFilter = { externalTables: [], externalEnums: [] };
