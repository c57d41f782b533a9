// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyDates } from './dashboard-home-page';

afterEach(cleanup);

describe('Dates that matter on the dashboard', () => {
  it('reads each date once, with everything that falls on it, soonest first', () => {
    render(
      <KeyDates
        keyDates={[
          { date: '2026-12-20', label: 'Payment due on INV-2026-00002 (pay now)' },
          { date: '2026-12-20', label: 'Payment due on INV-2026-00001 (pay now)' },
          { date: '2027-03-31', label: 'Hail, Fire & Lightning protection for 2026 ends' },
        ]}
      />,
    );
    const days = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(days.map((day) => [day.querySelector('strong')?.textContent, [...day.querySelectorAll('span > span')].map((line) => line.textContent)])).toEqual([
      ['20 Dec 2026', ['Payment due on INV-2026-00002 (pay now)', 'Payment due on INV-2026-00001 (pay now)']],
      ['31 Mar 2027', ['Hail, Fire & Lightning protection for 2026 ends']],
    ]);
  });
});
