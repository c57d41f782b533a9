import { useState } from 'react';
import { RISK_LEVELS, type RiskLevel, type ZonePricing } from '@shared/contracts/pricing';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { AdminPageHeader } from './admin-ui';
import { FigureField, figureOf, PricingEditForm, PricingModelGate } from './pricing-admin';

/** /admin/agriculture-zones-comprehensive ('Zone Pricing Management'): each zone's hail, fire and package rates. */
export default function ZonePricingPage() {
  return (
    <section>
      <AdminPageHeader title="Zone Pricing Management">
        Rates are percent of the value protected. The hail and fire package must cost less than hail plus fire bought apart, and not less than either alone.
      </AdminPageHeader>
      <PricingModelGate>
        {(model, replace) => (
          <ul className={ops.itemList}>
            {model.zones.map((zone) => (
              <li key={zone.code} className={ops.detail}>
                <ZoneRatesForm zone={zone} onSaved={replace} />
              </li>
            ))}
          </ul>
        )}
      </PricingModelGate>
    </section>
  );
}

function ZoneRatesForm({ zone, onSaved }: { zone: ZonePricing; onSaved: Parameters<typeof PricingEditForm>[0]['onSaved'] }) {
  const [hail, setHail] = useState(String(zone.hailRate));
  const [fire, setFire] = useState(String(zone.fireRate));
  const [both, setBoth] = useState(String(zone.bothRate));
  const [risk, setRisk] = useState<RiskLevel>(zone.riskLevel);
  const id = `zone-${zone.code}`;
  return (
    <>
      <h2 className={ops.itemTop}>
        <span>
          <code>{zone.code}</code> {zone.name}
        </span>
        {!zone.isActive && <span className={styles.badge}>Inactive</span>}
      </h2>
      <PricingEditForm
        path={`/api/admin/pricing/zones/${encodeURIComponent(zone.code)}`}
        label={`Rates of zone ${zone.code}`}
        body={() => ({ hailRate: figureOf(hail), fireRate: figureOf(fire), bothRate: figureOf(both), riskLevel: risk })}
        onSaved={onSaved}
      >
        <FigureField id={`${id}-hail`} label="Hail rate (%)" value={hail} onChange={setHail} />
        <FigureField id={`${id}-fire`} label="Fire rate (%)" value={fire} onChange={setFire} />
        <FigureField id={`${id}-both`} label="Hail and fire rate (%)" value={both} onChange={setBoth} />
        <div className={styles.field}>
          <label htmlFor={`${id}-risk`}>Risk level</label>
          <select id={`${id}-risk`} className={styles.input} value={risk} onChange={(event) => setRisk(event.target.value as RiskLevel)}>
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </div>
      </PricingEditForm>
    </>
  );
}
