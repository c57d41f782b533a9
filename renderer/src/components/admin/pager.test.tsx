// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Pager } from './admin-ui';

afterEach(cleanup);

it('says where the reader is in the list, one member in the singular and thousands grouped', () => {
  const { rerender } = render(<Pager page={1} pageSize={20} total={1} noun="member" onPage={() => undefined} />);
  expect(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByText('1–1 of 1 member')).toBeTruthy();
  rerender(<Pager page={63} pageSize={20} total={1250} noun="person" nouns="people" onPage={() => undefined} />);
  expect(within(screen.getByRole('navigation', { name: 'Pages of people' })).getByText('1,241–1,250 of 1,250 people')).toBeTruthy();
});
