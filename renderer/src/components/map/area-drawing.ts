/**
 * The tools to draw an area on a map (leaflet-geoman's polygon and rectangle, nothing else): staff
 * draw a hail swath or fire footprint on the risk map, or a reported event's area on the alerts page.
 * Each finished shape is handed over as GeoJSON and taken off the map; the map draws what its props say.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Footprint } from '@shared/contracts/risk-simulation';
import L from './leaflet-draw';

function isFootprint(geometry: GeoJSON.Geometry): geometry is Footprint {
  return geometry.type === 'Polygon' || geometry.type === 'MultiPolygon';
}

export function useAreaDrawing(onDrawn: (area: Footprint) => void): void {
  const map = useMap();
  const drawn = useRef(onDrawn);
  useEffect(() => {
    drawn.current = onDrawn;
  });
  useEffect(() => {
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      drawRectangle: true,
      drawPolygon: true,
      editMode: false,
      dragMode: false,
      cutPolygon: false,
      removalMode: false,
      rotateMode: false,
    });
    map.pm.setGlobalOptions({ allowSelfIntersection: false });
    const created = ({ layer }: { layer: L.Layer }) => {
      layer.remove();
      // A rectangle is a polygon to Leaflet; nothing else can be drawn with these tools.
      if (!(layer instanceof L.Polygon)) return;
      const { geometry } = layer.toGeoJSON();
      if (isFootprint(geometry)) drawn.current(geometry);
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.removeControls();
    };
  }, [map]);
}
