// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokerClientsAnswer, signedInPerson } from '../../testing/accounts';
import { renderWithProviders } from '../../testing/render';
import { noSuchRoute, server } from '../../testing/server';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { keepMember, MemberLink, MemberRecordsGate, OwnSettingsNote, StaffReadingBar, useMemberScope } from './member-scope';

const broker: ClientUser = signedInPerson({ id: 'b1', firstName: 'Bea', lastName: 'Broker', isBroker: true });
const administrator: ClientUser = signedInPerson({ id: 'a1', firstName: 'Ada', lastName: 'Admin', isAdmin: true, permissions: ['admin'] });
const supportStaff: ClientUser = signedInPerson({ id: 's1', firstName: 'Sam', lastName: 'Support', permissions: ['customer_support'] });
const member: ClientUser = signedInPerson({ id: 'm1', firstName: 'Meg', lastName: 'Member' });

/** What a piece of the scope says on a page at `address`, rendered and read. */
function scopeAt(address: string, read: (scope: ReturnType<typeof useMemberScope>) => string) {
  function Shown() {
    return <p>{read(useMemberScope())}</p>;
  }
  renderWithProviders(<Shown />, { at: address });
  const text = screen.getByRole('paragraph').textContent;
  cleanup();
  return text;
}

afterEach(cleanup);

describe('keepMember: the chosen client stays in the address', () => {
  it('adds ?member= to a page of the member area, before its hash and beside its own query', () => {
    expect(keepMember('/dashboard', 'c1')).toBe('/dashboard?member=c1');
    expect(keepMember('/dashboard/claims#claim-9', 'c1')).toBe('/dashboard/claims?member=c1#claim-9');
    expect(keepMember('/dashboard/claims?alert=a1', 'c1')).toBe('/dashboard/claims?alert=a1&member=c1');
  });

  it('leaves alone an address that names its member, and any address outside the member area', () => {
    expect(keepMember('/dashboard?member=c2', 'c1')).toBe('/dashboard?member=c2');
    expect(keepMember('/quote?customerId=c1', 'c1')).toBe('/quote?customerId=c1');
    expect(keepMember('/admin/users', 'c1')).toBe('/admin/users');
    expect(keepMember('/dashboards', 'c1')).toBe('/dashboards');
  });
});

describe('MemberLink', () => {
  // The links come from the session the store holds; the session call the page makes meanwhile is refused.
  beforeEach(() => server.use(http.get('/api/auth/session', noSuchRoute)));

  const renderAt = (address: string) => renderWithProviders(<MemberLink to="/dashboard/claims">Follow your claims</MemberLink>, { at: address });

  it('carries the client a broker chose, and nothing once they are back on their own account', () => {
    useSessionStore.getState().sessionLoaded(broker, null);
    renderAt('/dashboard?member=c1');
    expect(screen.getByRole('link', { name: 'Follow your claims' }).getAttribute('href')).toBe('/dashboard/claims?member=c1');
    cleanup();
    renderAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Follow your claims' }).getAttribute('href')).toBe('/dashboard/claims');
  });
});

describe('who the page speaks to about the member’s own figures', () => {
  beforeEach(() => server.use(http.get('/api/auth/session', noSuchRoute)));

  const readerAt = (address: string) => scopeAt(address, (scope) => scope.reader);

  it('is the member on their own account, a broker for a client, and staff in support mode or looking at a member', () => {
    useSessionStore.getState().sessionLoaded(broker, null);
    expect([readerAt('/dashboard'), readerAt('/dashboard?member=c1')]).toEqual(['member', 'client']);
    useSessionStore.getState().sessionLoaded(administrator, null);
    expect([readerAt('/dashboard'), readerAt('/dashboard?member=c1')]).toEqual(['member', 'staff']);
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'write', adminUserId: 'a1' });
    expect(readerAt('/dashboard')).toBe('staff');
  });
});

describe('whether the page offers the controls that change the records it shows', () => {
  beforeEach(() => server.use(http.get('/api/auth/session', noSuchRoute)));

  const shownAt = (address: string) => scopeAt(address, (scope) => (scope.canChange ? 'may change' : 'may only look'));

  it('offers them to a broker for a client and to anyone on their own account', () => {
    useSessionStore.getState().sessionLoaded(broker, null);
    expect(shownAt('/dashboard?member=c1')).toBe('may change');
    useSessionStore.getState().sessionLoaded(administrator, null);
    expect(shownAt('/dashboard')).toBe('may change');
  });

  it('keeps them from staff looking at a member outside support mode, and in a read-level support session, as the server refuses those changes', () => {
    useSessionStore.getState().sessionLoaded(administrator, null);
    expect(shownAt('/dashboard?member=c1')).toBe('may only look');
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'read', adminUserId: 'a1' });
    expect(shownAt('/dashboard')).toBe('may only look');
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'write', adminUserId: 'a1' });
    expect(shownAt('/dashboard')).toBe('may change');
  });
});

