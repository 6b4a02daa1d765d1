import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { LatLngBoundsExpression, Map as LeafletMap } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { useAppConfig } from '../../app/use-app-config';

/** One place on a map: a tracking location or a pickup point. */
export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  /** Its name, shown as the marker's tooltip. */
  title: string;
}

export interface LocationMapProps {
  points: readonly MapPoint[];
  /** The highlighted point; the map centres on it when it changes. */
  selectedId?: string | null;
  /** Clicking a marker chooses its point (pickup point modal). */
  onSelect?: (id: string) => void;
  /** Zoom with one point or on a selected point (orders spec §9: 15). */
  zoom?: number;
  height?: number | string;
  /** What the map is of, for screen readers ("Kaart van de afhaalpunten"). */
  label: string;
  /**
   * Shown instead of the map when its tiles cannot load (no network, a blocked tile
   * server): the caller's plain address card or list. Without it the markers stay on a
   * blank map.
   */
  fallback?: ReactNode;
}

const markerColour = '#1c7ed6';
const selectedColour = '#c92a2a';

/**
 * A Leaflet map with the configured tiles (MAP_TILE_URL in /api/config) and one vector
 * marker per point (no marker images to load). One component for every map of the app.
 */
export function LocationMap({ points, selectedId = null, onSelect, zoom = 15, height = 320, label, fallback }: LocationMapProps) {
  const { map: tiles } = useAppConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const loadedTile = useRef(false);
  const mapRef = useRef<LeafletMap | null>(null);
  const selected = points.find((p) => p.id === selectedId) ?? null;

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (selected) map.setView([selected.latitude, selected.longitude], Math.max(map.getZoom(), zoom));
  }, [selected, zoom]);

  if (points.length === 0 || (tilesFailed && fallback)) return <>{fallback ?? null}</>;

  const first = points[0] as MapPoint;
  const bounds: LatLngBoundsExpression | undefined =
    points.length > 1 ? points.map((p) => [p.latitude, p.longitude] as [number, number]) : undefined;

  return (
    <Box role="region" aria-label={label} h={height} style={{ position: 'relative' }} data-testid="location-map">
      <MapContainer
        ref={mapRef}
        center={selected ? [selected.latitude, selected.longitude] : [first.latitude, first.longitude]}
        zoom={zoom}
        bounds={bounds}
        boundsOptions={{ padding: [24, 24], maxZoom: zoom }}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        <TileLayer
          url={tiles.tile_url}
          attribution={tiles.attribution}
          eventHandlers={{
            tileload: () => {
              loadedTile.current = true;
            },
            // A tile server that answers nothing at all: show the fallback. Once a tile
            // loaded, a single missing tile keeps the map.
            tileerror: () => {
              if (!loadedTile.current) setTilesFailed(true);
            },
          }}
        />
        {points.map((p) => {
          const isSelected = p.id === selectedId;
          return (
            <CircleMarker
              key={p.id}
              center={[p.latitude, p.longitude]}
              radius={isSelected ? 11 : 8}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: isSelected ? selectedColour : markerColour, fillOpacity: 1 }}
              eventHandlers={onSelect ? { click: () => onSelect(p.id) } : undefined}
            >
              <Tooltip>{p.title}</Tooltip>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </Box>
  );
}
