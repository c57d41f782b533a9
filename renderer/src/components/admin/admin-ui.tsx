import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Form, useZodForm } from '../ui/form/form';
import { TextField } from '../ui/form/fields';
import { formatNumber, plural } from '@shared/format';
import { usePageTitle } from '../../lib/page-title';
import { type FailedQuery, failureMessage, isRefusal } from '../../lib/react-query';
import styles from './admin.module.css';
import items from './admin-items.module.css';

/** What an action answered: a success read out as a status in green, a failure as an alert in red. */
export function ActionOutcome({ failed, className, children }: { failed: boolean; className?: string; children: ReactNode }) {
  return (
    <p role={failed ? 'alert' : 'status'} className={[failed ? styles.error : styles.notice, className].filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}

/** The heading of an admin page, with a line saying what it is for; it names the tab too. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      {children && <p className={styles.lead}>{children}</p>}
    </header>
  );
}

/** Loading, error and empty states of a list, in words, with a way to try again. */
export function ListLoading({ label }: { label: string }) {
  return (
    <p className={styles.state} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/**
 * A load that failed, in words: `message` where the page knows better, else the server's own
 * sentence, else `fallback`. Try again is offered where trying again can help (the connection, the
 * server), not where the server refused the request itself (a search too broad, an address of a
 * record that is not there): that answers the same again.
 */
export function ListError({ query, fallback, message }: { query: FailedQuery; fallback?: string; message?: string }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message ?? failureMessage(query.error, fallback)}</p>
      {!isRefusal(query.error) && (
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      )}
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** Previous and next page, with where the reader is in the list: '1–20 of 1,250 members', '1–1 of 1 member'. */
export function Pager({ page, pageSize, total, onPage, noun, nouns = `${noun}s` }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; noun: string; nouns?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pager} aria-label={`Pages of ${nouns}`}>
      <span aria-live="polite">
        {formatNumber(first)}–{formatNumber(last)} of {plural(total, noun, nouns)}
      </span>
      <div className={styles.pagerButtons}>
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** The search box above an admin list, checked with the list's own query schema; the text is applied when the form is sent. */
export function SearchForm({
  label,
  schema,
  search,
  onSearch,
}: {
  label: string;
  schema: z.ZodType<{ search?: string | undefined }, { search?: string | undefined }>;
  search: string;
  onSearch: (search: string) => void;
}) {
  const form = useZodForm(schema, { search });
  return (
    <FilterForm form={form} onSubmit={(values) => onSearch(values.search ?? '')}>
      <TextField name="search" label={label} type="search" />
    </FilterForm>
  );
}

/** The filters above an admin list: the fields, then the Search button and any further actions (a CSV download). */
export function FilterForm<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  actions,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: (values: Out) => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form form={form} className={styles.filters} role="search" onSubmit={onSubmit}>
      {children}
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          Search
        </button>
        {actions}
      </div>
    </Form>
  );
}

/** A list filter that applies as soon as it is picked: the URL changes, so the filtered list can be shared and reloaded. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  anyLabel,
  values,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  anyLabel: string;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The attribute of a list's buttons that open an item (ListItemButton), which the item's heading takes focus from and gives it back to (DetailHeading). */
const OPENS_ITEM = 'data-opens-item';

/** One item of an admin list that opens beside it: its name and a status badge on top, then its details. */
export function ListItemButton({ title, status, tone, selected, onOpen, children }: { title: string; status: string; tone: string; selected: boolean; onOpen: () => void; children: ReactNode }) {
  return (
    <button type="button" className={items.item} aria-current={selected ? 'true' : undefined} onClick={onOpen} data-opens-item>
      <span className={items.itemTop}>
        <strong>{title}</strong>
        <span className={styles.badge} data-tone={tone}>
          {status}
        </span>
      </span>
      {children}
    </button>
  );
}

/**
 * The top of an opened item: its heading (`id` names the item for its article), a Close button, and
 * the notice of the last change made there. An item opened from the list takes the focus to its
 * heading, so a screen reader reads what opened and the keyboard goes on in it; Close gives the focus
 * back to the item's button in the list.
 */
export function DetailHeading({ id, title, onClose, notice }: { id: string; title: string; onClose: () => void; notice: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Not a ref: read when the item has closed, which the hooks' lint says a ref may no longer hold.
  const [closing] = useState<{ opener: HTMLElement | null }>(() => ({ opener: null }));
  useEffect(() => {
    if (document.activeElement?.hasAttribute(OPENS_ITEM)) heading.current?.focus();
  }, [id, title]);
  // The list's button stays where it was; it is focused once the item has closed, not a frame after
  // Close: closing is a navigation, and an Enter on a button focused before it had closed reopened
  // an item that never closed, whose heading then took no focus. In the commit that removes the
  // item (a layout effect), so nothing runs between the item going and the focus coming back.
  useLayoutEffect(
    () => () => {
      if (closing.opener?.isConnected) closing.opener.focus();
    },
    [closing],
  );
  const close = () => {
    closing.opener = document.querySelector<HTMLElement>(`[${OPENS_ITEM}][aria-current="true"]`);
    onClose();
  };
  return (
    <>
      <div className={items.itemTop}>
        <h2 id={id} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </>
  );
}