describe('whose records a page says it shows: StaffReadingBar, OwnSettingsNote', () => {
  const overview = {
    member: { id: 'c1', name: 'Jo Wheatley' },
    protections: [],
    owed: { outstandingCents: 0, overdueCents: 0, next: null },
    openClaims: [],
    drafts: [],
    savedEstimates: [],
    keyDates: [],
    season: { year: 2026, opensOn: '2026-04-01', coverEndsOn: '2027-03-31' },
    renewal: null,
  };
  beforeEach(() =>
    server.use(
      http.get('/api/auth/session', noSuchRoute),
      http.get('/api/dashboard/overview', ({ request }) => (new URL(request.url).searchParams.get('memberId') === 'c1' ? HttpResponse.json(overview) : noSuchRoute())),
    ),
  );

  it('tells staff reading a member’s records outside support mode whose they are, and where changing them starts', async () => {
    useSessionStore.getState().sessionLoaded(administrator, null);
    renderWithProviders(<StaffReadingBar />, { at: '/dashboard/claims?member=c1' });
    const bar = await screen.findByRole('note', { name: 'Whose records' });
    await waitFor(() => expect(bar.querySelector('strong')?.textContent).toBe('Reading the records of Jo Wheatley.'));
    expect(bar.textContent).toBe('Reading the records of Jo Wheatley.Nothing here can be changed outside support mode: enter it from Members.');
    expect(screen.getByRole('link', { name: 'enter it from Members' }).getAttribute('href')).toBe('/admin/members');
  });

  it('tells a broker with a client chosen, and staff in support mode, that Settings are their own account, naming the member', async () => {
    const noteAt = async (at: string) => {
      renderWithProviders(<OwnSettingsNote />, { at });
      const note = await screen.findByRole('note', { name: 'Whose settings' });
      await waitFor(() => expect(note.textContent).toBe('These settings are your own, not Jo Wheatley’s: the details, password, e-mails and sign-ins below are your account’s.'));
      cleanup();
    };
    useSessionStore.getState().sessionLoaded(broker, null);
    await noteAt('/dashboard/settings?member=c1');
    useSessionStore.getState().sessionLoaded(administrator, null);
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Jo Wheatley', permissionLevel: 'write', adminUserId: 'a1' });
    await noteAt('/dashboard/settings');
    useSessionStore.getState().sessionLoaded(broker, null);
    renderWithProviders(<OwnSettingsNote />, { at: '/dashboard/settings' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('is not drawn on staff’s own records, nor for a broker’s client (their bar lists their clients)', () => {
    useSessionStore.getState().sessionLoaded(administrator, null);
    renderWithProviders(<StaffReadingBar />, { at: '/dashboard' });
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    useSessionStore.getState().sessionLoaded(broker, null);
    renderWithProviders(<StaffReadingBar />, { at: '/dashboard?member=c1' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('MemberRecordsGate: a member named in the address whose records the viewer may not read', () => {
  beforeEach(() => server.use(http.get('/api/auth/session', noSuchRoute), brokerClientsAnswer({ id: 'c1', name: 'Jess Whitfield' })));

  /** What the member area shows at `address`: the page's own heading, or the gate's, with its sentence and its way out. */
  async function shownAt(address: string) {
    renderWithProviders(
      <MemberRecordsGate>
        <h1>Claims of the member</h1>
      </MemberRecordsGate>,
      { at: address },
    );
    const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
    const link = screen.queryByRole('link');
    const shown = { heading, sentence: document.querySelector('header p')?.textContent ?? null, link: link ? `${link.textContent} → ${link.getAttribute('href')}` : null };
    cleanup();
    return shown;
  }

  it('tells a member that another member’s records are not theirs, in the server’s words, and leads back to their own', async () => {
    useSessionStore.getState().sessionLoaded(member, null);
    expect(await shownAt('/dashboard/claims?member=c1')).toEqual({ heading: 'Not your records', sentence: 'You cannot see records of this member.', link: 'Go to your dashboard → /dashboard' });
    expect((await shownAt('/dashboard/claims?member=m1')).heading).toBe('Claims of the member');
  });

  it('sends staff who read records only in support mode to Members, and draws no reading bar for them', async () => {
    useSessionStore.getState().sessionLoaded(supportStaff, null);
    expect(await shownAt('/dashboard?member=c1')).toEqual({
      heading: 'Support mode needed',
      sentence: "You can see a member's records in support mode only. Enter it for this member from Members.",
      link: 'Go to Members → /admin/members',
    });
    renderWithProviders(<StaffReadingBar />, { at: '/dashboard?member=c1' });
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Jess Whitfield', permissionLevel: 'read', adminUserId: 's1' });
    expect((await shownAt('/dashboard')).heading).toBe('Claims of the member');
  });

  it('shows a broker their client’s pages, and says so of anyone else’s', async () => {
    useSessionStore.getState().sessionLoaded(broker, null);
    expect((await shownAt('/dashboard/claims?member=c1')).heading).toBe('Claims of the member');
    expect(await shownAt('/dashboard/claims?member=c9')).toEqual({
      heading: 'Not one of your clients',
      sentence: 'This member has not named you as their broker, so their records are not shown here. Your Clients lists the members who have.',
      link: 'Your Clients → /dashboard/paddocks',
    });
  });

  it('lets administrators read anyone’s records', async () => {
    useSessionStore.getState().sessionLoaded(administrator, null);
    expect((await shownAt('/dashboard/claims?member=c9')).heading).toBe('Claims of the member');
  });
});
