import { Trans, useLingui } from '@lingui/react/macro';
import type { LocationDto, MessageDto } from '@zapdesk/core';
import { useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { IconMapPin } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { Modal } from '../../ui/modal';
import { SearchInput } from '../../ui/search-input';
import { usePagedList } from '../../ui/use-paged-list';
import { formatCoordinates } from '../messages/map-tiles';
import { sendLocation } from '../messages/messages-api';
import { fetchLocationsPage } from './locations-api';

/**
 * Sending a saved location in a chat (spec 2 §7): a searchable list of the company's locations; choosing one sends
 * it (`POST /messages/{ticketId}/{companyId}` with locationId) and the chat shows the map bubble. A failed send is
 * only logged (spec 2 §8); the list stays open so the attendant can try again.
 */
export default function LocationPicker({
  ticketId,
  companyId,
  quotedMsgId,
  onClose,
  onSent,
}: {
  ticketId: number;
  companyId: number;
  quotedMsgId: number | null;
  onClose: () => void;
  onSent: (list: MessageDto[]) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [sending, setSending] = useState<number | null>(null);
  const list = usePagedList<LocationDto>({ fetchPage: fetchLocationsPage, search, onError: console.error });

  const send = async (l: LocationDto) => {
    if (sending !== null) return;
    setSending(l.id);
    try {
      onSent(await sendLocation(ticketId, companyId, l.id, quotedMsgId));
      onClose();
    } catch (err) {
      console.error('location send failed', err);
    } finally {
      setSending(null);
    }
  };

  return (
    <Modal open onClose={onClose} title={<Trans>Enviar localização</Trans>} testId="location-picker">
      <div className="flex flex-col gap-3">
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar localizações`}
          className="w-full"
          testId="location-picker-search"
        />
        <div className="flex h-72 flex-col">
          <PagedListBody
            list={list}
            testId="location-picker-scroll"
            empty={
              <EmptyState
                icon={<IconMapPin size={24} />}
                title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma localização cadastrada</Trans>}
                description={search ? null : <Trans>Um administrador cadastra as localizações em Administração.</Trans>}
              />
            }
          >
            <ul className="menu w-full p-0">
              {list.items.map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    className="flex items-start gap-3"
                    onClick={() => void send(l)}
                    disabled={sending !== null}
                    data-testid="location-picker-item"
                    data-name={l.name}
                  >
                    {sending === l.id ? (
                      <span className="loading loading-spinner loading-sm mt-0.5 shrink-0" />
                    ) : (
                      <IconMapPin size={18} className="mt-0.5 shrink-0 text-primary" />
                    )}
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{l.name}</span>
                      <span className="block truncate text-xs text-base-content/60">
                        {l.address || formatCoordinates(l.latitude, l.longitude)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </PagedListBody>
        </div>
      </div>
    </Modal>
  );
}
