// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimsLine } from './contact-card';

afterEach(cleanup);

describe('the line above the claims', () => {
  it('asks the member about their paddocks and the broker about their client’s, with the phone number to call', () => {
    render(<ClaimsLine reader="member" />);
    expect(screen.getByTestId('claims-line').textContent).toMatch(/^Hail or fire on your paddocks\? Call us on \(08\) 9000 0000/);
    cleanup();
    render(<ClaimsLine reader="client" />);
    expect(screen.getByTestId('claims-line').textContent).toMatch(/^Hail or fire on your client’s paddocks\? Call us on \(08\) 9000 0000/);
    expect(screen.getByRole('link', { name: '(08) 9000 0000' }).getAttribute('href')).toBe('tel:+61890000000');
  });

  it('is not shown to staff, who are the ones called', () => {
    render(<ClaimsLine reader="staff" />);
    expect(screen.queryByTestId('claims-line')).toBeNull();
  });
});
