import type { ReactNode } from 'react';
import { useId } from 'react';
import { get, useController, useFormContext } from 'react-hook-form';
import formStyles from './form.module.css';
import styles from './choice-fields.module.css';

interface Choice {
  value: string;
  label: ReactNode;
  /** Said on hover and to screen readers after the label. */
  description?: string;
}

interface ChoiceGroupProps {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly Choice[];
  /** Shown between the legend and the choices (a map to pick from, say). */
  children?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A fieldset of choices with its legend, hint and error; the error is tied to the group for screen readers. */
function ChoiceFrame({ name, legend, hint, children, disabled, className }: Omit<ChoiceGroupProps, 'options'>) {
  const { formState } = useFormContext();
  const id = `${useId()}-${name}`;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const describedBy = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={[styles.group, className].filter(Boolean).join(' ')} disabled={disabled} aria-describedby={describedBy} data-invalid={error?.message ? true : undefined}>
      <legend className={formStyles.label}>{legend}</legend>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      )}
      {error?.message && (
        <span id={`${id}-error`} className={formStyles.error}>
          {error.message}
        </span>
      )}
    </fieldset>
  );
}

/** One of several (a string field). */
export function RadioGroupField({ name, options, children, ...frame }: ChoiceGroupProps) {
  const { register } = useFormContext();
  return (
    <ChoiceFrame name={name} {...frame}>
      {children}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice} title={option.description}>
            <input type="radio" value={option.value} {...register(name)} />
            {option.label}
          </label>
        ))}
      </div>
    </ChoiceFrame>
  );
}

/** Any number of several (a string-array field); another control (a map, say) may set the same field. */
export function CheckboxGroupField({ name, options, children, ...frame }: ChoiceGroupProps) {
  const { field } = useController({ name });
  const chosen = (field.value as string[] | undefined) ?? [];
  const toggle = (value: string) => field.onChange(chosen.includes(value) ? chosen.filter((item) => item !== value) : [...chosen, value]);
  return (
    <ChoiceFrame name={name} {...frame}>
      {children}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice} title={option.description}>
            <input type="checkbox" name={name} value={option.value} checked={chosen.includes(option.value)} onChange={() => toggle(option.value)} onBlur={field.onBlur} />
            {option.label}
          </label>
        ))}
      </div>
    </ChoiceFrame>
  );
}
