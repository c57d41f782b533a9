// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscountRuleChange, DiscountRulesResponse } from '@shared/contracts/discounts';
import type { DynamicDiscountRule } from '@shared/contracts/pricing';
import { useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { pathOf, refusal, server } from '../../testing/server';
import DiscountRulesPage from './discount-rules-page';
import { signedInPerson } from '../../testing/accounts';

const referrer: DynamicDiscountRule = { id: 'discount-referrer', name: 'Referrer discount', kind: 'referrer', rate: 0.02, isActive: true, priority: 0, stacks: true, validFrom: null, validTo: null };
const TIED =
  'Your administrator role came from Ann Able, who asked for this change to the discount rules, within the last 30 days (Ann Able made you an administrator on 20 Nov 2026), so you are not a second person for it. Ask an administrator whose role did not come from Ann Able in the last 30 days.';

const change = (overrides: Partial<DiscountRuleChange> = {}): DiscountRuleChange => ({
  id: 'change-1',
  ruleId: 'discount-referrer',
  isNew: false,
  rule: { ...referrer, rate: 0.04 },
  before: referrer,
  requestedBy: 'Ann Able',
  requestedById: 'ann',
  requestedAt: '2026-11-24T01:00:00.000Z',
  approval: {
    refusal: null,
    windowDays: 30,
    requesterRoleChanges: [{ userId: 'ann', userName: 'Ann Able', changedById: 'cat', changedByName: 'Cat Cole', at: '2026-11-10T01:00:00.000Z', granted: ['customer_support'], removed: [] }],
    approverRoleChanges: [],
  },
  ...overrides,
});

const rules = (pending: DiscountRuleChange[]): DiscountRulesResponse => ({
  version: 'v1',
  maxTotalDiscountRate: 0.12,
  minimumPremium: 250,
  seasonYear: 2026,
  rules: [referrer],
  pending,
  usage: [],
  zones: [],
  crops: [],
});

let answer: DiscountRulesResponse;
let approveAnswer: Response;
let sent: string[];

beforeEach(() => {
  sent = [];
  useSessionStore.getState().sessionLoaded(signedInPerson({ id: 'bob', firstName: 'Bob', lastName: 'Baker', isAdmin: true, permissions: ['admin'] }), null);
  const record = ({ request }: { request: Request }) => void sent.push(`${request.method} ${pathOf(request)}`);
  server.use(
    http.get('/api/admin/discount-rules', () => HttpResponse.json(answer)),
    http.post('/api/admin/discount-rules/changes/:id/approve', (info) => {
      record(info);
      return approveAnswer;
    }),
    http.post('/api/admin/discount-rules/changes/:id/reject', (info) => {
      record(info);
      return HttpResponse.json(rules([]));
    }),
  );
});

afterEach(cleanup);

const page = () => renderWithProviders(<DiscountRulesPage />);

describe('/admin/discount-rules: changes waiting for a second administrator', () => {
  it('shows the change beside the role changes of the one who asked and of the viewer, and sends the approval', async () => {
    answer = rules([change()]);
    approveAnswer = HttpResponse.json(rules([]));
    page();
    const item = await screen.findByRole('listitem', { name: 'Change to Referrer discount' });
    expect(within(item).getByRole('row', { name: /Amount/ }).textContent).toBe('Amount2%4%');
    expect(within(within(item).getByRole('list', { name: 'Role changes of Ann Able (asked for it)' })).getByRole('listitem').textContent).toBe(
      'Cat Cole gave Ann Able customer_support (support mode) on 10 Nov 2026',
    );
    expect(within(item).getByText('No role changes in the last 30 days.')).toBeTruthy();
    // The rule's own row says a change waits, and it cannot be edited meanwhile.
    const row = screen.getByRole('row', { name: /^Referrer discount/ });
    expect(row.textContent).toContain('Change awaiting approval');
    expect(within(row).queryByRole('button', { name: 'Edit Referrer discount' })).toBeNull();

    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(sent).toEqual(['POST /api/admin/discount-rules/changes/change-1/approve']);
  });

  it('offers no Approve when the rule refuses this administrator, says why, and shows a refusal the server sends', async () => {
    answer = rules([change({ approval: { ...change().approval, refusal: TIED } })]);
    page();
    const item = await screen.findByRole('listitem', { name: 'Change to Referrer discount' });
    expect(within(item).getByRole('note').textContent).toBe(`You cannot approve this. ${TIED}`);
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();

    // The page's view was from before a role change: the server refuses with its sentence, shown beside the change.
    answer = rules([change()]);
    approveAnswer = refusal(403, 'recent_grant', TIED);
    page();
    const fresh = await screen.findByRole('listitem', { name: 'Change to Referrer discount' });
    await userEvent.click(within(fresh).getByRole('button', { name: 'Approve' }));
    expect((await within(fresh).findByRole('alert')).textContent).toBe(TIED);
  });

  it('lets the one who asked withdraw a new rule, never approve it', async () => {
    const fresh: DynamicDiscountRule = { ...referrer, id: 'rule-new', name: 'Big holding' };
    answer = rules([
      change({
        id: 'change-2',
        ruleId: 'rule-new',
        isNew: true,
        before: null,
        rule: fresh,
        requestedById: 'bob',
        requestedBy: 'Bob Baker',
        approval: { ...change().approval, refusal: 'You asked for this change to the discount rules, so a second administrator must approve it (maker-checker).' },
      }),
    ]);
    page();
    const item = await screen.findByRole('listitem', { name: 'New rule: Big holding' });
    expect(within(item).getByRole('row', { name: /Name/ }).textContent).toBe('Name—Big holding');
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Withdraw' }));
    expect(sent).toEqual(['POST /api/admin/discount-rules/changes/change-2/reject']);
  });
});
