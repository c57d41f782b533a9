// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import MembersPage from './members-page';
import { signedInPerson } from '../../testing/accounts';

const supportWorker: ClientUser = signedInPerson({ id: 's1', email: 'sasha@grainmutual.example', firstName: 'Sasha', lastName: 'Support', permissions: ['customer_support'] });
const grower = { id: 'm1', name: 'Grace Grower', email: 'grace@example.com', phone: null, businessName: null, createdAt: '2026-11-20T02:00:00.000Z' };

afterEach(cleanup);

describe('/admin/members: the support levels in words', () => {
  it('tells a support worker without quote editing which permission write level needs, not its stored name', async () => {
    useSessionStore.getState().sessionLoaded(supportWorker, null);
    server.use(
      sessionAnswer({ user: supportWorker, expires: '2026-12-01T00:00:00.000Z' }),
      http.get('/api/admin/members', () => HttpResponse.json({ success: true, members: [grower], total: 1, page: 1, pageSize: 20 })),
    );
    renderWithProviders(<MembersPage />, { at: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enter support mode for Grace Grower' }));
    const write = screen.getByRole('radio', { name: /^Write/ });
    expect((write as HTMLInputElement).disabled).toBe(true);
    expect(write.closest('label')?.textContent).toContain('Needs the quote editing permission. You do not hold the quote editing permission; an administrator can grant it under User Management.');
    expect(document.body.textContent).not.toContain('edit_quotes');
  });
});

describe('/admin/members: searching and paging', () => {
  const member = (id: string, name: string) => ({ ...grower, id, name, email: `${id}@example.com` });
  const newest = Array.from({ length: 20 }, (_, index) => member(`m${index}`, `Newest Member ${index}`));

  it('shows none of the last answer’s members while a new search loads, and keeps a page on screen while the next one loads', async () => {
    useSessionStore.getState().sessionLoaded(supportWorker, null);
    let releaseSmithAnswer = () => {};
    const smithAnswer = new Promise<void>((resolve) => (releaseSmithAnswer = resolve));
    let releaseSecondPage = () => {};
    const secondPage = new Promise<void>((resolve) => (releaseSecondPage = resolve));
    server.use(
      sessionAnswer({ user: supportWorker, expires: '2026-12-01T00:00:00.000Z' }),
      http.get('/api/admin/members', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('search') === 'smith') {
          await smithAnswer;
          return HttpResponse.json({ success: true, members: [member('s1', 'Sam Smith')], total: 1, page: 1, pageSize: 20 });
        }
        if (query.get('page') === '2') {
          await secondPage;
          return HttpResponse.json({ success: true, members: [member('m20', 'Older Member')], total: 21, page: 2, pageSize: 20 });
        }
        return HttpResponse.json({ success: true, members: newest, total: 21, page: 1, pageSize: 20 });
      }),
    );
    renderWithProviders(<MembersPage />, { at: '/' });
    expect(await screen.findByText('Newest Member 0')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The page staff read stays while the next loads.
    expect(screen.getByText('Newest Member 0')).toBeTruthy();
    releaseSecondPage();
    expect(await screen.findByText('Older Member')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Name, e-mail or business'), 'smith');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Not the last answer's rows, which would be read as the search's and move as it lands.
    expect(await screen.findByText('Loading members…')).toBeTruthy();
    expect(screen.queryByText('Older Member')).toBeNull();
    releaseSmithAnswer();
    expect(await screen.findByText('Sam Smith')).toBeTruthy();
    expect(screen.queryByText('Newest Member 0')).toBeNull();
  });
});
