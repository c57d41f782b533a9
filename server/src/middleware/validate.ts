/**
 * Input declared in the route chain: validate({ params, query, body }) parses each part once with a
 * schema from shared/contracts and keeps the typed result for the handler, which reads it with the
 * same validator's input(req) and never parses again. A part that does not parse answers 400
 * { error: 'validation_error', message, issues } (lib/validate.ts). A chain may validate in steps
 * (the params and query before a record is loaded and authorized, the body after), each step with
 * its own validator.
 */
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { parseInput } from '../lib/validate';

type Part = 'params' | 'query' | 'body';
type Schemas = Partial<Record<Part, z.ZodType>>;
export type ValidatedInput<S extends Schemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

export interface Validator<S extends Schemas> extends RequestHandler {
  /** The parsed input of this request; only in handlers after this validator in the chain. */
  input(req: Request): ValidatedInput<S>;
}

const parsedByRequest = new WeakMap<Request, WeakMap<object, unknown>>();

export function validate<S extends Schemas>(schemas: S): Validator<S> {
  const key = {};
  const handler: RequestHandler = (req, _res, next) => {
    const parsed: Partial<Record<Part, unknown>> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (schema) parsed[part] = parseInput(schema, req[part] ?? {});
    }
    const byValidator = parsedByRequest.get(req) ?? new WeakMap<object, unknown>();
    byValidator.set(key, parsed);
    parsedByRequest.set(req, byValidator);
    next();
  };
  return Object.assign(handler, {
    input(req: Request): ValidatedInput<S> {
      const parsed = parsedByRequest.get(req)?.get(key);
      if (!parsed) throw new Error('validate(): input(req) was read in a handler the validator does not run before.');
      return parsed as ValidatedInput<S>;
    },
  });
}
