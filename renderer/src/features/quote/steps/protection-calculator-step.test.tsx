// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paddockSectionSchema } from '@shared/contracts/quote';
import { renderWithProviders } from '../../../testing/render';
import { noCropData, server } from '../../../testing/server';
import { initialQuoteData, useQuoteStore } from '../stores/quote-store';
import { WizardContext } from '../wizard-context';
import { ProtectionCalculatorStep } from './protection-calculator-step';
import { stubWizard } from '../../../testing/wizard';

const wizard = stubWizard();

beforeEach(() => {
  // The server has no crop data to give: the step works from SPEC's defaults.
  server.use(...noCropData);
  useQuoteStore.setState(initialQuoteData());
  const paddocks = [
    paddockSectionSchema.parse({ id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat' }),
    paddockSectionSchema.parse({ id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola' }),
    paddockSectionSchema.parse({ id: 'p3', name: 'Back Flat', area: 80, crop: 'field peas' }),
  ];
  useQuoteStore.setState((state) => ({ farmData: { ...state.farmData, paddockSections: paddocks } }));
});

afterEach(cleanup);

function renderStep() {
  renderWithProviders(
    <WizardContext.Provider value={wizard}>
      <ProtectionCalculatorStep />
    </WizardContext.Provider>,
    { at: '/' },
  );
}

describe('the crops step’s words', () => {
  it('names crops with a capital, hints canola’s own price, and says a higher hurdle lowers the contribution', async () => {
    renderStep();
    const wheat = await screen.findByRole('group', { name: 'Wheat' });
    const canola = screen.getByRole('group', { name: 'Canola' });
    expect(screen.getByRole('group', { name: 'Field peas' })).toBeTruthy();
    expect(within(wheat).getByLabelText('Price ($/t)').getAttribute('placeholder')).toBe('e.g. 250 to 350');
    expect(within(canola).getByLabelText('Price ($/t)').getAttribute('placeholder')).toBe('e.g. 600 to 800');
    expect(within(canola).getByText(/A higher hurdle lowers your contribution\./)).toBeTruthy();
    expect(screen.queryByText(/lowers your premium/)).toBeNull();

    const crop = within(screen.getAllByTestId('paddock-card')[0]!).getByLabelText('Crop') as HTMLSelectElement;
    expect(crop.value).toBe('wheat');
    expect(crop.selectedOptions[0]?.textContent).toBe('Wheat');
    expect([...crop.options].map((option) => option.textContent)).toContain('Field peas');
  });
});
