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
