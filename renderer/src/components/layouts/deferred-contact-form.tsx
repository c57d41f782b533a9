import { lazy, useRef } from 'react';
import { useLocation } from 'react-router';
import { importInParts } from '../../lib/next-task';
import { LoadedOnDemand } from '../ui/error-boundaries';
import styles from './site-footer.module.css';
import { useNearViewOrIdle } from './use-near-view-or-idle';

// Its contracts and the form library build much as they load: loaded in parts, each its own task.
const ContactForm = lazy(async () => ({
  default: (await importInParts([() => import('@shared/contracts/public-site'), () => import('../ui/form/form')], () => import('../forms/contact-form'))).ContactForm,
}));

/**
 * The footer's contact form, loaded when it comes near the view, when the address asks for it
 * (/#contact), or once the page has settled: its form library and schemas are not what a page needs
 * in order to show. The space it takes is kept, so nothing moves when it arrives.
 */
export function DeferredContactForm() {
  const placeholder = useRef<HTMLDivElement>(null);
  const wanted = useNearViewOrIdle(placeholder, useLocation().hash === '#contact');
  const reserved = <div ref={placeholder} className={styles.formPlaceholder} aria-busy="true" />;
  if (!wanted) return reserved;
  // Should the form's code not arrive, its place says to refresh; the page above it is untouched.
  return (
    <LoadedOnDemand loading={reserved}>
      <ContactForm />
    </LoadedOnDemand>
  );
}
