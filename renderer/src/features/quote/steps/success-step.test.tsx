// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type WizardClient, WizardContext } from '../wizard-context';
import { SuccessStep } from './success-step';
import { stubWizard } from '../../../testing/wizard';

function renderSuccess(client: WizardClient | null) {
  const wizard = stubWizard({ step: 'success', isAuthenticated: true, userId: 'u1', client });
  render(
    <MemoryRouter>
      <WizardContext.Provider value={wizard}>
        <SuccessStep />
      </WizardContext.Provider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the success page', () => {
  it('says under its title what the title says: the quote is submitted, now an application', () => {
    renderSuccess(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote submitted');
    expect(screen.getByText(/^Thank you\./).textContent).toBe('Thank you. Your quote is submitted: the mutual has it as your application for crop protection.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says it of the client to a broker quoting in their name', () => {
    renderSuccess({ customerId: 'c1', customerName: 'Carey Client' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote submitted');
    expect(screen.getByText(/^Thank you\./).textContent).toBe('Thank you. The quote of Carey Client is submitted: the mutual has it as their application for crop protection, in their name.');
  });
});
