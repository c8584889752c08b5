import { useLingui } from '@lingui/react/macro';
import type { LocationDto } from '@zapdesk/core';
import { useEffect, useRef, useState } from 'react';
import { IconPencil, IconTrash } from '../../ui/icons';
import { CARD_ZOOM } from '../../ui/map/geo';
import { GeoMap } from '../../ui/map/geo-map';
import { RowActionButton } from '../../ui/row-actions';
import { formatCoordinates } from '../messages/map-tiles';

/**
 * A location card (spec 2 §2): the name, an embedded map at the coordinates (zoom 15), edit and delete. The map is
 * mounted once the card scrolls into view, so a long list does not start dozens of maps at once.
 */
export function LocationCard({
  location,
  onEdit,
  onDelete,
}: {
  location: LocationDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const seen = useInView(frame);
  const point = { lat: location.latitude, lng: location.longitude };
  return (
    <article
      className="card card-border flex flex-col overflow-hidden bg-base-100"
      data-testid="location-card"
      data-name={location.name}
    >
      <div ref={frame} className="h-40 bg-base-200">
        {seen ? (
          <GeoMap
            center={point}
            zoom={CARD_ZOOM}
            markers={[{ key: String(location.id), ...point, label: location.name }]}
            interactive={false}
            className="h-full w-full rounded-none"
            testId="location-card-map"
            ariaLabel={t`Mapa de ${location.name}`}
          />
        ) : null}
      </div>
      <div className="flex items-start gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" title={location.name} data-testid="location-card-name">
            {location.name}
          </h2>
          <p className="truncate text-xs text-base-content/60" title={location.address || undefined}>
            {location.address || formatCoordinates(location.latitude, location.longitude)}
          </p>
        </div>
        <RowActionButton label={t`Editar`} icon={<IconPencil size={16} />} onClick={onEdit} testId="location-edit" />
        <RowActionButton
          label={t`Excluir`}
          icon={<IconTrash size={16} />}
          onClick={onDelete}
          tone="error"
          testId="location-delete"
        />
      </div>
    </article>
  );
}

/** true from the first time the element is (nearly) visible; true at once where IntersectionObserver is missing. */
function useInView(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen]);
  return seen;
}
