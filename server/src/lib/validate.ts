import type { z } from 'zod';
import { AppError } from './app-error';
import { NUL_CHARACTER_MESSAGE, nulCharacterPath } from './nul-characters';

/** A 400 that carries zod's issues so a form can show each message beside its field. */
export class ValidationError extends AppError {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    const first = issues[0];
    super(400, 'validation_error', first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'The request is not valid.');
  }
}

/** zod's issues as the 400 a form reads. */
export const validationErrorOf = (error: z.ZodError): ValidationError => new ValidationError(error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));

/** Refuses input holding a NUL character anywhere, naming the field (nul-characters.ts). */
export function refuseNulCharacters(value: unknown): void {
  const nul = nulCharacterPath(value);
  if (nul) throw new ValidationError([{ path: nul.join('.'), message: NUL_CHARACTER_MESSAGE }]);
}

/** Parses outside input with a shared schema, a NUL character anywhere in it refused first; the handler then works with the typed result only. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  refuseNulCharacters(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationErrorOf(result.error);
}
