import { type ReactNode, useState } from 'react';
import { type FieldValues, useFormContext, type UseFormReturn } from 'react-hook-form';
import type { PricingModel } from '@shared/contracts/pricing';
import { ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { FieldFrame } from '../../components/ui/form/fields';
import { Form, FormError } from '../../components/ui/form/form';
import fieldStyles from '../../components/ui/form/form.module.css';
import { failureMessage } from '../../lib/react-query';
import { usePricingModel } from './api/get-pricing-model';

/**
 * A typed figure as the schema wants it: empty text is null (no cap, or 'must be a number' where a
 * figure is required), text that is no number is NaN, which the schema refuses with the field's message.
 */
const figureOf = (text: unknown): number | null => {
  if (typeof text === 'number') return text;
  const trimmed = String(text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed.replace(/,/g, ''));
};

/** The stored pricing model (GET /api/admin/pricing), shown once loaded, or why it cannot be. */
export function PricingModelGate({ children }: { children: (model: PricingModel) => ReactNode }) {
  const pricing = usePricingModel();
  if (pricing.isPending) return <ListLoading label="Loading the pricing model…" />;
  if (pricing.isError) return <ListError message={failureMessage(pricing.error, 'The list could not be loaded. Check your connection and try again.')} onRetry={() => void pricing.refetch()} />;
  const current = pricing.data;
  if (!current.model) {
    return (
      <ListError
        message={`The stored pricing model is not valid, so quotes cannot be priced: ${current.problem ?? 'unknown problem'}. Correct it in the database (docs/pricing.md §7), then try again.`}
        onRetry={() => void pricing.refetch()}
      />
    );
  }
  return (
    <>
      <p className={styles.muted}>
        Model version <code>{current.model.version}</code>. A saved change is checked against the whole model, applies to the next quote at once and is recorded in the audit log.
      </p>
      {children(current.model)}
    </>
  );
}

/** One edit form of the pricing model: saves through `onSubmit`, says so, and shows the server's sentence when it refuses. */
export function PricingEditForm<In extends FieldValues, Out extends FieldValues>({
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
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save'}
        </button>
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

/** A figure of the model, typed as text and handed to the schema as a number (or null when empty). */
export function FigureField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      {(control) => <input className={`${fieldStyles.input} ${ops.rateInput}`} inputMode="decimal" autoComplete="off" {...control} {...register(name, { setValueAs: figureOf })} />}
    </FieldFrame>
  );
}
