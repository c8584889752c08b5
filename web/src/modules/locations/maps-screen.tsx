import { Trans, useLingui } from '@lingui/react/macro';
import { events, type LocationDto, SHARED_LOCATIONS_DAYS, type SharedLocationDto } from '@zapdesk/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { EmptyState } from '../../ui/empty-state';
import { IconChat, IconMapPin } from '../../ui/icons';
import { ListSpinner } from '../../ui/list-body';
import { DEFAULT_CENTER, EDITOR_ZOOM } from '../../ui/map/geo';
import { GeoMap, type MapMarker } from '../../ui/map/geo-map';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { formatCoordinates } from '../messages/map-tiles';
import { listTime } from '../tickets/format';
import { fetchAllLocations, fetchSharedLocations } from './locations-api';

type Row =
  | { key: string; kind: 'saved'; name: string; detail: string; lat: number; lng: number; location: LocationDto }
  | { key: string; kind: 'shared'; name: string; detail: string; lat: number; lng: number; shared: SharedLocationDto };

/** A burst of location messages (a campaign, several chats at once) reloads the shared list once. */
const SHARED_RELOAD_MS = 1_000;

/**
 * /maps (spec 2 §2: in the route table, content not shown — ours, docs/DECISIONS.md): one map with the company's
 * saved locations and the last location shared in each recent conversation (either side), and a side list to
 * filter, find and open them (a saved one in its editor, a shared one in its ticket). Live: saved locations follow
 * `location-{companyId}`; a location message on `appMessage-{companyId}` reloads the shared ones; a resync both.
 */
export function MapsScreen() {
  const caps = useCapabilities();
  if (!caps?.manageLocations) return <NoPermission />;
  return <MapsView />;
}

