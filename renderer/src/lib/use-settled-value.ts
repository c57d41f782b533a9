import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`: a search typed or a marker dragged asks the server once, when it rests. */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
