// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { bareClient, signedInPerson } from '../../testing/accounts';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import { ClientsUnderAlerts } from './clients-under-alerts';

beforeEach(() => server.use(sessionAnswer({ user: signedInPerson({ id: 'b1', firstName: 'Bea', lastName: 'Broker', isBroker: true }), expires: '2099-12-01T00:00:00.000Z' })));
afterEach(cleanup);

const tammin = { id: 'match_7', kind: 'hail' as const, title: 'Severe thunderstorm warning for Tammin <b>', paddocks: ['North Paddock', 'Creek Flat'] };

it('lists each client under a warning standing now, with its paddocks, and opens it on the client’s alerts page', () => {
  renderWithProviders(<ClientsUnderAlerts clients={[bareClient({ id: 'c1', name: 'Jo Grower', currentAlerts: [tammin] }), bareClient({ id: 'c2', name: 'Kim Dunn' })]} />, { at: '/dashboard/paddocks' });
  const section = screen.getByRole('region', { name: 'Under storm and fire alerts now (1)' });
  const [line] = within(section).getAllByRole('listitem');
  expect(line!.textContent).toContain('Jo Grower');
  expect(line!.textContent).toContain('Hail: Severe thunderstorm warning for Tammin <b> · North Paddock, Creek Flat');
  expect(within(section).getByRole('link', { name: 'See Jo Grower’s alert: Severe thunderstorm warning for Tammin <b>' }).getAttribute('href')).toBe('/dashboard/alerts?member=c1#alert-match_7');
  expect(section.textContent).not.toContain('Kim Dunn');
});

it('draws nothing when no warning stands over a client', () => {
  const { container } = renderWithProviders(<ClientsUnderAlerts clients={[bareClient({ id: 'c2', name: 'Kim Dunn' })]} />, { at: '/dashboard/paddocks' });
  expect(container.textContent).toBe('');
});
