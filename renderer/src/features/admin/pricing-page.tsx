import { useState } from 'react';
import type { AdminPricingModelResponse } from '@shared/contracts/admin-pricing';
import type { CropRateFactor, DynamicDiscountRule, PricingHurdleOption, PricingModel } from '@shared/contracts/pricing';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { AdminPageHeader } from './admin-ui';
import { FigureField, figureOf, PricingEditForm, PricingModelGate } from './pricing-admin';

type Saved = (response: AdminPricingModelResponse) => void;
const KIND_LABELS: Record<DynamicDiscountRule['kind'], string> = { volume: 'Volume', earlySeason: 'Early season', multiYear: 'Multi-year', referrer: 'Referrer' };

/** /admin/pricing: crop factors, hurdle multipliers, dynamic discount rules, the canola cap and the minimum premium. */
export default function PricingPage() {
  return (
    <section>
      <AdminPageHeader title="Pricing model">Everything the premium is worked out from besides the zone rates. Rates of discounts are fractions: 0.04 means 4%.</AdminPageHeader>
      <PricingModelGate>
        {(model, replace) => (
          <>
            <h2 className={ops.sectionTitle}>Premium floor and canola cap</h2>
            <div className={ops.detail}>
              <SettingsForm model={model} onSaved={replace} />
            </div>
            <h2 className={ops.sectionTitle}>Crop factors</h2>
            <p className={styles.muted}>How a crop stands up to each peril; multiplies the zone rate (1 is the zone rate as it is).</p>
            <ul className={`${ops.itemList} ${ops.cards}`}>
              {model.cropFactors.map((factor) => (
                <li key={factor.cropType} className={ops.detail}>
                  <CropFactorForm factor={factor} onSaved={replace} />
                </li>
              ))}
            </ul>
            <h2 className={ops.sectionTitle}>Hurdle multipliers</h2>
            <p className={styles.muted}>A higher hurdle must never cost more; the 0% hurdle is always 1.</p>
            <ul className={`${ops.itemList} ${ops.cards}`}>
              {model.hurdleOptions.map((option) => (
                <li key={option.percentage} className={ops.detail}>
                  <HurdleForm option={option} onSaved={replace} />
                </li>
              ))}
            </ul>
            <h2 className={ops.sectionTitle}>Discount rules</h2>
            <ul className={ops.itemList}>
              {model.dynamicDiscounts.map((rule) => (
                <li key={rule.id} className={ops.detail}>
                  <DiscountRuleForm rule={rule} onSaved={replace} />
                </li>
              ))}
            </ul>
          </>
        )}
      </PricingModelGate>
    </section>
  );
}

function ActiveBox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.checkbox} htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Active
    </label>
  );
}

const text = (value: number | null) => (value === null ? '' : String(value));

function SettingsForm({ model, onSaved }: { model: PricingModel; onSaved: Saved }) {
  const [minimum, setMinimum] = useState(String(model.minimumPremium));
  const [maxDiscount, setMaxDiscount] = useState(String(model.maxTotalDiscountRate));
  const [perHectare, setPerHectare] = useState(text(model.canolaCap?.maxValuePerHectare ?? null));
  const [share, setShare] = useState(text(model.canolaCap?.maxShareOfInsuredValue ?? null));
  const [capActive, setCapActive] = useState(model.canolaCap?.isActive ?? false);
  return (
    <PricingEditForm
      path="/api/admin/pricing/settings"
      label="Minimum premium, discount cap and canola cap"
      onSaved={onSaved}
      body={() => ({
        minimumPremium: figureOf(minimum),
        maxTotalDiscountRate: figureOf(maxDiscount),
        canolaCap: { maxValuePerHectare: perHectare.trim() === '' ? null : figureOf(perHectare), maxShareOfInsuredValue: share.trim() === '' ? null : figureOf(share), isActive: capActive },
      })}
    >
      <FigureField id="settings-minimum" label="Minimum premium ($)" value={minimum} onChange={setMinimum} />
      <FigureField id="settings-max-discount" label="Most total discount" value={maxDiscount} onChange={setMaxDiscount} hint="0.12 means 12%" />
      <FigureField id="settings-canola-ha" label="Canola cap ($ per ha)" value={perHectare} onChange={setPerHectare} hint="Empty for no cap" />
      <FigureField id="settings-canola-share" label="Canola most share" value={share} onChange={setShare} hint="0.6 means 60%; empty for no limit" />
      <ActiveBox id="settings-canola-active" checked={capActive} onChange={setCapActive} />
    </PricingEditForm>
  );
}

