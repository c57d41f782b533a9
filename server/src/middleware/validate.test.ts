import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../lib/logger';
import { errorHandler } from './error-handler';
import { validate } from './validate';

const routeInput = validate({
  params: z.object({ id: z.string().regex(/^\d+$/, 'Not a valid id') }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
  body: z.object({ name: z.string().trim().min(1, 'Give it a name'), tags: z.array(z.string()).default([]) }),
});

function app() {
  const server = express();
  server.use(express.json());
  server.post('/things/:id', routeInput, (req, res) => {
    res.json(routeInput.input(req));
  });
  server.use(errorHandler(createLogger('silent')));
  return server;
}

describe('validate', () => {
  it('hands the handler the parsed, typed input: coerced, trimmed and defaulted', async () => {
    const response = await request(app()).post('/things/42?page=3').send({ name: '  Creek Flat  ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ params: { id: '42' }, query: { page: 3 }, body: { name: 'Creek Flat', tags: [] } });
  });

  it('answers 400 with the shape forms read: error, message and each issue with its path', async () => {
    const response = await request(app()).post('/things/42').send({ name: '' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: 'name: Give it a name', issues: [{ path: 'name', message: 'Give it a name' }] });
    const badId = await request(app()).post('/things/x').send({ name: 'A' });
    expect(badId.body).toMatchObject({ error: 'validation_error', issues: [{ path: 'id', message: 'Not a valid id' }] });
  });

  it('checks the params and query before the body, and reads a missing body as empty', async () => {
    const response = await request(app()).post('/things/42?page=0');
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('page');
    const noBody = await request(app()).post('/things/42');
    expect(noBody.body.issues).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('refuses to hand out input in a handler it did not run before', () => {
    expect(() => routeInput.input({} as express.Request)).toThrow(/does not run before/);
  });
});
