import { adminCropFactorInputSchema, adminHurdleMultiplierInputSchema, adminPricingSettingsInputSchema } from '@shared/contracts/admin-pricing';
import { type CropRateFactor, type DynamicDiscountRule, dynamicDiscountRuleSchema, type PricingHurdleOption, type PricingModel } from '@shared/contracts/pricing';
import { AdminPageHeader } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { CheckboxField, TextField } from '../../components/ui/form/fields';
import { useZodForm } from '../../components/ui/form/form';
import { useUpdateCropFactor } from './api/update-crop-factor';
import { useUpdateDiscountRule } from './api/update-discount-rule';
import { useUpdateHurdleMultiplier } from './api/update-hurdle-multiplier';
import { useUpdatePricingSettings } from './api/update-pricing-settings';
import { FigureField, PricingEditForm, PricingModelGate } from './pricing-forms';

const KIND_LABELS: Record<DynamicDiscountRule['kind'], string> = { volume: 'Volume', earlySeason: 'Early season', multiYear: 'Multi-year', referrer: 'Referrer' };

/** /admin/pricing: crop factors, hurdle multipliers, dynamic discount rules, the canola cap and the minimum premium. */
export default function PricingPage() {
  return (
    <section>
      <AdminPageHeader title="Pricing model">Everything the premium is worked out from besides the zone rates. Rates of discounts are fractions: 0.04 means 4%.</AdminPageHeader>
      <PricingModelGate>
        {(model) => (
          <>
            <h2 className={ops.sectionTitle}>Premium floor and canola cap</h2>
            <div className={ops.detail}>
              <SettingsForm model={model} />
            </div>
            <h2 className={ops.sectionTitle}>Crop factors</h2>
            <p className={styles.muted}>How a crop stands up to each peril; multiplies the zone rate (1 is the zone rate as it is).</p>
            <ul className={`${ops.itemList} ${ops.cards}`}>
              {model.cropFactors.map((factor) => (
                <li key={factor.cropType} className={ops.detail}>
                  <CropFactorForm factor={factor} />
                </li>
              ))}
            </ul>
            <h2 className={ops.sectionTitle}>Hurdle multipliers</h2>
            <p className={styles.muted}>A higher hurdle must never cost more; the 0% hurdle is always 1.</p>
            <ul className={`${ops.itemList} ${ops.cards}`}>
              {model.hurdleOptions.map((option) => (
                <li key={option.percentage} className={ops.detail}>
                  <HurdleForm option={option} />
                </li>
              ))}
            </ul>
            <h2 className={ops.sectionTitle}>Discount rules</h2>
            <ul className={ops.itemList}>
              {model.dynamicDiscounts.map((rule) => (
                <li key={rule.id} className={ops.detail}>
                  <DiscountRuleForm rule={rule} />
                </li>
              ))}
            </ul>
          </>
        )}
      </PricingModelGate>
    </section>
  );
}

function SettingsForm({ model }: { model: PricingModel }) {
  const updateSettings = useUpdatePricingSettings();
  const form = useZodForm(adminPricingSettingsInputSchema, {
    minimumPremium: model.minimumPremium,
    maxTotalDiscountRate: model.maxTotalDiscountRate,
    canolaCap: { maxValuePerHectare: model.canolaCap?.maxValuePerHectare ?? null, maxShareOfInsuredValue: model.canolaCap?.maxShareOfInsuredValue ?? null, isActive: model.canolaCap?.isActive ?? false },
  });
  return (
    <PricingEditForm form={form} label="Minimum premium, discount cap and canola cap" onSubmit={(settings) => updateSettings.mutateAsync(settings)}>
      <FigureField name="minimumPremium" label="Minimum premium ($)" />
      <FigureField name="maxTotalDiscountRate" label="Most total discount" hint="0.12 means 12%" />
      <FigureField name="canolaCap.maxValuePerHectare" label="Canola cap ($ per ha)" hint="Empty for no cap" />
      <FigureField name="canolaCap.maxShareOfInsuredValue" label="Canola most share" hint="0.6 means 60%; empty for no limit" />
      <CheckboxField name="canolaCap.isActive" label="Active" className={ops.levelWithInputs} />
    </PricingEditForm>
  );
}

function CropFactorForm({ factor }: { factor: CropRateFactor }) {
  const updateFactor = useUpdateCropFactor(factor.cropType);
  const form = useZodForm(adminCropFactorInputSchema, { hailFactor: factor.hailFactor, fireFactor: factor.fireFactor, isActive: factor.isActive });
  return (
    <>
      <h3>{factor.cropType}</h3>
      <PricingEditForm form={form} label={`Factors of ${factor.cropType}`} onSubmit={(factors) => updateFactor.mutateAsync(factors)}>
        <FigureField name="hailFactor" label="Hail factor" />
        <FigureField name="fireFactor" label="Fire factor" />
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </PricingEditForm>
    </>
  );
}

function HurdleForm({ option }: { option: PricingHurdleOption }) {
  const updateMultiplier = useUpdateHurdleMultiplier(String(option.percentage));
  const form = useZodForm(adminHurdleMultiplierInputSchema, { impactMultiplier: option.impactMultiplier });
  return (
    <>
      <h3>
        {option.description} {!option.isActive && <span className={styles.badge}>Inactive</span>}
      </h3>
      <PricingEditForm form={form} label={`Multiplier of the ${option.percentage}% hurdle`} onSubmit={(multiplier) => updateMultiplier.mutateAsync(multiplier)}>
        <FigureField name="impactMultiplier" label="Premium multiplier" />
      </PricingEditForm>
    </>
  );
}

/** One discount rule, checked with the schema the server parses it with; its kind decides the fields. */
function DiscountRuleForm({ rule }: { rule: DynamicDiscountRule }) {
  const updateRule = useUpdateDiscountRule(rule.id);
  const form = useZodForm(dynamicDiscountRuleSchema, rule);
  return (
    <>
      <h3>
        {rule.name} <span className={styles.badge}>{KIND_LABELS[rule.kind]}</span>
      </h3>
      <PricingEditForm form={form} label={`Discount rule ${rule.name}`} onSubmit={(changed) => updateRule.mutateAsync(changed)}>
        {rule.kind === 'volume' &&
          rule.bands.map((_band, index) => (
            <div key={index} className={ops.formRow}>
              <FigureField name={`bands.${index}.fromInsuredValue`} label={`Band ${index + 1} from ($ protected)`} />
              <FigureField name={`bands.${index}.rate`} label={`Band ${index + 1} rate`} />
            </div>
          ))}
        {rule.kind !== 'volume' && <FigureField name="rate" label="Rate" hint="0.04 means 4%" />}
        {rule.kind === 'earlySeason' && (
          <>
            <TextField name="windowStart" label="From (MM-DD)" autoComplete="off" />
            <TextField name="windowEnd" label="To (MM-DD)" autoComplete="off" />
          </>
        )}
        {rule.kind === 'multiYear' && <FigureField name="minimumPriorSeasons" label="Prior seasons needed" />}
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </PricingEditForm>
    </>
  );
}
