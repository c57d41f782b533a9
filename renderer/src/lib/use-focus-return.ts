import { useEffect, useRef } from 'react';

/**
 * The other half of `<Form opensInPlace>`: when the form closes (sent or cancelled) and its button
 * comes back, focus goes back to that button, where the person left it, rather than to the page's
 * start. Focus the person has put elsewhere meanwhile is left alone. Give the ref to the button.
 */
export function useFocusReturn<T extends HTMLElement>(open: boolean) {
  const trigger = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const focused = document.activeElement;
    if (wasOpen.current && !open && (focused === null || focused === document.body)) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return trigger;
}
