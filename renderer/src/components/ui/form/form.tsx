import { zodResolver } from '@hookform/resolvers/zod';
import { type FormHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { FormProvider, useForm, useFormContext, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerError } from './server-issues';
import { useFocusOnOpen } from '../../../lib/use-focus-return';
import styles from './form.module.css';

type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form state checked by a schema from ./shared/contracts: the same rules the server applies.
 * Fields are first checked on submit, then again as they change: a message that appeared when a
 * field lost focus would push the submit button away between mouse-down and mouse-up, and the
 * click would be lost.
 */
export function useZodForm<S extends ObjectSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}

interface FormProps<In extends FieldValues, Out extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<In, unknown, Out>;
  /** Runs with the parsed values; a thrown ApiRequestError's issues land on their fields. */
  onSubmit: (values: Out) => Promise<unknown> | unknown;
  /** Said when a failure carries no message of the server's. */
  failureMessage?: string;
  /**
   * The form opens in place of the button that opened it ('Lodge a claim', 'Change the dates'): that
   * button is gone, so focus would fall to the page's start; the form takes it, and a screen reader
   * reads the form's name. Focus the person has put elsewhere is left alone.
   */
  opensInPlace?: boolean;
  children: ReactNode;
}

/** A form whose fields register themselves (components/ui/form) and whose server errors land on them. */
export function Form<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  failureMessage = 'That did not work. Check your connection and try again.',
  opensInPlace = false,
  children,
  className,
  ...rest
}: FormProps<In, Out>) {
  const element = useFocusOnOpen<HTMLFormElement>(opensInPlace);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerError(error, form.setError, Object.keys(form.getValues()), failureMessage);
    }
  });
  return (
    <FormProvider {...form}>
      <form ref={element} noValidate className={[styles.form, className].filter(Boolean).join(' ')} onSubmit={submit} tabIndex={opensInPlace ? -1 : undefined} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The form's failure that belongs to no one field, as an alert (empty when there is none). It sits
 * at the top of the form, so on a long form it is brought into view (clear of the sticky header)
 * when it appears: the person pressed a button at the bottom and must see why nothing happened.
 */
export function FormError() {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) alert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <p ref={alert} role="alert" className={styles.formError}>
      {message}
    </p>
  );
}

/** A form's submit button, saying `busy` (and not pressable) while the form is sent. */
export function SubmitButton({ label, busy, className = 'button button-primary' }: { label: string; busy: string; className?: string | undefined }) {
  const { formState } = useFormContext();
  return (
    <button type="submit" className={className} disabled={formState.isSubmitting}>
      {formState.isSubmitting ? busy : label}
    </button>
  );
}

/**
 * A form's submit button beside its Cancel: the closing row of the panels staff open to record,
 * reverse, lock or change something.
 */
export function SubmitOrCancel({ label, busy, onCancel, className }: { label: string; busy: string; onCancel: () => void; className?: string | undefined }) {
  return (
    <div className={className}>
      <SubmitButton label={label} busy={busy} />
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
