import L from './leaflet-setup';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { Feature } from 'geojson';

/** Keeps the features in view: fitted once drawn, and again whenever the map's container changes size. */
export function FitBounds({ features }: { features: Feature[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.geoJSON({ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection).getBounds();
    if (!bounds.isValid()) return;
    const fit = () => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    };
    fit();
    // The container's size settles after layout (and changes with the window): fit again when it does.
    const observer = new ResizeObserver(fit);
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [features, map]);
  return null;
}
