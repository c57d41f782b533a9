import { z } from 'zod';

/**
 * A submission that must be kept once (an application: POST /api/protection; a claim: POST
 * /api/claims) carries an Idempotency-Key header: one random key per submission attempt, kept
 * across retries, so a double click, a retry after a dropped answer or two tabs keep one record and
 * every repeat answers the first, with the Idempotent-Replayed header.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  'Send an Idempotency-Key header with the submission: a random key (16 to 128 letters, digits, hyphens or underscores) made once per submission and sent again with every retry.';
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_REQUIRED_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: IDEMPOTENCY_KEY_REQUIRED_MESSAGE });
