import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

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

/** Marks the async context of every interactive transaction's callback, so that the adapter below can tell. */
export function markTransactionCallbacks<Client extends { $transaction: (...args: never[]) => Promise<unknown> }>(client: Client): Client {
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const marked = async (...args: unknown[]) => {
    const [callback, ...options] = args;
    // A list of queries is one batch Prisma runs itself; only a callback runs code of ours inside the transaction.
    if (typeof callback !== 'function') return transaction(...args);
    refuseIfTransactionOpen();
    const state = { open: false };
    const whileOpen = async (tx: unknown) => {
      state.open = true;
      try {
        return await (callback as (tx: unknown) => Promise<unknown>)(tx);
      } finally {
        state.open = false;
      }
    };
    return transactionOfCallback.run(state, () => transaction(whileOpen, ...options));
  };
  (client as { $transaction: unknown }).$transaction = marked;
  if (client.$transaction !== (marked as unknown)) throw new Error('The database client no longer lets its $transaction be wrapped: queries beside a transaction cannot be refused');
  return client;
}

/** The queries and transactions of the client's own adapter, which a transaction's callback may not ask for. */
const BESIDE_THE_TRANSACTION = ['queryRaw', 'executeRaw', 'executeScript', 'startTransaction'] as const;

/** The adapter refusing, inside a transaction's callback, the queries and transactions that are not the transaction's. */
export function refusingQueriesBesideTransactions(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  // Wrapped once per connection, not at each query: every query of the server goes through here.
  const guarded = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    const refusing = new Map<PropertyKey, unknown>(
      BESIDE_THE_TRANSACTION.map((name) => {
        const run = (adapter[name] as (...args: unknown[]) => Promise<unknown>).bind(adapter);
        return [
          name,
          async (...args: unknown[]) => {
            refuseIfTransactionOpen();
            return run(...args);
          },
        ];
      }),
    );
    return new Proxy(adapter, {
      get(target, property) {
        if (refusing.has(property)) return refusing.get(property);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => guarded(await factory.connect()),
  };
}
