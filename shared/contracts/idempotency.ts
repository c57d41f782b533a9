import { z } from 'zod';

/** The Idempotency-Key header's value (idempotency-headers.ts says what it is for). */
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  'Send an Idempotency-Key header with the submission: a random key (16 to 128 letters, digits, hyphens or underscores) made once per submission and sent again with every retry.';
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_REQUIRED_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: IDEMPOTENCY_KEY_REQUIRED_MESSAGE });
