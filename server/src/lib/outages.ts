/**
 * The one mapping from "a service we depend on is down" to what a caller is told: 503 with a
 * sentence and Retry-After, never 500 (docs/operations.md, "Outages"). The error handler asks it
 * about every error it did not expect; the mail outbox asks it whether a failed send is worth
 * another try.
 */
import { OUTAGE_CODES, OUTAGE_MESSAGES, type OutageDependency } from '@shared/contracts/api-error';
import { AppError } from './app-error';

/** How long a caller is asked to wait before trying again, in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** A 503 for `dependency`, with its sentence unless the caller has a more exact one. */
export function outage(dependency: OutageDependency, message = OUTAGE_MESSAGES[dependency]): AppError {
  return new AppError(503, OUTAGE_CODES[dependency], message, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
}

// Prisma's codes for "cannot reach", "timed out", "connection closed" and "no connection free in the pool".
const PRISMA_CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
// What the driver adapters report when the server went away (Prisma's DriverAdapterError causes).
const ADAPTER_CONNECTION_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'DatabaseAccessDenied']);
// PostgreSQL's "shutting down", "starting up" and connection-exception class (08…), from pg itself.
const POSTGRES_UNAVAILABLE = /^(57P0[1-3]|08\d{3})$/;
// node-postgres's errors for a connection lost or never made, which carry no code: Prisma's pg adapter
// passes them on as they are (stamped with Prisma's clientVersion), e.g. a query on a pooled connection
// the network cut before the pool noticed.
const PG_CONNECTION_LOST = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);
// The Redis client's errors when it is not connected (node-redis's error classes, by name: the client is loaded only with REDIS_URL).
const REDIS_ERRORS = new Set(['ClientOfflineError', 'ClientClosedError', 'ConnectionTimeoutError', 'SocketClosedUnexpectedlyError', 'SocketTimeoutError', 'ReconnectStrategyError']);
// nodemailer's codes for a relay that does not answer or drops the connection.
const SMTP_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EPROTOCOL']);

/** Which dependency `error` says is down, or undefined for any other error. */
export function unavailableDependency(error: unknown): OutageDependency | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const found = ownDependency(cause as Record<string, unknown>);
    if (found) return found;
  }
  return undefined;
}

function ownDependency(error: Record<string, unknown>): OutageDependency | undefined {
  const className = (error.constructor as { name?: string } | undefined)?.name ?? '';
  if (className === 'PrismaClientInitializationError') return 'database';
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (className.startsWith('PrismaClient')) {
    const adapterKind = ((error.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError?.cause?.kind ?? '') as string;
    if ((code && PRISMA_CONNECTION_CODES.has(code)) || ADAPTER_CONNECTION_KINDS.has(adapterKind)) return 'database';
    return undefined;
  }
  if ('clientVersion' in error && typeof error.message === 'string' && PG_CONNECTION_LOST.has(error.message)) return 'database';
  if (REDIS_ERRORS.has(className)) return 'redis';
  if (code && SMTP_CODES.has(code) && 'command' in error) return 'mail';
  if (code && POSTGRES_UNAVAILABLE.test(code)) return 'database';
  return undefined;
}
