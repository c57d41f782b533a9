import { type ReactNode, useState } from 'react';
import { type FieldValues, useFormContext, type UseFormReturn } from 'react-hook-form';
import { FieldFrame } from '../ui/form/fields';
import { Form, FormError, SubmitButton } from '../ui/form/form';
import fieldStyles from '../ui/form/form.module.css';
import styles from './admin.module.css';
import ops from './admin-items.module.css';

/**
 * A typed figure as the schema wants it: empty text is null (no cap, or 'must be a number' where a
 * figure is required), text that is no number is NaN, which the schema refuses with the field's message.
 */
const figureOf = (text: unknown): number | null => {
  if (typeof text === 'number') return text;
  const trimmed = String(text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed.replace(/,/g, ''));
};

/** One edit form of a setting the quote is priced with (the pricing model, the calculator settings): saves through `onSubmit`, says so, and shows the server's sentence when it refuses. */
export function AdminEditForm<In extends FieldValues, Out extends FieldValues>({
  form,
  label,
  onSubmit,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  label: string;
  onSubmit: (values: Out) => Promise<unknown>;
  children: ReactNode;
}) {
  const [saved, setSaved] = useState(false);
  const save = async (values: Out) => {
    setSaved(false);
    await onSubmit(values);
    setSaved(true);
  };
  return (
    <Form form={form} className={ops.form} onSubmit={save} failureMessage="The change could not be saved. Check your connection and try again." aria-label={label}>
      <div className={ops.formRow}>
        {children}
        <SubmitButton label="Save" busy="Saving…" />
      </div>
      <FormError />
      {/* Gone again once a later attempt fails the schema. */}
      {saved && form.formState.isSubmitSuccessful && (
        <p className={styles.notice} role="status">
          Saved. New quotes use it now.
        </p>
      )}
    </Form>
  );
}

/** A figure of a setting, typed as text and handed to the schema as a number (or null when empty). */
export function FigureField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      {(control) => <input className={`${fieldStyles.input} ${ops.rateInput}`} inputMode="decimal" autoComplete="off" {...control} {...register(name, { setValueAs: figureOf })} />}
    </FieldFrame>
  );
}
