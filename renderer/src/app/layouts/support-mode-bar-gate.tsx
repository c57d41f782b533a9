import { lazy } from 'react';
import { LoadedOnDemand } from '../../components/ui/error-boundaries';
import { useSessionStore } from '../../stores/session-store';

/**
 * The bar's code (its queries of the member's applications and drafts, and the contracts they
 * read) loads only when support mode runs: it was part of every member's and staff page's start.
 * The public layout loads it the same way, by the session cache (public-layout.tsx), and keeps its
 * own declaration so that the public pages' entry does not take in the session store. Should the
 * code not arrive (a dropped connection), the bar's place says so and the page goes on working.
 */
const SupportModeBar = lazy(async () => ({ default: (await import('./support-mode-bar')).SupportModeBar }));

/** The support bar on the member's and staff pages, whose session is read already: drawn while support mode runs. */
export function SupportModeBarWhileActive() {
  const active = useSessionStore((state) => state.supportMode.isActive);
  if (!active) return null;
  return (
    <LoadedOnDemand>
      <SupportModeBar />
    </LoadedOnDemand>
  );
}
