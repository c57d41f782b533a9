// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/react-query';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { jsonResponse } from '../../testing/dom';
import MembersPage from './members-page';

const supportWorker: ClientUser = {
  id: 's1',
  email: 'sasha@grainmutual.example',
  name: 'Sasha Support',
  firstName: 'Sasha',
  lastName: 'Support',
  isAdmin: false,
  isBroker: false,
  permissions: ['customer_support'],
};
const grower = { id: 'm1', name: 'Grace Grower', email: 'grace@example.com', phone: null, businessName: null, createdAt: '2026-11-20T02:00:00.000Z' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/members: the support levels in words', () => {
  it('tells a support worker without quote editing which permission write level needs, not its stored name', async () => {
    useSessionStore.getState().sessionLoaded(supportWorker, null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/auth/session' ? jsonResponse(200, { user: supportWorker, expires: '2026-12-01T00:00:00.000Z' }) : jsonResponse(200, { success: true, members: [grower], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MembersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Enter support mode for Grace Grower' }));
    const write = screen.getByRole('radio', { name: /^Write/ });
    expect((write as HTMLInputElement).disabled).toBe(true);
    expect(write.closest('label')?.textContent).toContain('Needs the quote editing permission. You do not hold the quote editing permission; an administrator can grant it under User Management.');
    expect(document.body.textContent).not.toContain('edit_quotes');
  });
});
