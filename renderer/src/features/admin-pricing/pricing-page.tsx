import { cropName } from '@shared/domain/pricing/crop-name';
import { adminCropFactorInputSchema, adminPricingSettingsInputSchema } from '@shared/contracts/admin-pricing';
import type { CropRateFactor, PricingModel } from '@shared/contracts/pricing';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-ui';
import { AdminEditForm, FigureField } from '../../components/admin/edit-form';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { CheckboxField } from '../../components/ui/form/fields';
import { useZodForm } from '../../components/ui/form/form';
import { useUpdateCropFactor } from './api/update-crop-factor';
import { useUpdatePricingSettings } from './api/update-pricing-settings';
import { PricingModelGate } from './pricing-forms';

/** /admin/pricing: crop factors and the discount cap. The discount rules are on /admin/discount-rules; hurdles, area limits, the minimum premium and the canola cap on /admin/calculator-settings. */
export default function PricingPage() {
  return (
    <section>
      <AdminPageHeader title="Pricing model">
        Crop factors and the cap on all discounts together (a fraction: 0.12 means 12%). The rules themselves are in <Link to="/admin/discount-rules">Discount Rules</Link>; hurdles, area limits, the minimum
        premium and the canola cap are in <Link to="/admin/calculator-settings">Calculator Settings</Link>.
      </AdminPageHeader>
      <PricingModelGate>
        {(model) => (
          <>
            <h2 className={ops.sectionTitle}>Discount cap</h2>
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
          </>
        )}
      </PricingModelGate>
    </section>
  );
}

function SettingsForm({ model }: { model: PricingModel }) {
  const updateSettings = useUpdatePricingSettings();
  const form = useZodForm(adminPricingSettingsInputSchema, { maxTotalDiscountRate: model.maxTotalDiscountRate });
  return (
    <AdminEditForm form={form} label="Discount cap" onSubmit={(settings) => updateSettings.mutateAsync(settings)}>
      <FigureField name="maxTotalDiscountRate" label="Most total discount" hint="0.12 means 12%" />
    </AdminEditForm>
  );
}

function CropFactorForm({ factor }: { factor: CropRateFactor }) {
  const updateFactor = useUpdateCropFactor(factor.cropType);
  const form = useZodForm(adminCropFactorInputSchema, { hailFactor: factor.hailFactor, fireFactor: factor.fireFactor, isActive: factor.isActive });
  return (
    <>
      <h3>{cropName(factor.cropType)}</h3>
      <AdminEditForm form={form} label={`Factors of ${cropName(factor.cropType)}`} onSubmit={(factors) => updateFactor.mutateAsync(factors)}>
        <FigureField name="hailFactor" label="Hail factor" />
        <FigureField name="fireFactor" label="Fire factor" />
        <CheckboxField name="isActive" label="Active" className={ops.levelWithInputs} />
      </AdminEditForm>
    </>
  );
}
