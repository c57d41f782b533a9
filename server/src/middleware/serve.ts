/**
 * Mounts a route of the endpoint table (shared/endpoints) as one chain: the guard its access
 * declares, then the middleware it names (rate limits), the address and query parsed with its
 * schemas, the record loaded and authorized, a multipart body read (only then), the body parsed, and the handler. A handler returns the
 * answer, sent with the endpoint's status; outside production the answer is first checked against
 * the endpoint's response schema, so a route and the renderer's reading of it cannot drift apart
 * unnoticed. A handler that sends a file or a CSV returns nothing and writes the response itself.
 * An endpoint marked `sentOnce` answers a repeat of a sending with its first answer (sent-once.ts).
 */
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import type { Endpoint } from '@shared/endpoints/endpoint';
import type { AppContext } from '../context';
import { guardFor } from './auth';
import { sentOnce } from './sent-once';
import { validate } from './validate';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The endpoint's address and query, parsed: what a loader reads. */
export interface AddressInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
}

/** Everything the handler reads: the parsed input and the record its loader returned. */
export interface EndpointInput<E extends Endpoint, Loaded> extends AddressInput<E> {
  body: Parsed<E['body']>;
  record: Loaded;
}

type Answer<E extends Endpoint> = E extends { response: infer R extends z.ZodType } ? z.input<R> : void;

export interface EndpointRoute<E extends Endpoint, Loaded> {
  /** Runs after the guard and before any input is read (rate limits). */
  middleware?: RequestHandler[];
  /** Finds the record the address names and refuses (404, 403) when the caller may not reach it. */
  load?: (req: Request, input: AddressInput<E>) => Promise<Loaded>;
  /** Reads a body JSON parsing does not (multer, for a multipart upload): only once `load` let the caller through. */
  readBody?: RequestHandler;
  handle: (req: Request, res: Response, input: EndpointInput<E, Loaded>) => Promise<Answer<E>>;
}

/** A router whose routes come from the endpoint table. */
export function endpointRouter({ env, db }: Pick<AppContext, 'env' | 'db'>) {
  const router = Router();
  const checkAnswers = env.NODE_ENV !== 'production';

  /**
   * serve(endpoint)({ load, handle }): in two calls so that the endpoint is known before the
   * handler is read, and the handler's answer is checked against its response type as written
   * (in one call TypeScript widens `success: true` to boolean while it infers).
   */
  const serve =
    <E extends Endpoint>(definition: E) =>
    <Loaded = undefined>(route: EndpointRoute<E, Loaded>): void => {
      // Only the steps the endpoint needs: a health check is as short a chain as it was written by hand.
      const address = definition.params || definition.query ? validate({ params: definition.params, query: definition.query }) : undefined;
      const body = definition.body ? validate({ body: definition.body }) : undefined;
      const addressOf = (req: Request) => ({ params: address?.input(req).params, query: address?.input(req).query }) as AddressInput<E>;
      const records = new WeakMap<Request, Loaded>();
      const load: RequestHandler | undefined = route.load
        ? async (req, _res, next) => {
            records.set(req, await route.load!(req, addressOf(req)));
            next();
          }
        : undefined;
      const answerOf = async (req: Request, res: Response) => {
        const input = { ...addressOf(req), body: body?.input(req).body as Parsed<E['body']>, record: records.get(req) as Loaded };
        const answer = await route.handle(req, res, input);
        if (answer === undefined || !definition.response) return undefined;
        if (checkAnswers) checkAnswer(definition, answer);
        // A handler that answers with another status sets it first (a reversal only asked for: 202; not ready: 503).
        if (res.statusCode === 200) res.status(definition.status ?? 200);
        return answer;
      };
      if (definition.sentOnce && !definition.response) throw new Error(`${definition.method} ${definition.path} is sent once but answers no JSON to keep.`);
      const handle: RequestHandler = async (req, res) => {
        const answer = definition.sentOnce ? await sentOnce(db, req, res, () => answerOf(req, res)) : await answerOf(req, res);
        if (answer !== undefined) res.json(answer);
      };
      // The error handler words this route's failures as its record says (a form shows `error` as it is).
      const failureWords: RequestHandler | undefined = definition.failures
        ? (_req, res, next) => {
            res.locals['failures'] = definition.failures;
            next();
          }
        : undefined;
      const chain = [failureWords, guardFor(definition.access), ...(route.middleware ?? []), address, load, route.readBody, body, handle].filter((step) => step !== undefined);
      const method = definition.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      router[method](definition.path.slice('/api'.length), ...chain);
    };

  return { router, serve };
}

/** The answer as the client will read it (JSON, dates as strings) against the endpoint's response schema. */
function checkAnswer(definition: Endpoint, answer: unknown) {
  const sent: unknown = JSON.parse(JSON.stringify(answer));
  const result = definition.response!.safeParse(sent);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
    throw new Error(`${definition.method} ${definition.path} answered outside its response schema: ${issues}`);
  }
}
