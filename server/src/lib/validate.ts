import type { z } from 'zod';
import { AppError } from './app-error';

/** A 400 that carries zod's issues so a form can show each message beside its field. */
export class ValidationError extends AppError {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    const first = issues[0];
    super(400, 'validation_error', first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'The request is not valid.');
  }
}

/** Parses outside input with a shared schema; the handler then works with the typed result only. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
}
