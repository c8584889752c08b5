import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { mapTiles } from '../../lib/config';
import { IconMapPin } from '../../ui/icons';
import { formatCoordinates, tilesAround } from './map-tiles';

const WIDTH = 256;
const HEIGHT = 176;
const ZOOM = 16;
/** Tiles that neither load nor fail by then (a captive network, a stalled proxy) count as a failure. */
const LOAD_TIMEOUT_MS = 10_000;

/**
 * Spec 1 §2: a location renders a map; on failure 'Erro ao renderizar a localização'. The map is the configured tiles
 * (MAP_TILE_URL, OpenStreetMap by default) as plain images with our own pin (no map script, no iframe): if any tile cannot load (offline, blocked), the frame
 * shows the pin, the coordinates and the failure text instead of a broken picture.
 */
export function LocationMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useLingui();
  const source = mapTiles();
  const tiles = useMemo(
    () => tilesAround(latitude, longitude, ZOOM, WIDTH, HEIGHT, source.url),
    [latitude, longitude, source.url],
  );
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const done = failed || loaded >= tiles.length;

  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setFailed(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const coords = formatCoordinates(latitude, longitude);
  if (failed) {
    return (
      <div
        className="flex h-44 w-64 max-w-full flex-col items-center justify-center gap-1 rounded-lg bg-base-content/5 p-3 text-center"
        data-testid="location-fallback"
      >
        <IconMapPin size={28} className="text-error" />
        <span className="font-mono text-xs" data-testid="location-coordinates">
          {coords}
        </span>
        <span className="text-xs italic opacity-80">
          <Trans>Erro ao renderizar a localização</Trans>
        </span>
      </div>
    );
  }
  return (
    <div
      className="relative h-44 w-64 max-w-full overflow-hidden rounded-lg bg-base-content/5"
      role="img"
      aria-label={t`Localização: ${coords}`}
      data-testid="location-map"
      data-loaded={loaded >= tiles.length}
    >
      {tiles.map((tile) => (
        <img
          key={tile.key}
          src={tile.url}
          alt=""
          width={256}
          height={256}
          draggable={false}
          referrerPolicy="no-referrer"
          className="absolute max-w-none select-none"
          style={{ left: tile.left, top: tile.top }}
          onLoad={() => setLoaded((n) => n + 1)}
          onError={() => setFailed(true)}
        />
      ))}
      <IconMapPin
        size={30}
        className="absolute text-error drop-shadow"
        style={{ left: WIDTH / 2 - 15, top: HEIGHT / 2 - 28 }}
      />
      <span className="absolute right-0 bottom-0 max-w-full truncate bg-base-100/70 px-1 text-[9px]">
        {source.attribution}
      </span>
    </div>
  );
}
