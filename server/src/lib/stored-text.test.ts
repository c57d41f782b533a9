import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyQuoteState } from '@shared/contracts/quote';
import { draftDataHash, draftQuoteData } from '@shared/domain/quote/draft';
import { createTestUser, csrfAgent, signedInAgent } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TOO_DEEP_MESSAGE } from './stored-text';

/** A NUL character: PostgreSQL keeps none in text or JSON, so one sent by hand must be refused before it reaches the database. */
const NUL = '\u0000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  await createTestUser(t.db, { email: 'grower@example.com' });
  await createTestUser(t.db, { email: 'desk@example.com', isAdmin: true });
});
afterAll(() => t.close());

describe('text the database cannot keep, in what someone sends', () => {
  it('refuses a NUL in a form’s text with a sentence naming the field, and keeps nothing of it', async () => {
    const visitor = await csrfAgent(t.app);
    const response = await visitor.post('/api/form-submissions').send({ type: 'contact', name: 'Jo', email: 'jo@example.com', phone: '', message: `Can I add a paddock?${NUL}`, website: '' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/control character/);
    expect(await t.db.formSubmission.count()).toBe(0);
  });

  it('refuses a NUL deep inside a saved quote, and the draft saved before is kept as it was', async () => {
    const member = await signedInAgent(t.app, 'grower@example.com');
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'grower@example.com' } });
    const save = (id: string, firstName: string) => {
      const quote = emptyQuoteState();
      quote.personalDetails.firstName = firstName;
      const data = draftQuoteData(quote);
      return member.post('/api/user/drafts').send({ id, userId: user.id, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data) });
    };
    expect((await save('draft-jo-1', 'Jo')).status).toBe(201);
    const refused = await save('draft-jo-2', `Jo${NUL}`);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'data.personalDetails.firstName', message: expect.stringMatching(/control character/) }]);
    const drafts = await t.db.draft.findMany({ where: { userId: user.id } });
    expect(drafts.map((draft) => (draft.quoteData as { personalDetails: { firstName: string } }).personalDetails.firstName)).toEqual(['Jo']);
  });

  it('keeps a quote whose name ends in half an emoji, the half made U+FFFD as a text column stores it', async () => {
    const member = await signedInAgent(t.app, 'grower@example.com');
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'grower@example.com' } });
    const quote = emptyQuoteState();
    // What a length limit leaves of "Jo 🌾" when it cuts between the two halves of the emoji.
    quote.personalDetails.firstName = 'Jo \ud83c';
    const data = draftQuoteData(quote);
    const saved = await member.post('/api/user/drafts').send({ id: 'draft-jo-3', userId: user.id, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data) });
    expect(saved.status).toBe(201);
    const draft = await t.db.draft.findUniqueOrThrow({ where: { id: 'draft-jo-3' } });
    expect((draft.quoteData as { personalDetails: { firstName: string } }).personalDetails.firstName).toBe('Jo \ufffd');
  });

  it('refuses data nested deeper than anything the site sends with a sentence, not a crash', async () => {
    // As text: the test's own JSON.stringify cannot write what a hand-made body holds.
    const levels = 30_000;
    const step = `${'['.repeat(levels)}"deep"${']'.repeat(levels)}`;
    const body = `{"events":[{"event":"quote_step.viewed","timestamp":"${new Date().toISOString()}","properties":{"step":${step}}}]}`;
    const visitor = await csrfAgent(t.app);
    const response = await visitor.post('/api/analytics/events').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TOO_DEEP_MESSAGE);
    // A quote submitted with its details that deep: its own readers never see it.
    const member = await signedInAgent(t.app, 'grower@example.com');
    const submitted = await member.post('/api/protection').set('Idempotency-Key', 'deep-quote-1').set('Content-Type', 'application/json').send(`{"personalDetails":${step}}`);
    expect(submitted.status).toBe(400);
    expect(submitted.body.message).toBe(TOO_DEEP_MESSAGE);
  });

  it('refuses a NUL in a search address', async () => {
    const staff = await signedInAgent(t.app, 'desk@example.com');
    const response = await staff.get('/api/admin/user-lookup').query({ q: `Gro${NUL}wer` });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: 'q', message: expect.stringMatching(/control character/) }]);
  });

  it('drops a NUL from the title of a warning as an agency publishes it: a stray byte costs nobody the warning', async () => {
    const staff = await signedInAgent(t.app, 'desk@example.com');
    const ring = [
      [117.1, -31.7],
      [117.3, -31.7],
      [117.3, -31.5],
      [117.1, -31.5],
      [117.1, -31.7],
    ];
    const properties = { kind: 'hail', source: 'bom', externalId: 'IDW21033-nul', title: `Severe thunderstorm${NUL}`, effective: '2026-11-20T07:00:00Z', expires: '2026-11-20T10:00:00Z' };
    const warning = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties }] };
    const response = await staff.post('/api/admin/events').set('Content-Type', 'application/geo+json').send(JSON.stringify(warning));
    expect(response.status).toBe(201);
    expect((await t.db.alertEvent.findMany({ select: { title: true } })).map(({ title }) => title)).toEqual(['Severe thunderstorm']);
  });
});