function CropFactorForm({ factor, onSaved }: { factor: CropRateFactor; onSaved: Saved }) {
  const [hail, setHail] = useState(String(factor.hailFactor));
  const [fire, setFire] = useState(String(factor.fireFactor));
  const [active, setActive] = useState(factor.isActive);
  const id = `crop-${factor.cropType.replace(/\s+/g, '-')}`;
  return (
    <>
      <h3>{factor.cropType}</h3>
      <PricingEditForm
        path={`/api/admin/pricing/crop-factors/${encodeURIComponent(factor.cropType)}`}
        label={`Factors of ${factor.cropType}`}
        onSaved={onSaved}
        body={() => ({ hailFactor: figureOf(hail), fireFactor: figureOf(fire), isActive: active })}
      >
        <FigureField id={`${id}-hail`} label="Hail factor" value={hail} onChange={setHail} />
        <FigureField id={`${id}-fire`} label="Fire factor" value={fire} onChange={setFire} />
        <ActiveBox id={`${id}-active`} checked={active} onChange={setActive} />
      </PricingEditForm>
    </>
  );
}

function HurdleForm({ option, onSaved }: { option: PricingHurdleOption; onSaved: Saved }) {
  const [multiplier, setMultiplier] = useState(String(option.impactMultiplier));
  return (
    <>
      <h3>
        {option.description} {!option.isActive && <span className={styles.badge}>Inactive</span>}
      </h3>
      <PricingEditForm path={`/api/admin/pricing/hurdle-options/${option.percentage}`} label={`Multiplier of the ${option.percentage}% hurdle`} onSaved={onSaved} body={() => ({ impactMultiplier: figureOf(multiplier) })}>
        <FigureField id={`hurdle-${option.percentage}`} label="Premium multiplier" value={multiplier} onChange={setMultiplier} />
      </PricingEditForm>
    </>
  );
}

function DiscountRuleForm({ rule, onSaved }: { rule: DynamicDiscountRule; onSaved: Saved }) {
  const [active, setActive] = useState(rule.isActive);
  const [rate, setRate] = useState(rule.kind === 'volume' ? '' : String(rule.rate));
  const [windowStart, setWindowStart] = useState(rule.kind === 'earlySeason' ? rule.windowStart : '');
  const [windowEnd, setWindowEnd] = useState(rule.kind === 'earlySeason' ? rule.windowEnd : '');
  const [seasons, setSeasons] = useState(rule.kind === 'multiYear' ? String(rule.minimumPriorSeasons) : '');
  const [bands, setBands] = useState(rule.kind === 'volume' ? rule.bands.map((band) => ({ from: String(band.fromInsuredValue), rate: String(band.rate) })) : []);
  const id = `rule-${rule.id}`;
  const body = () => {
    const base = { name: rule.name, kind: rule.kind, isActive: active };
    switch (rule.kind) {
      case 'volume':
        return { ...base, bands: bands.map((band) => ({ fromInsuredValue: figureOf(band.from), rate: figureOf(band.rate) })) };
      case 'earlySeason':
        return { ...base, rate: figureOf(rate), windowStart: windowStart.trim(), windowEnd: windowEnd.trim() };
      case 'multiYear':
        return { ...base, rate: figureOf(rate), minimumPriorSeasons: figureOf(seasons) };
      case 'referrer':
        return { ...base, rate: figureOf(rate) };
    }
  };
  return (
    <>
      <h3>
        {rule.name} <span className={styles.badge}>{KIND_LABELS[rule.kind]}</span>
      </h3>
      <PricingEditForm path={`/api/admin/pricing/dynamic-discounts/${encodeURIComponent(rule.id)}`} label={`Discount rule ${rule.name}`} onSaved={onSaved} body={body}>
        {rule.kind === 'volume' &&
          bands.map((band, index) => (
            <div key={index} className={ops.formRow}>
              <FigureField id={`${id}-from-${index}`} label={`Band ${index + 1} from ($ protected)`} value={band.from} onChange={(value) => setBands(bands.map((item, i) => (i === index ? { ...item, from: value } : item)))} />
              <FigureField id={`${id}-rate-${index}`} label={`Band ${index + 1} rate`} value={band.rate} onChange={(value) => setBands(bands.map((item, i) => (i === index ? { ...item, rate: value } : item)))} />
            </div>
          ))}
        {rule.kind !== 'volume' && <FigureField id={`${id}-rate`} label="Rate" value={rate} onChange={setRate} hint="0.04 means 4%" />}
        {rule.kind === 'earlySeason' && (
          <>
            <FigureField id={`${id}-start`} label="From (MM-DD)" value={windowStart} onChange={setWindowStart} />
            <FigureField id={`${id}-end`} label="To (MM-DD)" value={windowEnd} onChange={setWindowEnd} />
          </>
        )}
        {rule.kind === 'multiYear' && <FigureField id={`${id}-seasons`} label="Prior seasons needed" value={seasons} onChange={setSeasons} />}
        <ActiveBox id={`${id}-active`} checked={active} onChange={setActive} />
      </PricingEditForm>
    </>
  );
}
