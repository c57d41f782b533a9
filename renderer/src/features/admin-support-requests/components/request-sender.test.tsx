// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { type SupportRequestDetail, supportRequestLinkInputSchema } from '@shared/contracts/support-requests';
import { renderWithProviders } from '../../../testing/render';
import { RequestSender, senderLabel } from './request-sender';

afterEach(cleanup);

const visitorRequest: SupportRequestDetail = {
  id: 'request-1',
  source: 'contact',
  status: 'new',
  subject: 'Please send my refund to a new account',
  name: 'Jo Grower',
  email: 'grower@example.com',
  phone: null,
  member: null,
  assignee: null,
  claim: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  updatedAt: '2026-11-27T01:00:00.000Z',
  firstAnsweredAt: null,
  resolvedAt: null,
  age: { businessMinutes: 10, dueAt: '2026-11-28T01:00:00.000Z', overdue: false },
  body: 'Please send my refund to a new account: BSB 000-000 1234.',
  messages: [],
  notes: [],
  addressHasAccount: true,
};

/** A query client whose session is already known (signed out here), so nothing is fetched. */
function clientWithSession() {
  const client = new QueryClient();
  client.setQueryData(['session'], false);
  return client;
}

const show = (request: SupportRequestDetail, onLink: () => Promise<unknown> = async () => undefined) =>
  renderWithProviders(
    <dl>
      <RequestSender request={request} onLink={onLink} />
    </dl>,
    { at: '/', queryClient: clientWithSession() },
  );

const confirmMessage = () => {
  const result = supportRequestLinkInputSchema.safeParse({});
  if (result.success) throw new Error('linked without confirming');
  return result.error.issues[0]!.message;
};

describe('who a support request is from', () => {
  it('shows a request not sent signed in as from a visitor with that address, in no member’s name', () => {
    show(visitorRequest);
    expect(screen.getByText(/^From a visitor:/).textContent).toContain('From a visitor: grower@example.com');
    expect(screen.getByText(/Not in any account: it was not sent signed in/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Jo Grower/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Support mode (read only)' })).toBeNull();
    expect(senderLabel(visitorRequest)).toBe('From a visitor: grower@example.com');
  });

  it('links it to the account at its address only once staff tick that the person confirmed it', async () => {
    const linked: string[] = [];
    show(visitorRequest, async () => linked.push('linked'));
    await userEvent.click(screen.getByRole('button', { name: 'Link to the account with this address' }));
    expect(screen.getByText(confirmMessage())).toBeTruthy();
    expect(linked).toEqual([]);
    await userEvent.click(screen.getByLabelText('The person has confirmed this message is theirs'));
    await userEvent.click(screen.getByRole('button', { name: 'Link to the account with this address' }));
    expect(linked).toEqual(['linked']);
  });

  it('offers no link when no account uses the address', () => {
    show({ ...visitorRequest, addressHasAccount: false });
    expect(screen.queryByRole('button', { name: 'Link to the account with this address' })).toBeNull();
  });

  it('shows a request sent signed in under the member it belongs to', () => {
    const request = { ...visitorRequest, member: { id: 'member-1', name: 'Jo Grower', email: 'grower@example.com' }, addressHasAccount: false };
    show(request);
    expect(screen.getByRole('link', { name: 'Jo Grower' }).getAttribute('href')).toBe('/admin/user-lookup/member-1');
    expect(screen.queryByText(/From a visitor/)).toBeNull();
    expect(senderLabel(request)).toBe('Jo Grower');
  });
});
