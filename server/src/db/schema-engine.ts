import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type * as SchemaEngineWasm from '@prisma/schema-engine-wasm';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

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
 * Prisma's schema engine, compiled to WebAssembly. Its entry imports the .wasm file as an ES
 * module, which Node 24 does without a flag (Node 20 needed --experimental-wasm-modules). Loaded
 * on first use: a start-up with no pending migration never pays for it.
 */
let engineModule: Promise<typeof SchemaEngineWasm> | undefined;

export type SchemaFile = { path: string; content: string };

/**
 * Runs `work` with a schema engine over the given database, then frees the engine and closes the
 * connections it opened (freeing the engine alone leaves a SQLite connection holding a lock).
 */
export async function withSchemaEngine<T>(datamodels: SchemaFile[], adapterFactory: SqlMigrationAwareDriverAdapterFactory, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await (engineModule ??= import('@prisma/schema-engine-wasm'));
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
  const engine = await SchemaEngine.new({ datamodels: datamodels.map((file) => [file.path, file.content]) }, () => undefined, bindMigrationAwareSqlAdapterFactory(tracked));
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
