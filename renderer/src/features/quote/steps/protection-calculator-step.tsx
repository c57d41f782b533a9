import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { PLACEHOLDER_PRICE_RANGE, PLACEHOLDER_YIELD_RANGE } from '@shared/constants';
import type { FarmPricingMode, PaddockSection } from '@shared/contracts/quote';
import { minimumHurdleFor, resolveSectionCropInputs, yieldPriceModeOf } from '@shared/domain/quote/validation';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { cropName } from '@shared/domain/pricing/crop-name';
import { formatHectares, formatMoney, formatPercent, formatTonnes } from '@shared/format';
import { useQuoteStore } from '../stores/quote-store';
import { useUiStore } from '../../../stores/ui-store';
import { useValidationStore } from '../stores/validation-store';
import { useCropConfigs } from '../api/get-crop-configs';
import { useCropHurdleOptions, useGeneralHurdleOptions } from '../api/get-hurdle-options';
import { useInsurableCrops } from '../api/get-insurable-crops';
import { useVarieties, varietiesQueryOptions } from '../api/get-varieties';
import { defaultHurdleFor, defaultInsurableCrops, hurdleOptionsFor, minimumHurdlePercentages, defaultVarieties } from '../crop-data';
import { cropsInUse, groupMinimumHurdle, paddockGroups, parseDecimal, pricedSections, sectionGaps, type PaddockGroup } from '../calculator';
import { FireRiskSurveyPanel } from '../fire-risk-survey';
import styles from '../pricing-steps.module.css';
import wizardStyles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { StepFrame } from './step-frame';

const YIELD_PLACEHOLDER = `e.g. ${PLACEHOLDER_YIELD_RANGE.min} to ${PLACEHOLDER_YIELD_RANGE.max}`;
/**
 * docs/behaviour.md §9's price range fits the cereals; canola sells at about twice that a tonne, so a grower
 * reading '250 to 350' beside canola would halve its value. A group of crops keeps SPEC's range.
 */
const PRICE_RANGES: Record<string, { min: number; max: number }> = { canola: { min: 600, max: 800 } };
const pricePlaceholder = (crop: string | null) => {
  const range = (crop === null ? undefined : PRICE_RANGES[crop]) ?? PLACEHOLDER_PRICE_RANGE;
  return `e.g. ${range.min} to ${range.max}`;
};

const dateOnly = (value: string | undefined) => (value === undefined ? '' : value.slice(0, 10));

/** Chooses the crop of a paddock, then its variety: the one matching the section's variant ('standard') when offered. */
async function chooseCrop(queryClient: QueryClient, section: PaddockSection, crop: string) {
  const store = useQuoteStore.getState();
  store.updatePaddockSection(section.id, { crop: crop === '' ? undefined : crop, variety: undefined });
  if (crop === '') return;
  const varieties = await queryClient.fetchQuery(varietiesQueryOptions(crop));
  const current = useQuoteStore.getState().farmData.paddockSections.find((item) => item.id === section.id);
  if (current?.crop !== crop || current.variety !== undefined) return;
  const match = varieties.find((variety) => variety.toLowerCase() === current.variant.toLowerCase());
  if (match !== undefined) store.updatePaddockSection(section.id, { variety: match });
}

/**
 * Step 7: crops and protection. A card per paddock (crop, variety, dates, notes, podguard and
 * swath), then yield, price and hurdle per crop or per paddock group (docs/behaviour.md §3 pricingMode and
 * yieldPriceMode, set together here), per-section completion, the validation modal and the fire
 * risk survey.
 */
