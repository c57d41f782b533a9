/**
 * A record a route chain loaded and authorized before its handler (a claim, an invoice), handed to
 * the handler typed. A loader middleware calls set(req, row); the handler reads get(req).
 */
import type { Request } from 'express';

export interface LoadedRecord<T> {
  set(req: Request, value: T): void;
  get(req: Request): T;
}

export function loadedRecord<T>(what: string): LoadedRecord<T> {
  const values = new WeakMap<Request, T>();
  return {
    set: (req, value) => void values.set(req, value),
    get: (req) => {
      if (!values.has(req)) throw new Error(`No ${what} was loaded for this request: its loader must run before the handler.`);
      return values.get(req)!;
    },
  };
}
