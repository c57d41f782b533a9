import { adminZoneRatesInputSchema } from '@shared/contracts/admin-pricing';
import { RISK_LEVELS, type ZonePricing } from '@shared/contracts/pricing';
import { AdminPageHeader } from '../../components/admin/admin-ui';
import { AdminEditForm, FigureField } from '../../components/admin/edit-form';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { SelectField } from '../../components/ui/form/fields';
import { useZodForm } from '../../components/ui/form/form';
import { useUpdateZoneRates } from './api/update-zone-rates';
import { PricingModelGate } from './pricing-forms';

const RISK_OPTIONS = RISK_LEVELS.map((level) => ({ value: level, label: level }));

/** /admin/agriculture-zones-comprehensive ('Zone Pricing Management'): each zone's hail, fire and package rates. */
export default function ZonePricingPage() {
  return (
    <section>
      <AdminPageHeader title="Zone Pricing Management">
        Rates are percent of the value protected. The hail and fire package must cost less than hail plus fire bought apart, and not less than either alone.
      </AdminPageHeader>
      <PricingModelGate>
        {(model) => (
          <ul className={ops.itemList}>
            {model.zones.map((zone) => (
              <li key={zone.code} className={ops.detail}>
                <ZoneRatesForm zone={zone} />
              </li>
            ))}
          </ul>
        )}
      </PricingModelGate>
    </section>
  );
}

function ZoneRatesForm({ zone }: { zone: ZonePricing }) {
  const updateRates = useUpdateZoneRates(zone.code);
  const form = useZodForm(adminZoneRatesInputSchema, { hailRate: zone.hailRate, fireRate: zone.fireRate, bothRate: zone.bothRate, riskLevel: zone.riskLevel });
  return (
    <>
      <h2 className={ops.itemTop}>
        <span>
          <code>{zone.code}</code> {zone.name}
        </span>
        {!zone.isActive && <span className={styles.badge}>Inactive</span>}
      </h2>
      <AdminEditForm form={form} label={`Rates of zone ${zone.code}`} onSubmit={(rates) => updateRates.mutateAsync(rates)}>
        <FigureField name="hailRate" label="Hail rate (%)" />
        <FigureField name="fireRate" label="Fire rate (%)" />
        <FigureField name="bothRate" label="Hail and fire rate (%)" />
        <SelectField name="riskLevel" label="Risk level" options={RISK_OPTIONS} />
      </AdminEditForm>
    </>
  );
}
