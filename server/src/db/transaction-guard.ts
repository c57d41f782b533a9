import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A query made through the database client (`db`) from inside an interactive transaction's callback
 * is not part of the transaction. On the embedded database it waits for the turn the transaction
 * holds (adapter.ts) until the transaction expires, five seconds later, and the request fails; on
 * PostgreSQL it takes a second connection, which under load the pool may not have. Such a query is
 * refused at once, with this error, so the mistake fails in its first test on either database.
 */
export class QueryBesideTransactionError extends Error {
  constructor() {
    super('A query was made through the database client inside a transaction that is still open; make it through the transaction client (tx), or after the transaction ends.');
    this.name = 'QueryBesideTransactionError';
  }
}

/** The interactive transaction whose callback is running in this async context, while it is open. */
const transactionOfCallback = new AsyncLocalStorage<{ open: boolean }>();

function refuseIfTransactionOpen(): void {
  if (transactionOfCallback.getStore()?.open) throw new QueryBesideTransactionError();
}

/** What every transaction opened within `alsoInEveryTransaction`'s work writes before it commits, until one with it has. */
const writtenInEveryTransaction = new AsyncLocalStorage<{ write: (tx: unknown) => Promise<unknown>; active: boolean; kept: boolean }>();

/** The mark still to write: while the work runs, until a transaction has committed it (then the later writes need none). */
const markToWrite = () => {
  const also = writtenInEveryTransaction.getStore();
  return also?.active && !also.kept ? also : undefined;
};

/**
 * Runs `work` with `write` made with every write it commits, before the commit, until one commit has
 * kept it: kept exactly when the work's writes are (a sent-once reservation marked done). An interactive transaction makes it
 * through its client; a batch (`$transaction([…])`) takes it as its last query, so `write` answers
 * its query unawaited; a lone write becomes a batch of itself and the mark (`markedWhenAwaited`).
 * Only while the work runs; a job it wakes that runs on afterwards does not write it.
 */
export async function alsoInEveryTransaction<Writer, T>(write: (tx: Writer) => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  const store = { write: write as (tx: unknown) => Promise<unknown>, active: true, kept: false };
  try {
    return await writtenInEveryTransaction.run(store, work);
  } finally {
    store.active = false;
  }
}

/** Marks the async context of every interactive transaction's callback, so that the adapter below can tell. */
export function markTransactionCallbacks<Client extends { $transaction: (...args: never[]) => Promise<unknown> }>(client: Client): Client {
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const marked = async (...args: unknown[]) => {
    const [callback, ...options] = args;
    refuseIfTransactionOpen();
    const also = markToWrite();
    // A list of queries is one batch Prisma runs itself; only a callback runs code of ours inside the transaction.
    if (typeof callback !== 'function') {
      if (!also || !Array.isArray(callback)) return transaction(...args);
      const results = (await transaction([...(callback as unknown[]), also.write(client)], ...options)) as unknown[];
      also.kept = true;
      return results.slice(0, callback.length);
    }
    const state = { open: false };
    const whileOpen = async (tx: unknown) => {
      state.open = true;
      try {
        const result = await (callback as (tx: unknown) => Promise<unknown>)(tx);
        if (also) await also.write(tx);
        return result;
      } finally {
        state.open = false;
      }
    };
    const result = await transactionOfCallback.run(state, () => transaction(whileOpen, ...options));
    if (also) also.kept = true;
    return result;
  };
  (client as { $transaction: unknown }).$transaction = marked;
  if (client.$transaction !== (marked as unknown)) throw new Error('The database client no longer lets its $transaction be wrapped: queries beside a transaction cannot be refused');
  return client;
}

/** The client's own queries beside its models' (its transactions are marked above). */
const RAW_QUERIES = new Set<PropertyKey>(['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe', '$queryRawTyped']);

/** `method` of `target`, refusing to be called inside a transaction's callback. */
const refusingBesideTransactions =
  (target: object, method: (...args: unknown[]) => unknown) =>
  (...args: unknown[]) => {
    refuseIfTransactionOpen();
    return method.apply(target, args);
  };

/** The delegate methods that write. */
const WRITES = new Set<PropertyKey>(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany']);

/**
 * A write asked of the client, not of a transaction, while `alsoInEveryTransaction`'s work runs: when
 * awaited it runs as a batch of itself and the work's mark (`inBatch`, the marked `$transaction`),
 * so the two are kept together; put in a batch instead, that batch takes the mark. Prisma's query is
 * lazy (it runs when awaited or when a batch asks for it), so only its awaiting is changed.
 */
function markedWhenAwaited(query: object, inBatch: (queries: unknown[]) => Promise<unknown>): object {
  let answer: Promise<unknown> | undefined;
  const run = () => (answer ??= inBatch([query]).then((answers) => (answers as unknown[])[0]));
  const awaiting: Record<PropertyKey, unknown> = {
    then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => run().then(onFulfilled, onRejected),
    catch: (onRejected?: (reason: unknown) => unknown) => run().catch(onRejected),
    finally: (onFinally?: () => void) => run().finally(onFinally),
  };
  return new Proxy(query, {
    get(target, property) {
      if (Object.hasOwn(awaiting, property)) return awaiting[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A model's delegate (db.user and the like) whose every method refuses to be called inside a
 * transaction's callback, and whose writes are marked while `alsoInEveryTransaction`'s work runs.
 */
function refusingDelegate(delegate: object, inBatch: (queries: unknown[]) => Promise<unknown>): object {
  const methods = new Map<PropertyKey, unknown>();
  const methodOf = (target: object, property: PropertyKey, value: (...args: unknown[]) => unknown) => {
    const refusing = refusingBesideTransactions(target, value);
    if (!WRITES.has(property)) return refusing;
    return (...args: unknown[]) => {
      const query = refusing(...args) as object;
      return markToWrite() ? markedWhenAwaited(query, inBatch) : query;
    };
  };
  return new Proxy(delegate, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!methods.has(property)) methods.set(property, methodOf(target, property, value as (...args: unknown[]) => unknown));
      return methods.get(property);
    },
  });
}

/**
 * The client refusing, where it is called, a query asked of it inside a transaction's callback. Asked
 * at the call, not where the query reaches the database: Prisma runs the reads of one tick together
 * from a callback the first of them scheduled, so a read of the transaction's would carry another
 * request's read into its context. The transaction client Prisma hands the callback is not this
 * proxy, so its queries pass.
 */
export function refusingQueriesBesideTransactions<Client extends object>(client: Client): Client {
  // Made once per member: every query of the server comes through here.
  const members = new Map<PropertyKey, unknown>();
  const memberOf = (target: Client, property: PropertyKey, value: unknown): unknown => {
    if (RAW_QUERIES.has(property) && typeof value === 'function') return refusingBesideTransactions(target, value as (...args: unknown[]) => unknown);
    if (typeof value === 'function') return value.bind(target);
    // A model's delegate; the client's own objects ($-prefixed) pass as they are.
    if (typeof property === 'string' && !property.startsWith('$') && !property.startsWith('_') && value !== null && typeof value === 'object')
      return refusingDelegate(value, (queries) => (target as unknown as { $transaction: (queries: unknown[]) => Promise<unknown> }).$transaction(queries));
    return undefined;
  };
  return new Proxy(client, {
    get(target, property) {
      if (members.has(property)) return members.get(property);
      const value: unknown = Reflect.get(target, property, target);
      const member = memberOf(target, property, value);
      if (member === undefined) return value;
      members.set(property, member);
      return member;
    },
  });
}