export function ProtectionCalculatorStep() {
  const wizard = useWizard();
  const sections = useQuoteStore((state) => state.farmData.paddockSections);
  const cropDetails = useQuoteStore((state) => state.cropDetails);
  const mode = useQuoteStore((state) => yieldPriceModeOf(state));
  const { hurdleConfigs: configs, settled: configsSettled } = useCropConfigs();
  const global = useValidationStore((state) => state.global);
  const records = useValidationStore((state) => state.sections);

  const priced = useMemo(() => pricedSections(sections), [sections]);
  const crops = useMemo(() => cropsInUse(sections), [sections]);
  const groups = useMemo(() => paddockGroups(sections), [sections]);
  const minimums = useMemo(() => minimumHurdlePercentages(configs), [configs]);
  const excluded = sections.filter((section) => section.isExcluded && !section.isGroup);

  // The configured minimums travel with the quote, so validation and the server use the same ones.
  useEffect(() => {
    const current = useQuoteStore.getState().cropDetails.minimumHurdlePercentages;
    if (JSON.stringify(current) !== JSON.stringify(minimums)) useQuoteStore.getState().setMinimumHurdlePercentages(minimums);
  }, [minimums]);

  // A crop or group coming into use gets its area and its default hurdle preselected (docs/behaviour.md §5).
  useEffect(() => {
    const store = useQuoteStore.getState();
    for (const crop of crops) {
      const area = priced.filter((section) => section.crop === crop).reduce((total, section) => total + effectiveArea(section), 0);
      const detail = store.cropDetails.byCrop[crop];
      const hurdle = detail?.hurdlePercentage ?? (configsSettled ? defaultHurdleFor(configs, crop) : undefined);
      if (detail?.area !== area || detail.hurdlePercentage !== hurdle) store.updateCropDetail(crop, { area, ...(hurdle === undefined ? {} : { hurdlePercentage: hurdle }) });
    }
    if (mode !== 'group') return;
    for (const group of groups) {
      const members = priced.filter((section) => section.groupId === group.id);
      const totalArea = members.reduce((total, section) => total + effectiveArea(section), 0);
      const detail = store.cropDetails.groupDetails[group.id];
      const defaults = group.crops.map((crop) => defaultHurdleFor(configs, crop) ?? 0);
      const hurdle = detail?.hurdlePercentage ?? (configsSettled && defaults.length > 0 ? Math.max(...defaults) : undefined);
      if (detail?.name !== group.name || detail.totalArea !== totalArea || JSON.stringify(detail.crops) !== JSON.stringify(group.crops) || detail.hurdlePercentage !== hurdle) {
        store.updateGroupDetail(group.id, { name: group.name, crops: group.crops, totalArea, ...(hurdle === undefined ? {} : { hurdlePercentage: hurdle }) });
      }
    }
  }, [crops, groups, priced, configs, configsSettled, mode]);

  // docs/behaviour.md §4: any section change recalculates the section records and the global figures.
  useEffect(() => {
    useValidationStore.getState().validateQuote(useQuoteStore.getState());
  }, [sections, cropDetails]);

  const setMode = (next: FarmPricingMode) => {
    useValidationStore.getState().changePricingMode(next);
    useQuoteStore.getState().setYieldPriceMode(next);
  };

  const gaps = sectionGaps(useQuoteStore.getState());
  const gapOf = (id: string) => gaps.find((gap) => gap.sectionId === id);

  const onContinue = () => {
    // The checklist says what is missing; the frame's move says why it is refused.
    if (!global.isComplete || !global.isAllValid) useUiStore.getState().openModal('validation');
    wizard.goNext();
  };

  return (
    <StepFrame onContinue={onContinue} continueLabel="See my estimate" intro={<p>Tell us what is sown in each paddock, then the yield, price and hurdle you expect. We use them to work out your estimate.</p>}>
      {groups.length > 0 && (
        <fieldset className={wizardStyles.fieldset}>
          <legend>Enter yield, price and hurdle</legend>
          {(['crop', 'group'] as const).map((option) => (
            <label key={option} className={wizardStyles.choice}>
              <input type="radio" name="yield-price-mode" value={option} checked={mode === option} onChange={() => setMode(option)} />
              <span>{option === 'crop' ? 'Once for each crop' : 'Once for each paddock group'}</span>
            </label>
          ))}
        </fieldset>
      )}

      <h2 className={styles.sectionTitle}>Your paddocks</h2>
      {priced.length === 0 && <p>Every paddock is excluded or a group. Go back to the map to include a paddock.</p>}
      <ul className={styles.cards}>
        {priced.map((section) => (
          <PaddockCard key={section.id} section={section} gap={gapOf(section.id)} completion={records[section.id]?.completionRate ?? 0} />
        ))}
      </ul>
      {excluded.length > 0 && <p className={styles.muted}>Excluded from protection: {excluded.map((section) => section.name).join(', ')}.</p>}

      <h2 className={styles.sectionTitle}>Yield, price and hurdle</h2>
      {mode === 'group' ? (
        groups.map((group) => <GroupFigures key={group.id} group={group} minimums={minimums} />)
      ) : crops.length === 0 ? (
        <p className={styles.muted}>Choose a crop for a paddock first.</p>
      ) : (
        crops.map((crop) => <CropFigures key={crop} crop={crop} minimum={minimumHurdleFor(crop, minimums)} />)
      )}

      <p className={styles.completion} data-testid="crop-completion" aria-live="polite">
        Crop details complete for {global.completedSections} of {global.totalSections} paddock sections ({global.completionRate}%).
      </p>
      <p>
        <button type="button" className="button" onClick={() => useUiStore.getState().openModal('validation')}>
          Check my quote
        </button>
      </p>
      <FireRiskSurveyPanel />
    </StepFrame>
  );
}

