/**
 * The fields of a soil sample, for the staff's entry form and the member's alike, checked by the
 * shared schema (soilSampleInputSchema). A result left blank is no result; at least one is needed.
 */
import { MAX_DEPTH_CM, MEASURE_RULES, measureLabel, SOIL_MEASURES, SOIL_TEXTURES, type SoilSampleInput } from '@shared/contracts/soil';
import { TEXTURE_LABELS } from '@shared/domain/soil/measures';
import { perthCalendarDate } from '@shared/format';
import { SelectField, TextField } from '../ui/form/fields';
import { FormRow } from '../ui/form/form-row';
import styles from './soil.module.css';

export function blankSoilSample(paddockName = ''): SoilSampleInput {
  return {
    paddockName,
    lab: '',
    sampleDate: perthCalendarDate(new Date()),
    depthFromCm: 0,
    depthToCm: 10,
    pHCaCl2: null,
    pHWater: null,
    organicCarbonPct: null,
    ecDsM: null,
    colwellPMgKg: null,
    kMgKg: null,
    sMgKg: null,
    texture: null,
  };
}

export function SoilSampleFields({ paddocks }: { paddocks: readonly string[] }) {
  return (
    <>
      <FormRow>
        <SelectField name="paddockName" label="Paddock" options={[{ value: '', label: 'Choose a paddock…' }, ...paddocks.map((name) => ({ value: name, label: name }))]} />
        <TextField name="lab" label="Lab" hint="CSBP, Nutrient Advantage, APAL…" maxLength={100} />
        <TextField name="sampleDate" label="Sample date" type="date" max={perthCalendarDate(new Date())} />
      </FormRow>
      <FormRow>
        <TextField name="depthFromCm" label="Depth from (cm)" type="number" min="0" max={MAX_DEPTH_CM - 1} step="1" />
        <TextField name="depthToCm" label="Depth to (cm)" type="number" min="1" max={MAX_DEPTH_CM} step="1" />
        <SelectField name="texture" label="Texture" options={[{ value: '', label: 'Not reported' }, ...SOIL_TEXTURES.map((texture) => ({ value: texture, label: TEXTURE_LABELS[texture] }))]} />
      </FormRow>
      <fieldset className={styles.results}>
        <legend>Results (leave blank what the lab did not test)</legend>
        {SOIL_MEASURES.map((measure) => (
          <TextField key={measure} name={measure} label={measureLabel(measure)} type="number" step="any" min={MEASURE_RULES[measure].min} max={MEASURE_RULES[measure].max} />
        ))}
      </fieldset>
    </>
  );
}
