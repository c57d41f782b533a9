import { useEffect } from 'react';
import { minimumHurdleFor } from '@shared/domain/quote/validation';
import { useCropStore, minimumHurdlePercentages } from '../../../stores/crop-store';
import { useQuoteStore } from '../../../stores/quote-store';
import { useUiStore } from '../../../stores/ui-store';
import { useValidationStore } from '../../../stores/validation-store';
import styles from '../quote-wizard.module.css';
import { StepFrame } from './step-frame';

function numberOrUndefined(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : Number.NaN;
}

/**
 * Step 7: the crop on each paddock and, per crop, expected yield, price and hurdle (crop mode).
 * The full crop table and pricing come with the pricing work; this is what navigation needs.
 */
export function ProtectionCalculatorStep() {
  const sections = useQuoteStore((state) => state.farmData.paddockSections);
  const byCrop = useQuoteStore((state) => state.cropDetails.byCrop);
  const crops = useCropStore((state) => state.insurableCrops);
  const hurdleOptions = useCropStore((state) => state.hurdleOptions);
  const configs = useCropStore((state) => state.hurdleConfigs);
  const global = useValidationStore((state) => state.global);
  const cropsInUse = [...new Set(sections.map((section) => section.crop).filter((crop): crop is string => crop !== undefined && crop !== ''))];

  // Every change revalidates the sections (SPEC §4: any section change recalculates the global figures).
  useEffect(() => {
    const quote = useQuoteStore.getState();
    const minimums = minimumHurdlePercentages({ hurdleConfigs: configs });
    useValidationStore.getState().validateQuote({ ...quote, cropDetails: { ...quote.cropDetails, minimumHurdlePercentages: minimums } });
  }, [sections, byCrop, configs]);

  return (
    <StepFrame intro={<p>Choose the crop on each paddock, then tell us what you expect from each crop.</p>}>
      <table className={styles.table}>
        <caption>Crop on each paddock</caption>
        <thead>
          <tr>
            <th scope="col">Paddock</th>
            <th scope="col">Crop</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((section) => (
            <tr key={section.id}>
              <td>
                {section.name} ({(section.userDefinedArea ?? section.area).toLocaleString('en-AU')} ha)
              </td>
              <td>
                <select aria-label={`Crop on ${section.name}`} value={section.crop ?? ''} onChange={(event) => useQuoteStore.getState().updatePaddockSection(section.id, { crop: event.target.value || undefined })}>
                  <option value="">Choose a crop</option>
                  {crops.map((crop) => (
                    <option key={crop} value={crop}>
                      {crop}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cropsInUse.map((crop) => {
        const detail = byCrop[crop] ?? {};
        const minimum = minimumHurdleFor(crop, minimumHurdlePercentages({ hurdleConfigs: configs }));
        return (
          <fieldset key={crop} className={styles.fieldset}>
            <legend className={styles.cropLegend}>{crop}</legend>
            <div className={styles.grid}>
              <label className={styles.field}>
                Expected yield (t/ha)
                <input
                  inputMode="decimal"
                  defaultValue={detail.expectedYield ?? ''}
                  onChange={(event) => useQuoteStore.getState().updateCropDetail(crop, { expectedYield: numberOrUndefined(event.target.value) })}
                />
              </label>
              <label className={styles.field}>
                Price ($ per tonne)
                <input
                  inputMode="decimal"
                  defaultValue={detail.pricePerTonne ?? ''}
                  onChange={(event) => useQuoteStore.getState().updateCropDetail(crop, { pricePerTonne: numberOrUndefined(event.target.value) })}
                />
              </label>
              <label className={styles.field}>
                Hurdle
                <select
                  value={detail.hurdlePercentage ?? ''}
                  onChange={(event) => useQuoteStore.getState().updateCropDetail(crop, { hurdlePercentage: numberOrUndefined(event.target.value) })}
                >
                  <option value="">Choose a hurdle</option>
                  {hurdleOptions
                    .filter((option) => option.percentage >= minimum)
                    .map((option) => (
                      <option key={option.id} value={option.percentage}>
                        {option.description}
                      </option>
                    ))}
                </select>
              </label>
            </div>
          </fieldset>
        );
      })}
      <p className={styles.hint} data-testid="crop-completion">
        Crop details complete: {global.completionRate}% of paddocks.
      </p>
      <p>
        <button type="button" className="button" onClick={() => useUiStore.getState().openModal('validation')}>
          Check my quote
        </button>
      </p>
    </StepFrame>
  );
}
