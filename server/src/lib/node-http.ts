/**
 * node:http, read through require. Node's ES-module view of a built-in reads every export, and
 * node:http's lazy WebSocket exports then load the bundled undici: 0.1 to 0.3 s of every start
 * (docs/operations.md, start-up). require hands over the module without touching those getters.
 * The type comes from a type-only import, which costs nothing at run time.
 */
import type * as Http from 'node:http';
import { createRequire } from 'node:module';

export const nodeHttp = createRequire(import.meta.url)('node:http') as typeof Http;
