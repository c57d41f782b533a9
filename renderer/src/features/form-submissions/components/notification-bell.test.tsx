// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/react-query';
import { jsonResponse } from '../../../testing/dom';
import { UnreadSubmissionsBadge } from './notification-bell';

let polls = 0;
let unread = 2;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  polls = 0;
  unread = 2;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path !== '/api/admin/notifications/count') return jsonResponse(404, { error: 'not_found', message: 'No such route.' });
      polls += 1;
      return jsonResponse(200, { unreadCount: unread, recentSubmissions: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the unread submissions count (SPEC §2, §7)', () => {
  it('asks the server every 30 seconds and shows the new count', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UnreadSubmissionsBadge />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
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