function MapsView() {
  const { t, i18n } = useLingui();
  const [saved, setSaved] = useState<LocationDto[] | null>(null);
  const [shared, setShared] = useState<SharedLocationDto[] | null>(null);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<{ saved: boolean; shared: boolean }>({ saved: true, shared: true });
  const [selected, setSelected] = useState<string | null>(null);

  const alive = useRef(true);
  const loadSaved = useCallback(() => {
    fetchAllLocations()
      .then((l) => alive.current && setSaved(l))
      .catch((err) => {
        if (alive.current) setSaved((s) => s ?? []);
        toastError(err);
      });
  }, []);
  const loadShared = useCallback(() => {
    fetchSharedLocations()
      .then((s) => alive.current && setShared(s))
      .catch((err) => {
        if (alive.current) setShared((s) => s ?? []);
        toastError(err);
      });
  }, []);
  const sharedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    alive.current = true;
    loadSaved();
    loadShared();
    return () => {
      alive.current = false;
      if (sharedTimer.current) clearTimeout(sharedTimer.current);
    };
  }, [loadSaved, loadShared]);

  const companyId = useSessionUser()?.companyId ?? null;
  useSseChannel(companyId !== null ? events.location.of(companyId) : null, (e) => {
    setSaved((list) => {
      if (!list) return list;
      const id = e.action === 'delete' ? e.locationId : e.location.id;
      const rest = list.filter((l) => l.id !== id);
      return e.action === 'delete' || e.location.isDeleted ? rest : [...rest, e.location].sort(byName);
    });
  });
  useSseChannel(companyId !== null ? events.appMessage.of(companyId) : null, (e) => {
    if (e.message.mediaType !== 'location' || sharedTimer.current) return;
    sharedTimer.current = setTimeout(() => {
      sharedTimer.current = null;
      loadShared();
    }, SHARED_RELOAD_MS);
  });
  useSseChannel(companyId !== null ? events.resync.of() : null, () => {
    loadSaved();
    loadShared();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the times are relative to the last load of the list
  const now = useMemo(() => new Date(), [shared]);
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    if (show.saved) {
      for (const l of saved ?? []) {
        out.push({
          key: `l${l.id}`,
          kind: 'saved',
          name: l.name,
          detail: l.address || formatCoordinates(l.latitude, l.longitude),
          lat: l.latitude,
          lng: l.longitude,
          location: l,
        });
      }
    }
    if (show.shared) {
      for (const s of shared ?? []) {
        out.push({
          key: `m${s.messageId}`,
          kind: 'shared',
          name: s.contactName,
          detail: listTime(s.createdAt, now, i18n.locale),
          lat: s.latitude,
          lng: s.longitude,
          shared: s,
        });
      }
    }
    return out.filter((r) => textMatches([r.name, r.kind === 'saved' ? r.location.address : ''], search));
  }, [saved, shared, show, search, now, i18n.locale]);

  const markers: MapMarker[] = rows.map((r) => ({
    key: r.key,
    lat: r.lat,
    lng: r.lng,
    label: r.name,
    kind: r.kind === 'saved' ? 'primary' : 'secondary',
  }));
  const chosen = rows.find((r) => r.key === selected) ?? null;
  const loading = saved === null || shared === null;

  return (
    <PageCard
      title={<Trans>Mapas</Trans>}
      subtitle={<Trans>Localizações salvas e as últimas compartilhadas nas conversas recentes</Trans>}
      testId="maps-page"
      actions={
        <Link href="/locations" className="btn btn-ghost btn-sm" data-testid="maps-locations-link">
          <IconMapPin size={16} />
          <Trans>Gerenciar localizações</Trans>
        </Link>
      }
      toolbar={
        <>
          <SearchInput onSearch={setSearch} placeholder={t`Filtrar por nome`} className="w-full sm:w-72" />
          <label className="label cursor-pointer gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={show.saved}
              onChange={(e) => setShow((s) => ({ ...s, saved: e.target.checked }))}
              data-testid="maps-show-saved"
            />
            <Trans>Salvas ({saved?.length ?? 0})</Trans>
          </label>
          <label className="label cursor-pointer gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-secondary"
              checked={show.shared}
              onChange={(e) => setShow((s) => ({ ...s, shared: e.target.checked }))}
              data-testid="maps-show-shared"
            />
            <Trans>
              Nas conversas dos últimos {SHARED_LOCATIONS_DAYS} dias ({shared?.length ?? 0})
            </Trans>
          </label>
        </>
      }
    >
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <aside
          className="flex max-h-56 min-h-0 flex-col border-b border-base-300 md:max-h-none md:w-80 md:border-r md:border-b-0"
          data-testid="maps-list"
        >
          {loading ? (
            <ListSpinner />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<IconMapPin size={24} />}
              title={<Trans>Nada para mostrar</Trans>}
              description={<Trans>Cadastre localizações ou envie uma localização em uma conversa.</Trans>}
            />
          ) : (
            <ul className="menu w-full flex-nowrap overflow-y-auto p-2">
              {rows.map((r) => (
                <li key={r.key}>
                  <button
                    type="button"
                    className={`flex w-full items-start gap-2 overflow-hidden ${selected === r.key ? 'menu-active' : ''}`}
                    onClick={() => setSelected(r.key)}
                    data-testid="maps-item"
                    data-kind={r.kind}
                    data-name={r.name}
                  >
                    {r.kind === 'saved' ? (
                      <IconMapPin size={16} className="mt-0.5 shrink-0 text-primary" />
                    ) : (
                      <IconChat size={16} className="mt-0.5 shrink-0 text-secondary" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{r.name}</span>
                      <span className="block truncate text-xs opacity-70">{r.detail}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
        <section className="relative flex min-h-64 flex-1 flex-col p-3">
          <GeoMap
            center={chosen ? { lat: chosen.lat, lng: chosen.lng } : DEFAULT_CENTER}
            zoom={chosen ? 16 : EDITOR_ZOOM}
            fit={!chosen}
            refitKey={`${loading ? 'loading' : 'loaded'}|${search}|${show.saved}|${show.shared}`}
            markers={markers}
            selectedKey={selected}
            onMarkerClick={setSelected}
            className="h-full min-h-64 w-full"
            testId="maps-map"
          />
          {chosen ? <Chosen row={chosen} onClear={() => setSelected(null)} /> : null}
        </section>
      </div>
    </PageCard>
  );
}

function Chosen({ row, onClear }: { row: Row; onClear: () => void }) {
  return (
    <div
      className="absolute right-5 bottom-5 z-[1000] flex max-w-[calc(100%-2.5rem)] items-center gap-2 rounded-box bg-base-100 px-3 py-2 text-sm shadow-md"
      data-testid="maps-chosen"
    >
      <span className="min-w-0">
        <span className="block truncate font-medium">{row.name}</span>
        <span className="block font-mono text-xs opacity-70">{formatCoordinates(row.lat, row.lng)}</span>
      </span>
      {row.kind === 'saved' ? (
        <Link href={`/locations/${row.location.id}`} className="btn btn-primary btn-xs" data-testid="maps-open">
          <Trans>Editar</Trans>
        </Link>
      ) : (
        <Link href={`/tickets/${row.shared.ticketUuid}`} className="btn btn-primary btn-xs" data-testid="maps-open">
          <Trans>Abrir conversa</Trans>
        </Link>
      )}
      <button type="button" className="btn btn-ghost btn-xs" onClick={onClear}>
        <Trans>Ver todos</Trans>
      </button>
    </div>
  );
}
