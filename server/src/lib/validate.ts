import type { z } from 'zod';
import { AppError } from './app-error';
import { holdsUnstorableText, NUL_CHARACTER_MESSAGE, nulCharacterPath, wellFormedText } from './stored-text';

/** A 400 that carries zod's issues so a form can show each message beside its field. */
export class ValidationError extends AppError {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    const first = issues[0];
    super(400, 'validation_error', first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'The request is not valid.');
  }
}

/** zod's issues as the 400 a form reads. */
export const validationErrorOf = (error: z.ZodError): ValidationError => new ValidationError(error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));

/**
 * Input as the database can keep it (stored-text.ts): refused with the field named when it holds a
 * NUL character, a lone half of a surrogate pair made U+FFFD; the same value when neither is there.
 */
export function storableInput<T>(value: T): T {
  // Every request passes here: one walk for the usual answer, the closer looks only when it is yes.
  if (!holdsUnstorableText(value)) return value;
  const nul = nulCharacterPath(value);
  if (nul) throw new ValidationError([{ path: nul.join('.'), message: NUL_CHARACTER_MESSAGE }]);
  return wellFormedText(value);
}

/** Parses outside input with a shared schema, made storable first (storableInput); the handler then works with the typed result only. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(storableInput(value));
  if (result.success) return result.data;
  throw validationErrorOf(result.error);
}
