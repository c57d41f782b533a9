import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@shared/endpoints/endpoint';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { notFound } from '../lib/app-error';
import { createLogger } from '../lib/logger';
import { errorHandler } from './error-handler';
import { endpointRouter } from './serve';

const rename = endpoint({
  method: 'POST',
  path: '/api/paddocks/:id/name',
  access: 'everyone',
  params: z.object({ id: z.string().regex(/^p\d+$/, 'Not a paddock id') }),
  body: z.object({ name: z.string().trim().min(1, 'Give the paddock a name') }),
  response: z.object({ paddock: z.object({ id: z.string(), name: z.string() }) }),
  status: 201,
  summary: 'Renames a paddock (test endpoint).',
});

const adminsOnly = endpoint({ method: 'GET', path: '/api/secret', access: 'administrator', response: z.object({ ok: z.literal(true) }), summary: 'Test.' });

/** These routes send nothing once (sent-once.ts is tested on the real app), so they reach no database. */
const noDatabase = undefined as unknown as Database;

/** Only p1 exists; 'p9' belongs to someone else and answers as not found. */
const paddocks = new Map([['p1', { id: 'p1', name: 'Home North' }]]);

function app(nodeEnv: Env['NODE_ENV'], answer?: (name: string) => unknown) {
  const { router, serve } = endpointRouter({ env: { NODE_ENV: nodeEnv } as Env, db: noDatabase });
  serve(rename)({
    load: async (_req, { params }) => {
      const paddock = paddocks.get(params.id);
      if (!paddock) throw notFound('That paddock is not on your farm.');
      return paddock;
    },
    handle: async (_req, _res, { record, body }) => (answer ? (answer(body.name) as never) : { paddock: { id: record.id, name: body.name } }),
  });
  serve(adminsOnly)({ handle: async () => ({ ok: true }) });
  const server = express();
  server.use(express.json());
  server.use('/api', router);
  server.use(errorHandler(createLogger('silent')));
  return server;
}

describe('serving an endpoint of the table', () => {
  it('answers with the handler’s result and the endpoint’s status, the body parsed by its schema', async () => {
    const response = await request(app('test')).post('/api/paddocks/p1/name').send({ name: '  Creek Flat ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ paddock: { id: 'p1', name: 'Creek Flat' } });
  });

  it('reads the address before the record, and the record before the body: a paddock not yours is 404 whatever the body', async () => {
    const badId = await request(app('test')).post('/api/paddocks/x/name').send({ name: 'A' });
    expect(badId.status).toBe(400);
    expect(badId.body.issues).toEqual([{ path: 'id', message: 'Not a paddock id' }]);
    const notYours = await request(app('test')).post('/api/paddocks/p9/name').send({});
    expect(notYours.status).toBe(404);
    expect(notYours.body.message).toBe('That paddock is not on your farm.');
    const noName = await request(app('test')).post('/api/paddocks/p1/name').send({ name: ' ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('name: Give the paddock a name');
  });

  it('guards by the endpoint’s access before anything else', async () => {
    const response = await request(app('test')).get('/api/secret');
    expect(response.status).toBe(401);
  });

  it('outside production, refuses to send an answer its response schema does not describe', async () => {
    const response = await request(app('test', (name) => ({ paddock: { id: 1, label: name } })))
      .post('/api/paddocks/p1/name')
      .send({ name: 'A' });
    expect(response.status).toBe(500);
  });

  it('in production, sends the answer unchecked (the check costs a copy of every answer)', async () => {
    const response = await request(app('production', (name) => ({ paddock: { id: 1, label: name } })))
      .post('/api/paddocks/p1/name')
      .send({ name: 'A' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ paddock: { id: 1, label: 'A' } });
  });
});

describe('the words of a failure, as the endpoint’s record asks for them', () => {
  const note = { method: 'POST', path: '/api/notes', access: 'everyone', body: z.object({ text: z.string().min(3, 'Write a few words') }), response: z.object({ success: z.literal(true) }) } as const;
  const asSentence = endpoint({ ...note, failures: { error: 'sentence' }, summary: 'Test.' });
  const asMessage = endpoint({ ...note, path: '/api/requests', failures: { error: 'message', success: false, unexpected: 'Failed to send your request' }, summary: 'Test.' });
  const usual = endpoint({ ...note, path: '/api/plain', summary: 'Test.' });

  function failing(handle: () => Promise<{ success: true }>) {
    const { router, serve } = endpointRouter({ env: { NODE_ENV: 'test' } as Env, db: noDatabase });
    for (const definition of [asSentence, asMessage, usual]) serve(definition)({ handle });
    const server = express();
    server.use(express.json());
    server.use('/api', router);
    server.use(errorHandler(createLogger('silent')));
    return server;
  }

  it('answers bad input with the person’s sentence, the message with its field, or the usual code', async () => {
    const server = failing(async () => ({ success: true }));
    const issues = [{ path: 'text', message: 'Write a few words' }];
    expect((await request(server).post('/api/notes').send({ text: 'a' })).body).toEqual({ error: 'Write a few words', message: 'Write a few words', issues });
    expect((await request(server).post('/api/requests').send({ text: 'a' })).body).toEqual({ success: false, error: 'text: Write a few words', message: 'text: Write a few words', issues });
    expect((await request(server).post('/api/plain').send({ text: 'a' })).body).toEqual({ error: 'validation_error', message: 'text: Write a few words', issues });
  });

  it('answers a failure on our side with the record’s own text where it gives one, still a 500', async () => {
    const server = failing(async () => {
      throw new Error('disk on fire');
    });
    const sent = await request(server).post('/api/requests').send({ text: 'hello' });
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ success: false, error: 'Failed to send your request', message: 'Failed to send your request' });
    const plain = await request(server).post('/api/plain').send({ text: 'hello' });
    expect(plain.body.error).toBe('internal_error');
  });
});
