import {
  type AreaLimitInput,
  areaLimitInputSchema,
  calculatorFiguresInputSchema,
  type CalculatorSettingsResponse,
  discountFactorInputSchema,
  hurdleConfigInputSchema,
  hurdleOptionInputSchema,
  insurableCropInputSchema,
  newCropFormSchema,
  newHurdleOptionInputSchema,
  newVarietyInputSchema,
} from '@shared/contracts/calculator-settings';
import { cropName } from '@shared/domain/pricing/crop-name';
import { DISPLAYED_PREMIUM_LOADING, MEMBERSHIP_FEE, TOTAL_PAYABLE_FIXED_CHARGE } from '@shared/constants';
import { displayAmounts } from '@shared/domain/estimates';
import { formatMoney, formatRate } from '@shared/format';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import calc from './admin-calculator.module.css';
import { AdminEditForm, FigureField } from '../../components/admin/edit-form';
import { CheckboxField, SelectField, TextField } from '../../components/ui/form/fields';
import { useZodForm } from '../../components/ui/form/form';
import { failureMessage } from '../../lib/react-query';
import { useAddAreaLimit } from './api/add-area-limit';
import { useAddCrop } from './api/add-crop';
import { useAddHurdleOption } from './api/add-hurdle-option';
import { useAddVariety } from './api/add-variety';
import { useCalculatorSettings } from './api/get-calculator-settings';
import { useSaveAreaLimit } from './api/save-area-limit';
import { useSaveCrop } from './api/save-crop';
import { useSaveDiscountFactor } from './api/save-discount-factor';
import { useSaveFigures } from './api/save-figures';
import { useSaveHurdleConfig } from './api/save-hurdle-config';
import { useSaveHurdleOption } from './api/save-hurdle-option';
import { useSaveVariety } from './api/save-variety';

type Settings = CalculatorSettingsResponse;

const SCOPE_OPTIONS = [
  { value: 'allocation', label: 'Each crop allocation' },
  { value: 'quote', label: 'The whole quote' },
];
const PREFERENCE_LABELS: Record<string, string> = { irrigation: 'Irrigation', hailNetting: 'Hail netting', frostPrevention: 'Frost prevention' };

/** /admin/calculator-settings: the figures behind the quote calculator (docs/behaviour.md §3, §5, §7), and docs/behaviour.md §9's fixed ones. */
export default function CalculatorSettingsPage() {
  const settings = useCalculatorSettings();
  return (
    <section>
      <AdminPageHeader title="Calculator Settings">
        The figures the quote calculator works with. A saved change is a new pricing model version: it applies to the next quote at once, is recorded in the audit log, and never changes the price of an
        application already submitted.
      </AdminPageHeader>
      {settings.isPending && <ListLoading label="Loading the calculator settings…" />}
      {settings.isError && <ListError query={settings} />}
      {settings.isSuccess && <SettingsSections settings={settings.data} />}
    </section>
  );
}

