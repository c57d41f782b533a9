// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { NotificationBell, UnreadSubmissionsBadge } from './notification-bell';
import { NOTHING_WAITING } from '@shared/domain/notifications/staff-attention';

let polls = 0;
let unread = 2;
const nothingWaiting = NOTHING_WAITING;
let attention = nothingWaiting;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  polls = 0;
  unread = 2;
  attention = nothingWaiting;
  server.use(
    http.get('/api/admin/notifications/count', () => {
      polls += 1;
      return HttpResponse.json({ unreadCount: unread, recentSubmissions: [], attention });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Draws `ui` with a query client and a router, and lets the first poll answer. */
async function renderPolled(ui: ReactElement) {
  renderWithProviders(ui, { at: '/' });
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('the unread submissions count (docs/behaviour.md §2, §7)', () => {
  it('asks the server every 30 seconds and shows the new count', async () => {
    await renderPolled(<UnreadSubmissionsBadge />);
    expect(polls).toBe(1);
    expect(screen.getByTestId('form-submissions-badge').textContent).toBe('2');

    unread = 5;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(polls).toBe(2);
    // The library hands the answer to the page on its next tick.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('form-submissions-badge').textContent).toBe('5');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls).toBe(3);
  });
});

describe('the admin bell (it covers applications, claims and support requests as well as submissions)', () => {
  const renderBell = async () => {
    await renderPolled(<NotificationBell />);
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    return screen.getByRole('region', { name: 'Notifications' });
  };

  it('counts everything waiting and links each kind to the page staff act on it', async () => {
    unread = 1;
    attention = { ...NOTHING_WAITING, newApplications: 2, newClaims: 1 };
    const panel = await renderBell();
    expect(screen.getByRole('button', { name: 'Notifications, 4 new' })).toBeTruthy();
    const waiting = within(panel).getByRole('list', { name: 'Waiting for staff' });
    expect(
      within(waiting)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['2 new applications to review', '/admin/applications'],
      ['1 claim lodged, not yet assessed', '/admin/claims'],
    ]);
    expect(panel.textContent).not.toContain('No new notifications');
  });

  it('reads No new notifications when nothing waits', async () => {
    unread = 0;
    const panel = await renderBell();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(panel.textContent).toContain('No new notifications');
    expect(within(panel).queryByRole('list')).toBeNull();
  });
});
