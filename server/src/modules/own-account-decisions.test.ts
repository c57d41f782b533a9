/**
 * An administrator who is also a member decides nothing on their own account: money recorded
 * against their invoice, their application moved on (accepted, cover started), their claim moved
 * (accepted, paid). Another administrator does it (docs/security.md, December 2026 review).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAgent, type TestAgent } from '../testing/accounts';
import { createApplication, createDashboardWorld } from '../testing/dashboard-fixtures';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let colleague: TestAgent;
const OWN_ACCOUNT = { error: 'own_account', message: 'This is your own account: another administrator must record or decide this for you.' };

beforeAll(async () => {
  world = await createDashboardWorld();
  await createTestUser(world.t.db, { email: 'colleague@example.com', isAdmin: true });
  colleague = await signedInAgent(world.t.app, 'colleague@example.com');
});
afterAll(() => world.t.close());

describe('an administrator’s own account', () => {
  it('takes no payment the administrator records on their own invoice; a colleague records it', async () => {
    const { t, users, agents } = world;
    const own = await createApplication(t.db, users.admin.id, { status: 'accepted', coverageType: 'hail' });
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { applicationId: own.id, kind: 'membership_fee' } });
    const payment = { amountDollars: invoice.totalCents / 100, receivedOn: '2026-06-01', method: 'eft' };
    const self = await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send(payment);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject(OWN_ACCOUNT);
    expect(await t.db.invoicePayment.count({ where: { invoiceId: invoice.id } })).toBe(0);
    expect((await colleague.post(`/api/invoices/${invoice.id}/payments`).send(payment)).status).toBe(201);
  });

  it('does not move the administrator’s own application; a colleague does', async () => {
    const { t, users, agents } = world;
    const own = await createApplication(t.db, users.admin.id, { status: 'submitted', coverageType: 'hail' });
    const self = await agents.admin.put(`/api/dashboard/protections/${own.id}/status`).send({ status: 'accepted' });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject(OWN_ACCOUNT);
    expect((await t.db.protectionApplication.findUniqueOrThrow({ where: { id: own.id } })).status).toBe('submitted');
    expect((await colleague.put(`/api/dashboard/protections/${own.id}/status`).send({ status: 'accepted' })).status).toBe(200);
  });

  it('does not move the administrator’s own claim towards payment; a colleague does, and the administrator still writes on it as its member', async () => {
    const { t, users, agents, lodge, claimFields } = world;
    const own = await createApplication(t.db, users.admin.id, { status: 'active', coverageType: 'both' });
    const lodged = await lodge(agents.admin, claimFields({ applicationId: own.id, affectedPaddockIds: [own.paddocks[0]!.id] }));
    expect(lodged.status).toBe(201);
    const claimId = lodged.body.claim.id as string;
    const self = await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'under_assessment' });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject(OWN_ACCOUNT);
    expect((await agents.admin.post(`/api/claims/${claimId}/messages`).send({ body: 'The hail hit the northern half hardest.' })).status).toBe(201);
    expect((await colleague.put(`/api/claims/${claimId}/status`).send({ status: 'under_assessment' })).status).toBe(200);
  });
});