function SettingsSections({ settings }: { settings: Settings }) {
  const crops = settings.crops.map((crop) => crop.name);
  return (
    <>
      <p className={styles.muted}>
        Model version <code>{settings.version}</code>.
      </p>
      {settings.problem && (
        <p className={styles.error} role="alert">
          The stored pricing model is not valid, so quotes cannot be priced: {settings.problem}
        </p>
      )}

      <h2 className={ops.sectionTitle}>Minimum premium and canola cap</h2>
      <div className={ops.detail}>
        <FiguresForm settings={settings} />
      </div>

      <h2 className={ops.sectionTitle}>Crop hurdles</h2>
      <p className={styles.muted}>The lowest hurdle a member may choose for a crop, and the one the quote starts with. Both must be hurdle options on offer.</p>
      <ul className={`${ops.itemList} ${ops.cards}`}>
        {crops.map((cropType) => (
          <li key={cropType} className={ops.detail}>
            <HurdleConfigForm cropType={cropType} config={settings.hurdleConfigs.find((item) => item.cropType === cropType)} />
          </li>
        ))}
      </ul>

      <h2 className={ops.sectionTitle}>Hurdle options</h2>
      <p className={styles.muted}>The premium multiplier rewards a hurdle: a higher hurdle must never cost more, and the 0% hurdle is always 1.</p>
      <ul className={`${ops.itemList} ${ops.cards}`}>
        {settings.hurdleOptions.map((option) => (
          <li key={option.percentage} className={ops.detail}>
            <HurdleOptionForm option={option} />
          </li>
        ))}
        <li className={ops.detail}>
          <NewHurdleOptionForm />
        </li>
      </ul>

      <h2 className={ops.sectionTitle}>Area limits</h2>
      <p className={styles.muted}>Hectares a crop allocation or a whole quote should stay within; a quote outside them is flagged, not refused.</p>
      <ul className={ops.itemList}>
        {settings.areaLimits.map((limit) => (
          <li key={limit.id} className={ops.detail}>
            <SavedAreaLimit limit={limit} crops={crops} />
          </li>
        ))}
        <li className={ops.detail}>
          <NewAreaLimit crops={crops} />
        </li>
      </ul>

      <h2 className={ops.sectionTitle}>Discount factors</h2>
      <p className={styles.muted}>Taken off one peril’s part of the premium when the member has the coverage preference. 0.05 means 5%.</p>
      <ul className={`${ops.itemList} ${ops.cards}`}>
        {settings.discountFactors.map((factor) => (
          <li key={factor.id} className={ops.detail}>
            <DiscountFactorForm factor={factor} />
          </li>
        ))}
      </ul>

      <h2 className={ops.sectionTitle}>Insurable crops and varieties</h2>
      <p className={styles.muted}>
        The crops the quote offers, in list order (lowest position first), and the varieties of each. A new crop is listed last; its hail and fire factors are changed afterwards on the pricing page.
      </p>
      <ul className={`${ops.itemList} ${ops.cards}`}>
        {settings.crops.map((crop) => (
          <li key={crop.name} className={ops.detail}>
            <CropForm crop={crop} />
          </li>
        ))}
        <li className={ops.detail}>
          <NewCropForm offeredHurdles={settings.hurdleOptions.filter((option) => option.isActive).map((option) => `${option.percentage}%`)} />
        </li>
      </ul>

      <h2 className={ops.sectionTitle}>Fixed by the rules</h2>
      <p className={styles.muted}>Figures set by the mutual’s rules rather than by pricing, shown here so a total can be explained; they are not changed from this page.</p>
      <FixedConstants />
    </>
  );
}

function FiguresForm({ settings }: { settings: Settings }) {
  const saveFigures = useSaveFigures();
  const { cropType: _cropType, ...canolaCap } = settings.canolaCap;
  const form = useZodForm(calculatorFiguresInputSchema, { minimumPremium: settings.minimumPremium, canolaCap });
  return (
    <AdminEditForm form={form} label="Minimum premium and canola cap" onSubmit={(figures) => saveFigures.mutateAsync(figures)}>
      <FigureField name="minimumPremium" label="Minimum premium ($)" />
      <FigureField name="canolaCap.maxValuePerHectare" label="Canola cap ($ per ha)" hint="Empty for no cap" />
      <FigureField name="canolaCap.maxShareOfInsuredValue" label="Canola’s largest share of a quote" hint="Of the value protected: 0.6 means canola may be at most 60%; empty for no limit" />
      <CheckboxField name="canolaCap.isActive" label="Canola cap applies" className={ops.levelWithInputs} />
    </AdminEditForm>
  );
}

function HurdleConfigForm({ cropType, config }: { cropType: string; config: Settings['hurdleConfigs'][number] | undefined }) {
  const saveConfig = useSaveHurdleConfig(cropType);
  const form = useZodForm(hurdleConfigInputSchema, {
    minimumHurdlePercentage: config?.minimumHurdlePercentage ?? 0,
    defaultHurdlePercentage: config?.defaultHurdlePercentage ?? 0,
    isActive: config?.isActive ?? true,
  });
  return (
    <>
      <h3>
        {cropName(cropType)} {!config && <span className={styles.badge}>No hurdles set</span>}
      </h3>
      <AdminEditForm form={form} label={`Hurdles of ${cropType}`} onSubmit={(values) => saveConfig.mutateAsync(values)}>
        <FigureField name="minimumHurdlePercentage" label="Minimum (%)" />
        <FigureField name="defaultHurdlePercentage" label="Default (%)" />
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </AdminEditForm>
    </>
  );
}

