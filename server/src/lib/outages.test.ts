/**
 * The one mapping from a dependency's failure to a 503: each client's real error, as it throws it
 * when its server is away, is recognised; a caller's mistake or our own bug is not.
 */
import { createTransport } from 'nodemailer';
import { ClientClosedError, ClientOfflineError, ConnectionTimeoutError, SocketClosedUnexpectedlyError } from 'redis';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../generated/prisma/client';
import { unhandedPort } from '../testing/services';
import { AppError } from './app-error';
import { outage, unavailableDependency } from './outages';

const prismaError = (code: string, meta?: Record<string, unknown>) => new Prisma.PrismaClientKnownRequestError('query failed', { code, clientVersion: Prisma.prismaVersion.client, meta });

describe('which dependency an error says is down', () => {
  it('the database, for Prisma connection errors and their driver-adapter causes', () => {
    for (const code of ['P1001', 'P1002', 'P1008', 'P1017', 'P2024']) expect(unavailableDependency(prismaError(code))).toBe('database');
    expect(unavailableDependency(prismaError('P2010', { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } }))).toBe('database');
    expect(unavailableDependency(new Prisma.PrismaClientInitializationError("Can't reach database server", Prisma.prismaVersion.client))).toBe('database');
    // PostgreSQL's own "shutting down" from pg, wrapped as a cause.
    expect(unavailableDependency(new Error('query failed', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }))).toBe('database');
    // pg's own "connection lost", which Prisma's pg adapter passes on as it is, with Prisma's version on it
    // (a query on a pooled connection the network cut; job-queue.test.ts meets the real one).
    expect(unavailableDependency(Object.assign(new Error('Connection terminated unexpectedly'), { clientVersion: Prisma.prismaVersion.client }))).toBe('database');
  });

  it('Redis, for the client being offline, closed, timed out or cut', () => {
    for (const error of [new ClientOfflineError(), new ClientClosedError(), new ConnectionTimeoutError(), new SocketClosedUnexpectedlyError()]) expect(unavailableDependency(error)).toBe('redis');
  });

  it('the mail relay, for nodemailer failing to connect', async () => {
    // A port nothing listens on, which no other test's connection can be handed meanwhile.
    const port = await unhandedPort();
    const sent = createTransport({ host: '127.0.0.1', port, connectionTimeout: 1000 }).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'x' });
    expect(unavailableDependency(await sent.catch((error: unknown) => error))).toBe('mail');
  });

  it('none, for a unique violation, a validation error or a bug', () => {
    expect(unavailableDependency(prismaError('P2002'))).toBeUndefined();
    expect(unavailableDependency(new AppError(400, 'bad_request', 'Bad.'))).toBeUndefined();
    expect(unavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    // The same words from a client that is not the database's (Prisma's version names the database's).
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBeUndefined();
    // A third party's socket failing (fetch to Xero) is not our database.
    expect(unavailableDependency(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBeUndefined();
  });
});

it('an outage answers 503 with its sentence and a Retry-After', () => {
  const answer = outage('database');
  expect([answer.status, answer.code, answer.headers['Retry-After']]).toEqual([503, 'database_unavailable', '30']);
  expect(answer.message).toBe('We cannot reach our database just now. Anything you saved before is kept; please try again in a minute.');
  expect(outage('mail', 'We could not send the code just now; try again in a minute.').message).toBe('We could not send the code just now; try again in a minute.');
});
