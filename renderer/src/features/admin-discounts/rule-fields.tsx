import { useFormContext } from 'react-hook-form';
import ops from '../../components/admin/admin-items.module.css';
import { FieldFrame } from '../../components/ui/form/fields';
import fieldStyles from '../../components/ui/form/form.module.css';

/** Typed text as the schema wants it: empty is null, anything else a number (NaN is refused with the field's message). */
const figureOf = (text: unknown): number | null => {
  if (typeof text === 'number') return text;
  const trimmed = String(text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed.replace(/[$,]/g, ''));
};

/** A figure typed as text and handed to the schema as a number, or null when empty. */
export function NumberField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      {(control) => <input className={`${fieldStyles.input} ${ops.rateInput}`} inputMode="decimal" autoComplete="off" {...control} {...register(name, { setValueAs: figureOf })} />}
    </FieldFrame>
  );
}

/** A calendar day (YYYY-MM-DD), or null when left empty. */
export function DateField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      {(control) => <input type="date" className={fieldStyles.input} {...control} {...register(name, { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) })} />}
    </FieldFrame>
  );
}
