// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotConfigured } from './xero-testing-page';

afterEach(cleanup);

describe('/admin/xero-testing when Xero is not configured', () => {
  it('names the variables to set, and says why a production server needs XERO_TOKEN_KEY', () => {
    render(<NotConfigured missing={['XERO_TOKEN_KEY']} />);
    const panel = screen.getByRole('region', { name: 'Xero is not configured' });
    expect(screen.getAllByText('XERO_TOKEN_KEY').length).toBeGreaterThanOrEqual(1);
    expect(panel.textContent).toContain('A production server needs it (or SESSION_SECRET) before Xero can be connected');
    expect(panel.textContent).toContain('a copy of that folder would read the tokens');
  });

  it('says nothing of the key when only the Xero app’s details are missing', () => {
    render(<NotConfigured missing={['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI']} />);
    expect(screen.getByRole('region', { name: 'Xero is not configured' }).textContent).not.toContain('A production server needs it');
  });
});
