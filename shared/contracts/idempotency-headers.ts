/**
 * The headers and refusals of a sending kept once, in a module without zod so the renderer's data
 * client, loaded with the first page, can use them without loading the schemas (the key's schema is
 * in idempotency.ts).
 *
 * A sending that must count once carries an Idempotency-Key header: one random key per submission
 * attempt, kept across retries, so a double click, a retry after a dropped answer or two tabs keep
 * one record and every repeat answers the first, with the Idempotent-Replayed header. An
 * application (POST /api/protection) and a claim (POST /api/claims) keep the key on their own row;
 * the messages and forms marked `sentOnce` on their endpoint keep their first answer instead
 * (server/src/middleware/sent-once.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How a sending marked `sentOnce` (shared/endpoints/endpoint.ts) refuses a key it cannot answer. */
export const SENT_ONCE_MESSAGES = {
  /** The key came with another body or to another address: answering the first would lose this one. */
  keyReused: 'This Idempotency-Key came with something else before; make a new key for each new message or form.',
  /** A repeat while the first sending is still being handled (two presses at once). */
  stillSending: 'The same message is still being sent; wait a moment and send it again.',
  /** A repeat of a sending that was kept, whose answer could not be kept after it (the database gone a moment). */
  keptAlready: 'This was sent and kept already, but its answer did not reach you; reload the page to see it.',
} as const;