function HurdleOptionForm({ option }: { option: Settings['hurdleOptions'][number] }) {
  const saveOption = useSaveHurdleOption(option.percentage);
  const form = useZodForm(hurdleOptionInputSchema, { impactMultiplier: option.impactMultiplier, description: option.description, isActive: option.isActive });
  return (
    <>
      <h3>
        {option.percentage}% hurdle {!option.isActive && <span className={styles.badge}>Not offered</span>}
      </h3>
      <AdminEditForm form={form} label={`The ${option.percentage}% hurdle`} onSubmit={(values) => saveOption.mutateAsync(values)}>
        <FigureField name="impactMultiplier" label="Premium multiplier" />
        <TextField name="description" label="Shown as" autoComplete="off" />
        <CheckboxField name="isActive" label="Offered" className={ops.levelWithInputs} />
      </AdminEditForm>
    </>
  );
}

function NewHurdleOptionForm() {
  const addOption = useAddHurdleOption();
  const form = useZodForm(newHurdleOptionInputSchema, { description: '' });
  return (
    <>
      <h3>Add a hurdle</h3>
      <AdminEditForm
        form={form}
        label="Add a hurdle"
        onSubmit={async (values) => {
          await addOption.mutateAsync(values);
          form.reset();
        }}
      >
        <FigureField name="percentage" label="Hurdle (%)" />
        <FigureField name="impactMultiplier" label="Premium multiplier" />
        <TextField name="description" label="Shown as" autoComplete="off" placeholder="25% hurdle" />
      </AdminEditForm>
    </>
  );
}

function SavedAreaLimit({ limit, crops }: { limit: Settings['areaLimits'][number]; crops: string[] }) {
  const saveLimit = useSaveAreaLimit(limit.id);
  return <AreaLimitForm limit={limit} crops={crops} onSave={(values) => saveLimit.mutateAsync(values)} />;
}

function NewAreaLimit({ crops }: { crops: string[] }) {
  const addLimit = useAddAreaLimit();
  return <AreaLimitForm crops={crops} onSave={(values) => addLimit.mutateAsync(values)} />;
}

/** An area limit's form; without a limit, the form that adds one (emptied once added). */
function AreaLimitForm({ limit, crops, onSave }: { limit?: Settings['areaLimits'][number]; crops: string[]; onSave: (values: AreaLimitInput) => Promise<unknown> }) {
  const form = useZodForm(areaLimitInputSchema, {
    name: limit?.name ?? '',
    scope: limit?.scope === 'quote' ? 'quote' : 'allocation',
    cropType: limit?.cropType ?? '',
    minHectares: limit?.minHectares ?? null,
    maxHectares: limit?.maxHectares ?? null,
    isActive: limit?.isActive ?? true,
  });
  const title = limit ? limit.name : 'Add an area limit';
  return (
    <>
      <h3>
        {title} {limit && !limit.isActive && <span className={styles.badge}>Inactive</span>}
      </h3>
      <AdminEditForm
        form={form}
        label={limit ? `Area limit ${limit.name}` : title}
        onSubmit={async (values) => {
          await onSave(values);
          if (!limit) form.reset();
        }}
      >
        <TextField name="name" label="Name" autoComplete="off" />
        <SelectField name="scope" label="Applies to" options={SCOPE_OPTIONS} />
        <SelectField name="cropType" label="Crop" options={[{ value: '', label: 'Every crop' }, ...crops.map((crop) => ({ value: crop, label: crop }))]} />
        <FigureField name="minHectares" label="Minimum (ha)" hint="Empty for none" />
        <FigureField name="maxHectares" label="Maximum (ha)" hint="Empty for none" />
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </AdminEditForm>
    </>
  );
}

function DiscountFactorForm({ factor }: { factor: Settings['discountFactors'][number] }) {
  const saveFactor = useSaveDiscountFactor(factor.id);
  const form = useZodForm(discountFactorInputSchema, { name: factor.name, value: factor.value, isActive: factor.isActive });
  return (
    <>
      <h3>
        {factor.name} <span className={styles.badge}>{`${PREFERENCE_LABELS[factor.kind] ?? factor.kind}, ${factor.peril}`}</span>
      </h3>
      <AdminEditForm form={form} label={`Discount factor ${factor.name}`} onSubmit={(values) => saveFactor.mutateAsync(values)}>
        <TextField name="name" label="Name" autoComplete="off" />
        <FigureField name="value" label="Discount" hint={`Now ${formatRate(factor.value)}`} />
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </AdminEditForm>
    </>
  );
}

