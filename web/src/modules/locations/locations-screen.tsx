import { Trans, useLingui } from '@lingui/react/macro';
import { events, type LocationDto, type LocationEvent } from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconArrowLeft, IconGlobe, IconMapPin } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { LocationCard } from './location-card';
import { LocationEditor } from './location-editor';
import { deleteLocation, fetchLocation, fetchLocationsPage } from './locations-api';

/**
 * Locations (spec 2 §2): search, go-back, add; cards with the name and an embedded map (zoom 15), edit and delete
 * (confirmed); live list. `/locations/new` opens the editor empty, `/locations/{id}` on that location; closing the
 * editor returns to /locations.
 */
export function LocationsScreen({ id }: { id?: string }) {
  const caps = useCapabilities();
  if (!caps?.manageLocations) return <NoPermission />;
  return <LocationsList id={id} />;
}

function LocationsList({ id }: { id?: string }) {
  const { t } = useLingui();
  const user = useSessionUser();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const crud = useCrudList<LocationDto, LocationEvent>({
    fetchPage: fetchLocationsPage,
    search,
    compare: byName,
    matches: (l, s) => textMatches([l.name, l.address], s),
    channel: user ? events.location.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.locationId : e.location),
    deleteItem: deleteLocation,
    deletedMessage: t`Localização excluída com sucesso`,
  });
  const editing = useEditing(id, crud.list.items);
  const close = () => navigate('/locations');
  const goBack = () => (window.history.length > 1 ? window.history.back() : navigate('/'));

  return (
    <PageCard
      title={<Trans>Localizações</Trans>}
      subtitle={<Trans>Lugares que os atendentes enviam nas conversas</Trans>}
      testId="locations-page"
      actions={
        <>
          <button type="button" className="btn btn-ghost btn-sm" onClick={goBack} data-testid="locations-back">
            <IconArrowLeft size={16} />
            <Trans>Voltar</Trans>
          </button>
          {/* /maps has no drawer entry (spec 1 §2): it is reached from here */}
          <Link href="/maps" className="btn btn-ghost btn-sm" data-testid="locations-maps-link">
            <IconGlobe size={16} />
            <Trans>Ver no mapa</Trans>
          </Link>
          <AddButton onClick={() => navigate('/locations/new')} testId="location-add">
            <Trans>Adicionar localização</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar localizações`}
          className="w-full sm:w-80"
          testId="locations-search"
        />
      }
    >
      <PagedListBody
        list={crud.list}
        testId="locations-scroll"
        empty={
          <EmptyState
            icon={<IconMapPin size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma localização cadastrada</Trans>}
            description={
              search ? (
                <Trans>Nenhuma localização corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Cadastre endereços da empresa para enviá-los aos clientes pelo chat.</Trans>
              )
            }
          />
        }
      >
        <div
          className="grid grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] gap-4 p-4 sm:px-6"
          data-testid="locations-grid"
        >
          {crud.list.items.map((l) => (
            <LocationCard
              key={l.id}
              location={l}
              onEdit={() => navigate(`/locations/${l.id}`)}
              onDelete={() => crud.setDeleting(l)}
            />
          ))}
        </div>
      </PagedListBody>
      {editing !== undefined ? (
        <LocationEditor
          key={editing?.id ?? 'new'}
          location={editing}
          onClose={close}
          onSaved={(l) => {
            crud.list.upsert(l);
            close();
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir localização</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(l) => <Trans>Excluir a localização "{l.name}"? Ela deixará de aparecer para envio nas conversas.</Trans>}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}

/**
 * The location the editor opens on: null for `new`, the location for an id (from the loaded list, else fetched; an
 * unknown or other company's id is toasted and goes back to the list), undefined while closed or loading.
 */
function useEditing(id: string | undefined, items: LocationDto[]): LocationDto | null | undefined {
  const [, navigate] = useLocation();
  const [fetched, setFetched] = useState<LocationDto | null>(null);
  const num = id && id !== 'new' && /^\d+$/.test(id) ? Number(id) : null;
  const inList = num !== null ? items.find((l) => l.id === num) : undefined;
  useEffect(() => {
    if (id === undefined || id === 'new') return;
    if (num === null) {
      navigate('/locations', { replace: true });
      return;
    }
    if (inList) return;
    let alive = true;
    fetchLocation(num)
      .then((l) => {
        if (alive) setFetched(l);
      })
      .catch((err) => {
        if (!alive) return;
        toastError(err);
        navigate('/locations', { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [id, num, inList, navigate]);
  if (id === undefined) return undefined;
  if (id === 'new') return null;
  return inList ?? (fetched?.id === num ? fetched : undefined);
}
