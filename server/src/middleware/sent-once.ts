/**
 * Sent once: an endpoint marked `sentOnce` (a message, a form) answers a repeat of a sending, the
 * same Idempotency-Key from the same caller, with the first sending's answer and does nothing
 * again. A grower on a farm's connection whose answer was lost presses Send again; the message is
 * there once. The answer is kept in the database (SentOnceAnswer), so it holds across instances.
 *
 * The key is optional: a sending without one is handled as before. A first sending reserves its key
 * before it is handled; a failure frees the key, so a retry after a refusal is handled afresh. Every
 * write the sending commits marks the reservation in its own transaction (`committedAt`), so a
 * failure after its writes were kept (the answer not kept, a read after) never runs them again: a
 * repeat is told the first is still being sent and, once it would count as abandoned, that it was kept.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, SENT_ONCE_MESSAGES } from '@shared/contracts/idempotency-headers';
import { idempotencyKeySchema } from '@shared/contracts/idempotency';
import type { Request, Response } from 'express';
import type { Database, DatabaseWriter } from '../db/client';
import { alsoInEveryTransaction } from '../db/transaction-guard';
import { AppError, conflict } from '../lib/app-error';
import { sha256Hex } from '../lib/blob-store';
import { isUniqueViolation } from '../lib/sequential-number';
import { parseInput } from '../lib/validate';
import { currentUser } from './auth';

/** A reservation with no answer this long is a sending whose server stopped mid-way: the next repeat handles it. */
export const SENT_ONCE_ABANDONED_AFTER_MS = 60_000;

/**
 * Runs `send` (the handler and its answer) once per key: the answer it returns is kept with the
 * response's status, and a repeat gets both back with Idempotent-Replayed: true.
 */
export async function sentOnce(db: Database, req: Request, res: Response, send: () => Promise<unknown>): Promise<unknown> {
  const key = parseInput(idempotencyKeySchema.optional(), req.get(IDEMPOTENCY_KEY_HEADER));
  if (!key) return send();
  const id = { callerId: currentUser(req)?.id ?? '', key };
  const sending = { route: `${req.method} ${req.baseUrl}${req.path}`, bodyHash: contentsHash(req) };

  if (!(await reserve(db, id, sending))) {
    const kept = await db.sentOnceAnswer.findUnique({ where: { callerId_key: id } });
    if (kept && (kept.route !== sending.route || kept.bodyHash !== sending.bodyHash)) throw new AppError(422, 'idempotency_key_reused', SENT_ONCE_MESSAGES.keyReused);
    if (kept?.answer != null && kept.status != null) {
      res.status(kept.status).set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return JSON.parse(kept.answer) as unknown;
    }
    // Kept, and no answer long after: the answer was lost after the writes (while it is fresh, it may still come).
    if (kept?.committedAt && isAbandoned(kept.createdAt)) throw conflict(SENT_ONCE_MESSAGES.keptAlready, 'sent_kept_already');
    // No row: the first sending failed and freed its key since; this one may have it.
    const mine = kept ? await takeOverAbandoned(db, id, kept.createdAt) : await reserve(db, id, sending);
    if (!mine) throw conflict(SENT_ONCE_MESSAGES.stillSending, 'still_sending');
  }

  let answer: unknown;
  try {
    answer = await alsoInEveryTransaction((tx: DatabaseWriter) => tx.sentOnceAnswer.updateMany({ where: { ...id, committedAt: null }, data: { committedAt: new Date() } }), send);
  } catch (error) {
    // The sending's own failure is the answer, unless its writes were kept already; a database away now leaves the reservation to be taken over later.
    await db.sentOnceAnswer.deleteMany({ where: { ...id, committedAt: null } }).catch(() => undefined);
    throw error;
  }
  await db.sentOnceAnswer.update({ where: { callerId_key: id }, data: { status: res.statusCode, answer: JSON.stringify(answer) } });
  return answer;
}

/**
 * What the key is checked against: the JSON body, and for a multipart upload its files' bytes too
 * (the same key with another file is another sending, refused like another body).
 */
function contentsHash(req: Request): string {
  const body = JSON.stringify(req.body ?? null);
  const files = [...(req.file ? [req.file] : []), ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())];
  if (files.length === 0) return sha256Hex(Buffer.from(body));
  return sha256Hex(Buffer.from(JSON.stringify([body, ...files.map((file) => [file.fieldname, file.originalname, sha256Hex(file.buffer)])])));
}

/** Reserves the key for this sending; false when it was sent before (or is being sent now). */
async function reserve(db: Database, id: { callerId: string; key: string }, sending: { route: string; bodyHash: string }): Promise<boolean> {
  try {
    await db.sentOnceAnswer.create({ data: { ...id, ...sending } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

const isAbandoned = (reservedAt: Date) => Date.now() - reservedAt.getTime() >= SENT_ONCE_ABANDONED_AFTER_MS;

/** Takes an abandoned reservation over, once: of two repeats racing for it, one wins; never one whose writes were kept. */
async function takeOverAbandoned(db: Database, id: { callerId: string; key: string }, reservedAt: Date): Promise<boolean> {
  if (!isAbandoned(reservedAt)) return false;
  const { count } = await db.sentOnceAnswer.updateMany({ where: { ...id, answer: null, committedAt: null, createdAt: reservedAt }, data: { createdAt: new Date() } });
  return count === 1;
}