function PaddockCard({ section, gap, completion }: { section: PaddockSection; gap: ReturnType<typeof sectionGaps>[number] | undefined; completion: number }) {
  const queryClient = useQueryClient();
  const insurableCrops = useInsurableCrops().data ?? defaultInsurableCrops();
  // Until the crop's own list arrives, the default varieties (docs/behaviour.md §7).
  const loadedVarieties = useVarieties(section.crop).data;
  const varieties = section.crop === undefined ? [] : (loadedVarieties ?? defaultVarieties());
  const cropDetails = useQuoteStore((state) => state.cropDetails);
  const farmData = useQuoteStore((state) => state.farmData);
  const inputs = resolveSectionCropInputs(section, { cropDetails, farmData });
  const id = `paddock-${section.id}`;
  const update = (changes: Partial<PaddockSection>) => useQuoteStore.getState().updatePaddockSection(section.id, changes);
  const complete = gap !== undefined && gap.missing.length === 0 && gap.errors.length === 0;
  const datesBackwards = section.plantingDate !== undefined && section.harvestDate !== undefined && dateOnly(section.harvestDate) < dateOnly(section.plantingDate);
  const cropChoices = section.crop !== undefined && !insurableCrops.includes(section.crop) ? [section.crop, ...insurableCrops] : insurableCrops;

  return (
    <li className={styles.card} data-testid="paddock-card" aria-labelledby={`${id}-title`}>
      <div className={styles.cardHeader}>
        <h3 id={`${id}-title`}>
          {section.name || 'Unnamed paddock'} <span className={styles.muted}>{formatHectares(effectiveArea(section))}</span>
        </h3>
        <span className={complete ? styles.badgeDone : styles.badgeTodo} data-testid="paddock-status">
          {complete ? 'Complete' : `${completion}% done`}
        </span>
      </div>
      <div className={styles.cardGrid}>
        <div className={wizardStyles.field}>
          <label htmlFor={`${id}-crop`}>Crop</label>
          <select id={`${id}-crop`} value={section.crop ?? ''} onChange={(event) => void chooseCrop(queryClient, section, event.target.value)}>
            <option value="">Choose a crop</option>
            {cropChoices.map((crop) => (
              <option key={crop} value={crop}>
                {cropName(crop)}
              </option>
            ))}
          </select>
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor={`${id}-variety`}>Variety</label>
          <select id={`${id}-variety`} value={section.variety ?? ''} disabled={section.crop === undefined} onChange={(event) => update({ variety: event.target.value || undefined })}>
            <option value="">{section.crop === undefined ? 'Choose the crop first' : 'Choose a variety'}</option>
            {varieties.map((variety) => (
              <option key={variety} value={variety}>
                {variety}
              </option>
            ))}
          </select>
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor={`${id}-planting`}>Planting date</label>
          <input id={`${id}-planting`} type="date" value={dateOnly(section.plantingDate)} onChange={(event) => update({ plantingDate: event.target.value || undefined })} />
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor={`${id}-harvest`}>Expected harvest date</label>
          <input
            id={`${id}-harvest`}
            type="date"
            value={dateOnly(section.harvestDate)}
            aria-invalid={datesBackwards}
            aria-describedby={datesBackwards ? `${id}-dates-error` : undefined}
            onChange={(event) => update({ harvestDate: event.target.value || undefined })}
          />
          {datesBackwards && (
            <p className={wizardStyles.fieldError} id={`${id}-dates-error`}>
              The harvest date is before the planting date.
            </p>
          )}
        </div>
      </div>
      <div className={styles.flags}>
        <label className={wizardStyles.checkbox}>
          <input type="checkbox" checked={section.podguardApplied} onChange={(event) => update({ podguardApplied: event.target.checked })} />
          <span>Pod shatter protectant (podguard) applied</span>
        </label>
        <label className={wizardStyles.checkbox}>
          <input type="checkbox" checked={section.swathApplied} onChange={(event) => update({ swathApplied: event.target.checked })} />
          <span>Crop will be swathed (windrowed)</span>
        </label>
      </div>
      <div className={wizardStyles.field}>
        <label htmlFor={`${id}-notes`}>Notes (optional)</label>
        <textarea id={`${id}-notes`} className={styles.notes} rows={2} defaultValue={section.notes ?? ''} onChange={(event) => update({ notes: event.target.value || undefined })} />
      </div>
      <p className={styles.figuresLine} data-testid="paddock-figures">
        {inputs.expectedYield !== undefined && inputs.pricePerTonne !== undefined && inputs.hurdlePercentage !== undefined
          ? `${formatTonnes(inputs.expectedYield)}/ha at ${formatMoney(inputs.pricePerTonne)}/t, ${formatPercent(inputs.hurdlePercentage)} hurdle`
          : 'Yield, price and hurdle: below.'}
      </p>
      {gap !== undefined && (gap.missing.length > 0 || gap.errors.length > 0) && (
        <ul className={styles.gapItems}>
          {gap.errors.map((error) => (
            <li key={error} className={styles.errorText}>
              {error}
            </li>
          ))}
          {gap.missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

interface FiguresProps {
  idBase: string;
  title: string;
  minimum: number;
  /** The crop whose hurdle options apply; a group uses the general list. */
  crop: string | null;
  values: { expectedYield?: number | undefined; pricePerTonne?: number | undefined; hurdlePercentage?: number | undefined };
  onYield: (value: number | undefined) => void;
  onPrice: (value: number | undefined) => void;
  onHurdle: (value: number) => void;
}

function Figures({ idBase, title, minimum, crop, values, onYield, onPrice, onHurdle }: FiguresProps) {
  // Each crop has its own hurdle options (never below its minimum); a group, or a crop whose own list is empty, uses the general list.
  const selectedCoverage = useQuoteStore((state) => state.estimates.selectedCoverageType);
  const general = useGeneralHurdleOptions().data ?? [];
  const forCrop = useCropHurdleOptions(crop, selectedCoverage).data;
  const options = hurdleOptionsFor(forCrop, general, minimum);
  return (
    <fieldset className={`${wizardStyles.fieldset} ${styles.figures}`} data-testid="crop-figures">
      <legend>{title}</legend>
      <div className={styles.figuresGrid}>
        <div className={wizardStyles.field}>
          <label htmlFor={`${idBase}-yield`}>Expected yield (t/ha)</label>
          <input id={`${idBase}-yield`} inputMode="decimal" placeholder={YIELD_PLACEHOLDER} defaultValue={values.expectedYield ?? ''} onChange={(event) => onYield(parseDecimal(event.target.value))} />
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor={`${idBase}-price`}>Price ($/t)</label>
          <input id={`${idBase}-price`} inputMode="decimal" placeholder={pricePlaceholder(crop)} defaultValue={values.pricePerTonne ?? ''} onChange={(event) => onPrice(parseDecimal(event.target.value))} />
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor={`${idBase}-hurdle`}>Hurdle</label>
          <select id={`${idBase}-hurdle`} value={values.hurdlePercentage ?? ''} aria-describedby={`${idBase}-hurdle-hint`} onChange={(event) => onHurdle(Number(event.target.value))}>
            {values.hurdlePercentage === undefined && <option value="">Choose a hurdle</option>}
            {options.map((option) => (
              <option key={option.id} value={option.percentage}>
                {option.description}
              </option>
            ))}
          </select>
          <p className={wizardStyles.hint} id={`${idBase}-hurdle-hint`}>
            {minimum > 0 ? `At least ${minimum}%. ` : ''}A higher hurdle lowers your contribution.
          </p>
        </div>
      </div>
    </fieldset>
  );
}

function CropFigures({ crop, minimum }: { crop: string; minimum: number }) {
  const detail = useQuoteStore((state) => state.cropDetails.byCrop[crop]);
  const update = useQuoteStore.getState().updateCropDetail;
  return (
    <Figures
      idBase={`crop-${crop.replace(/\W+/g, '-')}`}
      title={cropName(crop)}
      minimum={minimum}
      crop={crop}
      values={detail ?? {}}
      onYield={(expectedYield) => update(crop, { expectedYield })}
      onPrice={(pricePerTonne) => update(crop, { pricePerTonne })}
      onHurdle={(hurdlePercentage) => update(crop, { hurdlePercentage })}
    />
  );
}

function GroupFigures({ group, minimums }: { group: PaddockGroup; minimums: Record<string, number> }) {
  const detail = useQuoteStore((state) => state.cropDetails.groupDetails[group.id]);
  const update = useQuoteStore.getState().updateGroupDetail;
  const title = `${group.name || 'Unnamed group'}${group.crops.length > 0 ? ` (${group.crops.map(cropName).join(', ')})` : ''}`;
  return (
    <Figures
      idBase={`group-${group.id}`}
      title={title}
      minimum={groupMinimumHurdle(group.crops, minimums)}
      crop={null}
      values={{ expectedYield: detail?.averageYield, pricePerTonne: detail?.averagePrice, hurdlePercentage: detail?.hurdlePercentage }}
      onYield={(averageYield) => update(group.id, { averageYield })}
      onPrice={(averagePrice) => update(group.id, { averagePrice })}
      onHurdle={(hurdlePercentage) => update(group.id, { hurdlePercentage })}
    />
  );
}
