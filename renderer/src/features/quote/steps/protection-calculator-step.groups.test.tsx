// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useQuoteStore.setState(initialQuoteData());
  // The map made one group, North block, of two paddocks; a third paddock is on its own.
  const paddocks = [
    paddockSectionSchema.parse({ id: 'g1', name: 'North block', area: 0, isGroup: true }),
    paddockSectionSchema.parse({ id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', groupId: 'g1' }),
    paddockSectionSchema.parse({ id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola', groupId: 'g1' }),
    paddockSectionSchema.parse({ id: 'p3', name: 'Back Flat', area: 80, crop: 'barley' }),
  ];
  useQuoteStore.setState((state) => ({ farmData: { ...state.farmData, paddockSections: paddocks } }));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderStep() {
  renderWithProviders(
    <WizardContext.Provider value={wizard}>
      <ProtectionCalculatorStep />
    </WizardContext.Provider>,
    { at: '/' },
  );
}

const placeholders = (group: HTMLElement) => [within(group).getByLabelText('Expected yield (t/ha)').getAttribute('placeholder'), within(group).getByLabelText('Price ($/t)').getAttribute('placeholder')];

describe('placeholder crop ranges (docs/behaviour.md §9: expected yield 1.5 to 3.5; price 250 to 350)', () => {
  it('every crop’s yield field suggests 1.5 to 3.5, and a cereal’s price field 250 to 350', async () => {
    renderStep();
    const wheat = await screen.findByRole('group', { name: 'Wheat' });
    expect(placeholders(wheat)).toEqual(['e.g. 1.5 to 3.5', 'e.g. 250 to 350']);
    expect(placeholders(screen.getByRole('group', { name: 'Barley' }))).toEqual(['e.g. 1.5 to 3.5', 'e.g. 250 to 350']);
    // Canola keeps SPEC's yield range; its price hint is its own (see protection-calculator-step.tsx).
    expect(
      within(screen.getByRole('group', { name: 'Canola' }))
        .getByLabelText('Expected yield (t/ha)')
        .getAttribute('placeholder'),
    ).toBe('e.g. 1.5 to 3.5');
  });

  it('a paddock group’s fields suggest 1.5 to 3.5 and 250 to 350', async () => {
    renderStep();
    await userEvent.click(await screen.findByRole('radio', { name: 'Once for each paddock group' }));
    const group = await screen.findByRole('group', { name: 'North block (Wheat, Canola)' });
    expect(placeholders(group)).toEqual(['e.g. 1.5 to 3.5', 'e.g. 250 to 350']);
  });
});

describe('groupDetails (docs/behaviour.md §3: riskProfile default moderate)', () => {
  it('a group priced once for all its paddocks enters the quote with the moderate risk profile, kept as its figures are typed', async () => {
    renderStep();
    expect(useQuoteStore.getState().cropDetails.groupDetails).toEqual({});
    await userEvent.click(await screen.findByRole('radio', { name: 'Once for each paddock group' }));
    const group = await screen.findByRole('group', { name: 'North block (Wheat, Canola)' });
    await vi.waitFor(() => expect(useQuoteStore.getState().cropDetails.groupDetails['g1']).toMatchObject({ id: 'g1', name: 'North block', crops: ['wheat', 'canola'], totalArea: 550, riskProfile: 'moderate' }));

    await userEvent.type(within(group).getByLabelText('Expected yield (t/ha)'), '2.2');
    await userEvent.type(within(group).getByLabelText('Price ($/t)'), '410');
    expect(useQuoteStore.getState().cropDetails.groupDetails['g1']).toMatchObject({ averageYield: 2.2, averagePrice: 410, riskProfile: 'moderate' });
  });
});
