import { lazy, useCallback, useMemo } from 'react';
import type { FarmMappingValue } from '../../../components/map/farm-mapping-panel';
import { diffSections } from '../../../components/map/section-changes';
import { LoadedOnDemand } from '../../../components/ui/error-boundaries';
import { useQuoteStore } from '../stores/quote-store';
import { StepFrame } from './step-frame';

// Leaflet, geoman and their CSS load with this step only, never with the other wizard steps.
const FarmMappingPanel = lazy(() => import('../../../components/map/farm-mapping-panel').then((module) => ({ default: module.FarmMappingPanel })));

/**
 * Step 6 (hidden from the progress bar): the farm map. Find the farm, see its risk zone, and
 * draw, import or type the paddocks; the panel edits farmData.farmLocation, address,
 * paddockSections, hectares and zone through the quote store's actions.
 */
export function FarmMappingStep() {
  const farmData = useQuoteStore((state) => state.farmData);
  const value = useMemo<FarmMappingValue>(
    () => ({ farmLocation: farmData.farmLocation, address: farmData.address, paddockSections: farmData.paddockSections, hectares: farmData.hectares, zone: farmData.zone }),
    [farmData.farmLocation, farmData.address, farmData.paddockSections, farmData.hectares, farmData.zone],
  );

  const onChange = useCallback((changes: Partial<FarmMappingValue>) => {
    const store = useQuoteStore.getState();
    const { paddockSections, ...farmChanges } = changes;
    if (paddockSections) {
      const { added, updated, removed } = diffSections(store.farmData.paddockSections, paddockSections);
      for (const id of removed) store.removePaddockSection(id);
      for (const { id, changes: sectionChanges } of updated) store.updatePaddockSection(id, sectionChanges);
      for (const section of added) store.addPaddockSection(section);
    }
    if (Object.keys(farmChanges).length > 0) store.updateFarmData(farmChanges);
  }, []);

  return (
    <StepFrame intro={<p>Find your farm, then draw each paddock on the map, import your boundary file, or add paddocks by their area in hectares. Your risk zone comes from the farm location.</p>}>
      {/* Should the map's code not arrive (a dropped country connection), its place says to refresh and the step's buttons stay. */}
      <LoadedOnDemand loading={<p role="status">Loading the map…</p>}>
        <FarmMappingPanel value={value} onChange={onChange} />
      </LoadedOnDemand>
    </StepFrame>
  );
}
