import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { get, useFormContext } from 'react-hook-form';
import styles from './form.module.css';

interface FieldFrameProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}

/**
 * A label, the control, its hint and its error, tied together for screen readers. The control
 * keeps its height whatever its neighbours' hints and errors do (the frame aligns to the top).
 */
export function FieldFrame({ name, label, hint, children, className }: FieldFrameProps) {
  const { formState } = useFormContext();
  const id = `${useId()}-${name}`;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const describedBy = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error?.message ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error?.message && (
        <span id={`${id}-error`} className={styles.error}>
          {error.message}
        </span>
      )}
    </div>
  );
}

type Labelled = { name: string; label: ReactNode; hint?: ReactNode; className?: string };

export function TextField({ name, label, hint, className, ...input }: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} className={className}>
      {(control) => <input className={styles.input} {...control} {...input} {...register(name, input.type === 'number' ? { valueAsNumber: true } : undefined)} />}
    </FieldFrame>
  );
}

export function TextareaField({ name, label, hint, className, ...textarea }: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} className={className}>
      {(control) => <textarea className={styles.input} {...control} {...textarea} {...register(name)} />}
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  ...select
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <select className={styles.input} {...control} {...select} {...register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it; its error below. */
export function CheckboxField({ name, label, hint, className, ...input }: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type'>) {
  const { register, formState } = useFormContext();
  const id = `${useId()}-${name}`;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const describedBy = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" aria-invalid={error?.message ? true : undefined} aria-describedby={describedBy} {...input} {...register(name)} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error?.message && (
        <span id={`${id}-error`} className={styles.error}>
          {error.message}
        </span>
      )}
    </div>
  );
}
