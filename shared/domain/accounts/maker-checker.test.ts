import { describe, expect, it } from 'vitest';
import { administratorSources, MAKER_CHECKER_WINDOW_DAYS, makerCheckerDecision, type RoleChange, recentAdministratorGrants, roleChangeFromLog, roleChangeSentence } from './maker-checker';

const NAMES: Record<string, string> = { ann: 'Ann Able', bob: 'Bob Baker', cat: 'Cat Cole', dee: 'Dee Dunn', jo: 'Jo Wheatley' };
const nameOf = (id: string) => NAMES[id] ?? 'a former user';
const now = new Date('2026-11-24T04:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const made = (by: string, user: string, days: number): RoleChange => ({ userId: user, changedById: by, at: daysAgo(days), granted: ['administrator'], removed: [] });
const demoted = (by: string, user: string, days: number): RoleChange => ({ userId: user, changedById: by, at: daysAgo(days), granted: [], removed: ['administrator'] });
const decide = (approverId: string, requesterId: string, roleChanges: RoleChange[], beneficiaryId: string | null = null) =>
  makerCheckerDecision({ approverId, requesterId, beneficiaryId, roleChanges, now, nameOf, what: 'this discount' });

describe('makerCheckerDecision: two different people, not two roles', () => {
  it('lets an independent administrator approve', () => {
    expect(decide('bob', 'ann', [])).toEqual({ ok: true });
    // Grants between other people, or older than the window, tie nobody.
    expect(decide('bob', 'ann', [made('cat', 'dee', 2), made('ann', 'bob', MAKER_CHECKER_WINDOW_DAYS + 1)])).toEqual({ ok: true });
  });

  it('refuses the one who asked', () => {
    expect(decide('ann', 'ann', [])).toEqual({ ok: false, code: 'self_approval', message: 'You asked for this discount, so a second administrator must approve it (maker-checker).' });
  });

  it('refuses the member whose application gets the discount, though someone else asked', () => {
    expect(decide('jo', 'ann', [], 'jo')).toEqual({
      ok: false,
      code: 'beneficiary_approval',
      message: 'This discount is on your own application, so another administrator must approve it: no one approves a discount they would get themselves.',
    });
  });

  it('refuses a second account the requester made an administrator 10 days ago, even once demoted again', () => {
    // Ann makes Bob an administrator, Bob approves, Ann demotes him: the grant still ties them.
    const history = [made('ann', 'bob', 10), demoted('ann', 'bob', 9), made('ann', 'bob', 1)];
    expect(decide('bob', 'ann', history)).toEqual({
      ok: false,
      code: 'recent_grant',
      message:
        'Your administrator role came from Ann Able, who asked for this discount, within the last 30 days (Ann Able made you an administrator on 14 Nov 2026), so you are not a second person for it. Ask an administrator whose role did not come from Ann Able in the last 30 days.',
    });
    expect(decide('bob', 'ann', [made('ann', 'bob', 29)]).ok).toBe(false);
    expect(decide('bob', 'ann', [made('ann', 'bob', 31)]).ok).toBe(true);
  });

  it('follows a chain of grants: Ann made Bob, Bob made Cat, so Cat is not a second person for Ann', () => {
    const decision = decide('cat', 'ann', [made('ann', 'bob', 5), made('bob', 'cat', 4)]);
    expect(decision).toMatchObject({ ok: false, code: 'recent_grant' });
    expect(decision.ok || decision.message).toContain('(Ann Able made Bob Baker an administrator on 19 Nov 2026, then Bob Baker made you an administrator on 20 Nov 2026)');
    // Bob made Cat before Ann made Bob: Cat's role did not come from Ann.
    expect(decide('cat', 'ann', [made('bob', 'cat', 6), made('ann', 'bob', 5)])).toEqual({ ok: true });
  });

  it('refuses the other way round: the one who made the requester an administrator', () => {
    expect(decide('ann', 'bob', [made('ann', 'bob', 3)])).toEqual({
      ok: false,
      code: 'recent_grant',
      message:
        'Bob Baker, who asked for this discount, got the administrator role from you within the last 30 days (you made Bob Baker an administrator on 21 Nov 2026), so you are not a second person for it. Ask an administrator whose role did not come from you in the last 30 days.',
    });
  });

  it('refuses two administrators made by the same person: one person could be both', () => {
    expect(decide('cat', 'bob', [made('ann', 'bob', 3), made('ann', 'cat', 2)])).toEqual({
      ok: false,
      code: 'recent_grant',
      message:
        'You and Bob Baker, who asked for this discount, both got the administrator role from Ann Able within the last 30 days (Ann Able made Bob Baker an administrator on 21 Nov 2026; Ann Able made you an administrator on 22 Nov 2026), so one person could be acting as both of you. Ask an administrator whose role did not come from Ann Able in the last 30 days.',
    });
    // Ann herself, made long ago, is independent of neither: she made both. Dee is independent.
    expect(decide('dee', 'bob', [made('ann', 'bob', 3), made('ann', 'cat', 2)])).toEqual({ ok: true });
  });

  it('refuses an administrator the member whose application it is made, though an independent one asked', () => {
    const decision = decide('cat', 'ann', [made('jo', 'cat', 2)], 'jo');
    expect(decision).toMatchObject({ ok: false, code: 'beneficiary_approval' });
    expect(decision.ok || decision.message).toMatch(/^Your administrator role came from Jo Wheatley, whose application this discount is on, within the last 30 days/);
  });
});

describe('the grants that count', () => {
  it('are grants of the administrator role by someone else within the window, oldest first', () => {
    const broker: RoleChange = { userId: 'bob', changedById: 'ann', at: daysAgo(1), granted: ['broker'], removed: [] };
    const unknown: RoleChange = { ...made('ann', 'bob', 1), changedById: null };
    expect(recentAdministratorGrants([made('ann', 'cat', 1), made('ann', 'bob', 2), broker, unknown, made('bob', 'bob', 1), made('ann', 'dee', 40)], now)).toEqual([
      made('ann', 'bob', 2),
      made('ann', 'cat', 1),
    ]);
  });

  it('trace each source of a role with its chain', () => {
    const sources = administratorSources('cat', [made('ann', 'bob', 5), made('bob', 'cat', 4)]);
    expect([...sources.keys()]).toEqual(['bob', 'ann']);
    expect(sources.get('ann')).toEqual([made('ann', 'bob', 5), made('bob', 'cat', 4)]);
  });
});

describe('roleChangeFromLog: the security log’s role_changed entries', () => {
  it('reads what a change granted and took from the roles before and after', () => {
    const entry = {
      userId: 'bob',
      createdAt: new Date('2026-11-20T01:00:00Z'),
      details: {
        changedBy: 'ann',
        before: { isAdmin: false, isBroker: true, permissions: ['view_reports'], brokerId: null },
        after: { isAdmin: false, isBroker: false, permissions: ['admin', 'view_reports', 'customer_support'], brokerId: null },
      },
    };
    const change = roleChangeFromLog(entry)!;
    expect(change).toEqual({ userId: 'bob', changedById: 'ann', at: '2026-11-20T01:00:00.000Z', granted: ['administrator', 'customer_support'], removed: ['broker'] });
    expect(roleChangeSentence(change, nameOf)).toBe('Ann Able gave Bob Baker administrator, customer_support (support mode) and took broker from Bob Baker on 20 Nov 2026');
  });

  it('reads a referrer account, and ignores what it cannot read', () => {
    expect(roleChangeFromLog({ userId: 'cat', createdAt: '2026-11-20T01:00:00.000Z', details: { changedBy: 'ann', referrerCode: 'AG1', granted: 'referrer' } })).toMatchObject({ granted: ['referrer'] });
    expect(roleChangeFromLog({ userId: null, createdAt: '2026-11-20T01:00:00.000Z', details: {} })).toBeNull();
    expect(roleChangeFromLog({ userId: 'cat', createdAt: '2026-11-20T01:00:00.000Z', details: { changedBy: 'ann' } })).toBeNull();
  });
});
