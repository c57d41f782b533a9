// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { pathOf, requestsMade, server } from '../../testing/server';
import SoilTestingPage from './soil-testing-page';

afterEach(cleanup);

const member = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, phone: null, businessName: null, createdAt: '2026-11-20T02:00:00.000Z' });

it('asks for members only when staff press Find, shows no list until the answer, and opens the member picked', async () => {
  const asked = requestsMade((request) => pathOf(request));
  const membersAsked = () => asked.filter((path) => path.startsWith('/api/admin/members'));
  let releaseAnswer = () => {};
  const answer = new Promise<void>((resolve) => (releaseAnswer = resolve));
  server.use(
    http.get('/api/admin/soil-samples', () => HttpResponse.json({ samples: [], total: 0, page: 1, pageSize: 20 })),
    http.get('/api/admin/members', async () => {
      await answer;
      return HttpResponse.json({ success: true, members: [member('sol', 'Sol Tester')], total: 1, page: 1, pageSize: 10 });
    }),
    http.get('/api/admin/soil-samples/farm', () => HttpResponse.json({ memberName: 'Sol Tester', paddocks: [], samples: [] })),
  );
  renderWithProviders(<SoilTestingPage />, { at: '/admin/soil-testing-poc' });
  expect(await screen.findByText('No samples match. Enter one above or import a lab’s CSV.')).toBeTruthy();
  // Nothing is listed before a search: every member is not the picker's business.
  expect(membersAsked()).toEqual([]);

  await userEvent.type(screen.getByLabelText('Find a member by name, e-mail or business'), 'sol');
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
  expect(await screen.findByText('Looking for members…')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Members found' })).toBeNull();
  releaseAnswer();
  const found = await screen.findByRole('list', { name: 'Members found' });
  await userEvent.click(within(found).getByRole('button', { name: /Sol Tester/ }));
  expect(await screen.findByRole('heading', { name: 'Sol Tester’s paddocks' })).toBeTruthy();
  expect(membersAsked()).toHaveLength(1);
  expect(new URL(membersAsked()[0]!, 'http://localhost').searchParams.get('search')).toBe('sol');
});
