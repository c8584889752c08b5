import 'leaflet/dist/leaflet.css';
import './geo-map.css';
import { Trans, useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { Component, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { mapTiles } from '../../lib/config';
import { formatCoordinates } from '../../modules/messages/map-tiles';
import { IconMapPin } from '../icons';
import { boundsOf, type LatLng, nextTileStatus, normalizeLatLng, type TileStatus, validLatLng } from './geo';

/** Tiles that neither load nor fail by then (a captive network, a stalled proxy) count as unreachable. */
const TILE_TIMEOUT_MS = 8_000;

/** Leaflet's own marker, bundled by Vite (no CDN, no guessed image path). `alt` tints the second kind of marker. */
const icon = (className = '') =>
  L.icon({
    iconUrl: markerIcon,
    iconRetinaUrl: markerIcon2x,
    shadowUrl: markerShadow,
    iconSize: [25, 41],
    iconAnchor: [12, 41],
    popupAnchor: [1, -34],
    tooltipAnchor: [16, -28],
    shadowSize: [41, 41],
    className,
  });
const ICONS = { primary: icon(), secondary: icon('zd-marker-secondary'), selected: icon('zd-marker-selected') };

export type MapMarker = LatLng & {
  key: string;
  label?: string;
  /** 'secondary' draws the marker in another hue (e.g. shared in a conversation vs saved) */
  kind?: 'primary' | 'secondary';
};

export type GeoMapProps = {
  /** the view: a centre and zoom, or `fit` to show every marker */
  center: LatLng;
  zoom: number;
  fit?: boolean;
  /**
   * with `fit`: frame the markers again only when this changes (e.g. a filter, the first load), so markers that
   * arrive live do not move a view the user is looking at; by default, whenever the set of points changes
   */
  refitKey?: string;
  markers: MapMarker[];
  /** picking a point: a click on the map, or dragging the (single) marker */
  onPick?: (p: LatLng) => void;
  /** a marker was clicked */
  onMarkerClick?: (key: string) => void;
  selectedKey?: string | null;
  /** a static map (cards): no dragging, zooming or keyboard, one tab stop less */
  interactive?: boolean;
  className?: string;
  testId?: string;
  ariaLabel?: string;
};

/**
 * The shared map (Leaflet + react-leaflet): the configured tiles (`mapTiles()`: MAP_TILE_URL, OpenStreetMap by
 * default, with attribution), bundled marker icons, and an offline fallback: when no tile can load, the map keeps its
 * markers on a neutral background and shows the coordinates. It never throws: a failure of the map itself renders
 * the static fallback (pin and coordinates).
 */
export function GeoMap(props: GeoMapProps) {
  const first = props.markers[0];
  return (
    <MapErrorBoundary
      fallback={
        <StaticFallback
          className={props.className}
          testId={props.testId}
          point={first ?? props.center}
          count={props.markers.length}
        />
      }
    >
      <LeafletMap {...props} />
    </MapErrorBoundary>
  );
}

function LeafletMap({
  center,
  zoom,
  fit,
  refitKey,
  markers,
  onPick,
  onMarkerClick,
  selectedKey,
  interactive = true,
  className = '',
  testId,
  ariaLabel,
}: GeoMapProps) {
  const { t } = useLingui();
  const tiles = mapTiles();
  const [status, setStatus] = useState<TileStatus>('loading');
  const statusRef = useRef(status);
  statusRef.current = status;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (statusRef.current === 'loading') setStatus((s) => nextTileStatus(s, 'timeout'));
    }, TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  const tileEvents = useMemo(
    () => ({
      tileload: () => setStatus((s) => nextTileStatus(s, 'load')),
      tileerror: () => setStatus((s) => nextTileStatus(s, 'error')),
    }),
    [],
  );
  const one = markers.length === 1 ? markers[0] : null;
  const safeCenter = validLatLng(center.lat, center.lng) ? center : { lat: 0, lng: 0 };
  return (
    <div
      className={`relative isolate overflow-hidden rounded-box bg-base-200 ${className}`}
      data-testid={testId}
      data-tiles={status}
      role="region"
      aria-label={ariaLabel ?? t`Mapa`}
    >
      <MapContainer
        center={[safeCenter.lat, safeCenter.lng]}
        zoom={zoom}
        className="zd-map h-full w-full"
        style={{ background: 'transparent' }}
        dragging={interactive}
        scrollWheelZoom={interactive}
        doubleClickZoom={interactive}
        touchZoom={interactive}
        boxZoom={interactive}
        keyboard={interactive}
        zoomControl={interactive}
        attributionControl
      >
        <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} eventHandlers={tileEvents} />
        <View center={safeCenter} zoom={zoom} fit={fit} refitKey={refitKey} markers={markers} compact={!interactive} />
        {onPick ? <PickEvents onPick={onPick} /> : null}
        {markers
          .filter((m) => validLatLng(m.lat, m.lng))
          .map((m) => (
            <Marker
              key={m.key}
              position={[m.lat, m.lng]}
              icon={m.key === selectedKey ? ICONS.selected : ICONS[m.kind ?? 'primary']}
              draggable={!!onPick && markers.length === 1}
              keyboard={interactive}
              title={m.label}
              alt={m.label ?? formatCoordinates(m.lat, m.lng)}
              eventHandlers={{
                dragend: (e) => {
                  const p = (e.target as L.Marker).getLatLng();
                  onPick?.(normalizeLatLng({ lat: p.lat, lng: p.lng }));
                },
                click: () => onMarkerClick?.(m.key),
              }}
            >
              {m.label && markers.length > 1 ? <Tooltip>{m.label}</Tooltip> : null}
            </Marker>
          ))}
      </MapContainer>
      {status === 'offline' ? (
        <div
          className="pointer-events-none absolute inset-x-0 top-0 z-[1000] flex justify-center p-1.5"
          data-testid="map-offline"
        >
          <span className="flex max-w-full items-center gap-1 rounded-full bg-base-100/90 px-2 py-0.5 text-[11px] shadow-sm">
            <IconMapPin size={12} className="shrink-0 text-error" />
            {one ? (
              <span className="font-mono" data-testid="map-coordinates">
                {formatCoordinates(one.lat, one.lng)}
              </span>
            ) : markers.length > 1 ? (
              <span className="truncate">
                <Trans>Mapa sem conexão: só os marcadores</Trans>
              </span>
            ) : (
              <span className="truncate">
                <Trans>Mapa sem conexão</Trans>
              </span>
            )}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Follows the props after mount (MapContainer's centre and zoom are initial values only): a new `zoom` sets the view;
 * a new centre pans there only when it is out of sight (a click inside the view keeps the user's zoom and framing);
 * `fit` frames every marker whenever the set of points (or the `refitKey`, when given) changes.
 */
function View({
  center,
  zoom,
  fit,
  refitKey,
  markers,
  compact,
}: {
  center: LatLng;
  zoom: number;
  fit?: boolean;
  refitKey?: string;
  markers: MapMarker[];
  /** a small static map (cards): the attribution without Leaflet's prefix, to fit */
  compact?: boolean;
}) {
  const map = useMap();
  useEffect(() => {
    if (compact) map.attributionControl?.setPrefix(false);
  }, [compact, map]);
  const fitKey = fit ? (refitKey ?? markers.map((m) => `${m.lat},${m.lng}`).join('|')) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of points changes (fitKey), not on every render's new array
  useEffect(() => {
    if (!fit) return;
    const b = boundsOf(markers);
    if (!b) return;
    if (b[0][0] === b[1][0] && b[0][1] === b[1][1]) map.setView(b[0], zoom);
    else map.fitBounds(b, { paddingTopLeft: [40, 64], paddingBottomRight: [40, 24], maxZoom: 16 }); // a marker stands above its point
  }, [fitKey, fit, map, zoom]);
  const lastZoom = useRef(zoom);
  useEffect(() => {
    if (fit) return;
    const target = L.latLng(center.lat, center.lng);
    if (lastZoom.current !== zoom) {
      lastZoom.current = zoom;
      map.setView(target, zoom);
    } else if (!map.getBounds().pad(-0.1).contains(target)) {
      map.panTo(target);
    }
  }, [center.lat, center.lng, zoom, fit, map]);
  // a map laid out while hidden (a dialog opening) measures again once shown
  useEffect(() => {
    const el = map.getContainer();
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  return null;
}

function PickEvents({ onPick }: { onPick: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onPick(normalizeLatLng({ lat: e.latlng.lat, lng: e.latlng.lng })) });
  return null;
}

/** The map failed to render at all: a pin and the coordinates, never a thrown page. */
function StaticFallback({
  className = '',
  testId,
  point,
  count,
}: {
  className?: string;
  testId?: string;
  point: LatLng;
  count: number;
}) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-1 rounded-box bg-base-200 p-3 text-center ${className}`}
      data-testid={testId}
      data-tiles="offline"
    >
      <IconMapPin size={28} className="text-error" />
      <span className="font-mono text-xs" data-testid="map-coordinates">
        {validLatLng(point.lat, point.lng) ? formatCoordinates(point.lat, point.lng) : '—'}
      </span>
      {count > 1 ? <span className="text-xs opacity-70">+{count - 1}</span> : null}
    </div>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('map failed to render', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The attribution is a setting rendered as HTML by Leaflet: escape it. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
