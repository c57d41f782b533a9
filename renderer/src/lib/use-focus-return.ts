import { useEffect, useRef } from 'react';

/** Nothing holds the focus: what it was on has gone from the page (or it never moved). */
const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * For what opens in place of the button that opened it (a form after 'Lodge a claim'): that button
 * is gone, so focus would fall to the page's start; the element takes it (give it tabIndex -1), and
 * a screen reader reads its name. Focus the person has put elsewhere is left alone.
 */
export function useFocusOnOpen<T extends HTMLElement>(opensInPlace: boolean) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (opensInPlace && focusIsLost()) element.current?.focus({ preventScroll: true });
  }, [opensInPlace]);
  return element;
}

/**
 * The other half of `useFocusOnOpen` (`<Form opensInPlace>`): when the form closes (sent or cancelled) and its button
 * comes back, focus goes back to that button, where the person left it, rather than to the page's
 * start. Focus the person has put elsewhere meanwhile is left alone. Give the ref to the button.
 */
export function useFocusReturn<T extends HTMLElement>(open: boolean) {
  const trigger = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && focusIsLost()) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return trigger;
}