function CropForm({ crop }: { crop: Settings['crops'][number] }) {
  const saveCrop = useSaveCrop(crop.name);
  const addVariety = useAddVariety(crop.name);
  const form = useZodForm(insurableCropInputSchema, { isActive: crop.isActive, sortOrder: crop.sortOrder });
  const varietyForm = useZodForm(newVarietyInputSchema, { name: '' });
  return (
    <>
      <h3>
        {cropName(crop.name)} {!crop.isActive && <span className={styles.badge}>Not offered</span>}
      </h3>
      <AdminEditForm form={form} label={`Crop ${crop.name}`} onSubmit={(values) => saveCrop.mutateAsync(values)}>
        <FigureField name="sortOrder" label="Position" />
        <CheckboxField name="isActive" label="Offered" className={ops.levelWithInputs} />
      </AdminEditForm>
      <ul className={calc.varieties} aria-label={`Varieties of ${crop.name}`}>
        {crop.varieties.map((variety) => (
          <VarietyToggle key={variety.name} cropType={crop.name} variety={variety} />
        ))}
      </ul>
      <AdminEditForm
        form={varietyForm}
        label={`Add a variety of ${crop.name}`}
        onSubmit={async (values) => {
          await addVariety.mutateAsync(values);
          varietyForm.reset();
        }}
      >
        <TextField name="name" label="New variety" autoComplete="off" />
      </AdminEditForm>
    </>
  );
}

/** "Add a crop": everything the calculator needs to price a new crop, saved as one change. */
function NewCropForm({ offeredHurdles }: { offeredHurdles: string[] }) {
  const addCrop = useAddCrop();
  const form = useZodForm(newCropFormSchema, { name: '', varieties: '' });
  const hurdleHint = `One of ${offeredHurdles.join(', ')}`;
  return (
    <>
      <h3>Add a crop</h3>
      <AdminEditForm
        form={form}
        label="Add a crop"
        onSubmit={async (values) => {
          await addCrop.mutateAsync(values);
          form.reset();
        }}
      >
        <TextField name="name" label="Crop name" autoComplete="off" placeholder="faba beans" />
        <FigureField name="hailFactor" label="Hail factor" hint="1 prices like wheat" />
        <FigureField name="fireFactor" label="Fire factor" hint="1 prices like wheat" />
        <FigureField name="minimumHurdlePercentage" label="Minimum hurdle (%)" hint={hurdleHint} />
        <FigureField name="defaultHurdlePercentage" label="Default hurdle (%)" hint={hurdleHint} />
        <TextField name="varieties" label="Varieties" autoComplete="off" hint="Optional; separate them with commas" />
      </AdminEditForm>
    </>
  );
}

function VarietyToggle({ cropType, variety }: { cropType: string; variety: { name: string; isActive: boolean } }) {
  const saveVariety = useSaveVariety(cropType, variety.name);
  return (
    <li>
      <span className={variety.isActive ? undefined : calc.withdrawn}>{variety.name}</span>
      <button type="button" className="button" disabled={saveVariety.isPending} onClick={() => saveVariety.mutate({ isActive: !variety.isActive })}>
        {variety.isActive ? 'Withdraw' : 'Offer again'}
      </button>
      {saveVariety.isError && (
        <span className={calc.flagged} role="alert">
          {failureMessage(saveVariety.error, 'The change could not be saved. Try again.')}
        </span>
      )}
    </li>
  );
}

/** docs/behaviour.md §9's constants: shown so staff can explain a total, never editable (they are the mutual's rules, not pricing). */
function FixedConstants() {
  const example = displayAmounts(1000);
  return (
    <div className={ops.detail}>
      <dl className={calc.rules}>
        <dt>Membership fee</dt>
        <dd>{formatMoney(MEMBERSHIP_FEE)}, fixed</dd>
        <dt>Displayed premium</dt>
        <dd>premium from the calculator plus {formatRate(DISPLAYED_PREMIUM_LOADING)} of it</dd>
        <dt>Total payable</dt>
        <dd>
          displayed premium plus the {formatMoney(MEMBERSHIP_FEE)} membership fee plus a further {formatRate(DISPLAYED_PREMIUM_LOADING)} of the calculator premium plus {formatMoney(TOTAL_PAYABLE_FIXED_CHARGE)}
        </dd>
        <dt>No-hurdle comparison</dt>
        <dd>the calculator premium at a 0% hurdle, plus {formatRate(DISPLAYED_PREMIUM_LOADING)}, plus the membership fee</dd>
        <dt>For example</dt>
        <dd>
          a calculator premium of {formatMoney(example.apiPremium)} is shown as {formatMoney(example.displayedPremium)}, with {formatMoney(example.totalPayable)} payable
        </dd>
      </dl>
    </div>
  );
}
