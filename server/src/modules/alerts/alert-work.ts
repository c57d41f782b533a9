/**
 * Runs the alert worker's tasks (alert-worker.ts) in a pool of worker threads, so reading and
 * placing a message never holds the thread that answers requests (docs/alerts.md, "Limits"). Each
 * task has the time limit ALERT_WORK_SECONDS: past it the thread is stopped and the message refused.
 * One thread: with two cores, the other is the request thread's; messages wait their turn. The
 * thread is kept once started, and a server starts and warms it when it listens (startAlertWork): loading
 * and compiling the worker's code took a storm's first warning a fifth of a second and more (docs/operations.md 'Storm day').
 */
import { Piscina } from 'piscina';
import type { AlertGeometry, IncomingAlertEvent } from '@shared/contracts/alerts';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { workerEntry } from '../../lib/worker-entry';
import type { AlertMessage } from './incoming-message';
import type { LivePaddocksRead, Placement, WorkerAnswer } from './alert-worker';

/** Messages waiting for the thread beyond this are refused at once: staff can post again, a feed polls again. */
const MAX_WAITING = 20;

let pool: Piscina | undefined;
function alertPool(): Piscina {
  pool ??= new Piscina({
    filename: workerEntry(new URL('./alert-worker.mjs', import.meta.url), new URL('./alert-worker.bootstrap.mjs', import.meta.url)).href,
    minThreads: 1,
    maxThreads: 1,
    maxQueue: MAX_WAITING,
  });
  return pool;
}

/**
 * Starts the worker thread ahead of the first message and has it place a made-up storm a few times
 * (alert-warm-up.ts), so a storm's first warning is not the one that waits for the compiler. A
 * message arriving meanwhile waits its turn, about a fifth of a second.
 */
export function startAlertWork(logger: Pick<Logger, 'warn'>): void {
  alertPool()
    .run({}, { name: 'warmUp' })
    .catch((error: unknown) => logger.warn({ err: error }, 'the alert worker could not warm up; the first warning will be slower'));
}

type TimeLimit = Pick<Env, 'ALERT_WORK_SECONDS'>;

async function run<T>(env: TimeLimit, name: 'read' | 'placeOnLivePaddocks', task: unknown): Promise<T> {
  const seconds = env.ALERT_WORK_SECONDS;
  try {
    return (await alertPool().run(task, { name, signal: AbortSignal.timeout(seconds * 1000) })) as T;
  } catch (error) {
    const { name: kind, message } = error as Error;
    if (kind === 'AbortError') {
      throw new AppError(422, 'message_too_slow', `Reading and placing the message took longer than ${seconds} s, so it was stopped and nothing was stored; send fewer or simpler shapes at once.`);
    }
    if (message.includes('queue is at limit')) {
      throw new AppError(503, 'alert_work_busy', 'Too many alert messages are waiting to be read just now; post this one again in a minute.', { 'Retry-After': '30' });
    }
    throw error;
  }
}

/** The events of a message, read off the request thread; a refusal is thrown as the AppError it was. */
export async function readAlertMessageOffThread(env: TimeLimit & Pick<Env, 'ALERT_DISTRICTS_FILE'>, message: AlertMessage): Promise<IncomingAlertEvent[]> {
  const answer = await run<WorkerAnswer<IncomingAlertEvent[]>>(env, 'read', { message, districtsFile: env.ALERT_DISTRICTS_FILE });
  if (!answer.ok) throw new AppError(answer.status, answer.code, answer.message);
  return answer.value;
}

/**
 * Each geometry laid over the live paddocks off the request thread: its matches and its area. On the
 * paddocks the thread read last when they hold what a read now would (placeOnLivePaddocks), else on
 * the pages `readPages` reads (readAlertPaddockPages), which the thread keeps for the next.
 */
export async function placeAlertEventsOffThread(env: TimeLimit, geometries: AlertGeometry[], read: LivePaddocksRead, readPages: () => Promise<string[]>): Promise<Placement[]> {
  return (await run<Placement[] | null>(env, 'placeOnLivePaddocks', { geometries, read })) ?? (await run<Placement[]>(env, 'placeOnLivePaddocks', { geometries, read, pages: await readPages() }));
}
