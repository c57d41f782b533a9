import { type FormEvent, type ReactNode, useState } from 'react';
import { adminPricingModelResponseSchema, type AdminPricingModelResponse } from '@shared/contracts/admin-pricing';
import type { PricingModel } from '@shared/contracts/pricing';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { ListError, ListLoading } from './admin-ui';
import { useAdminData } from './use-admin-data';

/** A typed figure as the API wants it: empty or unreadable text is sent as null, which the server refuses with the field's message. */
export const figureOf = (text: string): number | null => {
  const value = Number(text.trim().replace(/,/g, ''));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
};

/** The stored pricing model (GET /api/admin/pricing), shown once loaded, or why it cannot be. */
export function PricingModelGate({ children }: { children: (model: PricingModel, replace: (response: AdminPricingModelResponse) => void) => ReactNode }) {
  const pricing = useAdminData('/api/admin/pricing', adminPricingModelResponseSchema);
  const [latest, setLatest] = useState<AdminPricingModelResponse>();
  if (pricing.status === 'loading') return <ListLoading label="Loading the pricing model…" />;
  if (pricing.status === 'error') return <ListError message={pricing.message} onRetry={pricing.reload} />;
  const current = latest ?? pricing.data;
  if (!current.model) {
    return <ListError message={`The stored pricing model is not valid, so quotes cannot be priced: ${current.problem ?? 'unknown problem'}. Correct it in the database (docs/pricing.md §7), then try again.`} onRetry={pricing.reload} />;
  }
  return (
    <>
      <p className={styles.muted}>
        Model version <code>{current.model.version}</code>. A saved change is checked against the whole model, applies to the next quote at once and is recorded in the audit log.
      </p>
      {children(current.model, setLatest)}
    </>
  );
}

/** One edit form: PUTs the body, hands the new model on, and shows the server's sentence when it refuses. */
export function PricingEditForm({
  path,
  body,
  label,
  onSaved,
  children,
}: {
  path: string;
  body: () => object;
  label: string;
  onSaved: (response: AdminPricingModelResponse) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setSaved(false);
    try {
      onSaved(await apiRequest('PUT', path, { body: body(), schema: adminPricingModelResponseSchema }));
      setSaved(true);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? (error.issues[0]?.message ?? error.message) : 'The change could not be saved. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={ops.form} noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
      <div className={ops.formRow}>
        {children}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      {saved && (
        <p className={styles.notice} role="status">
          Saved. New quotes use it now.
        </p>
      )}
    </form>
  );
}

/** A labelled figure input for the edit forms. */
export function FigureField({ id, label, value, onChange, hint }: { id: string; label: string; value: string; onChange: (value: string) => void; hint?: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={`${styles.input} ${ops.rateInput}`} inputMode="decimal" autoComplete="off" value={value} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)} />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
