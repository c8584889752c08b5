import { Trans, useLingui } from '@lingui/react/macro';
import type { ContactDto, TicketStatus } from '@zapdesk/core';
import { useState } from 'react';
import { Autocomplete } from '../../ui/autocomplete';
import { IconChevronUp, IconFilter, IconSearch } from '../../ui/icons';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { last30Days } from './format';
import { MultiSelect } from './multi-select';
import { type CategoryRef, type QueueRef, searchContacts, type TagRef, type UserRef } from './tickets-api';

export type SearchFilters = {
  text: string;
  contact: ContactDto | null;
  status: 'all' | TicketStatus;
  userId: number | null;
  queueIds: number[];
  tags: number[];
  categories: number[];
  from: string;
  to: string;
};

export function defaultSearchFilters(now = new Date()): SearchFilters {
  const { from, to } = last30Days(now);
  return { text: '', contact: null, status: 'all', userId: null, queueIds: [], tags: [], categories: [], from, to };
}

/**
 * The search tab (spec 1 §2): text, contact picker, status, attendant, queues, tags, contact categories, dates,
 * Buscar and a toggle that collapses the filters. The text searches as typed (500 ms); the rest on Buscar.
 */
export function TicketSearchFilters({
  initial,
  onApply,
  queues,
  users,
  tags,
  categories,
}: {
  initial: SearchFilters;
  onApply: (f: SearchFilters) => void;
  queues: QueueRef[];
  users: UserRef[];
  tags: TagRef[];
  categories: CategoryRef[];
}) {
  const { t } = useLingui();
  const [f, setF] = useState<SearchFilters>(initial);
  const [collapsed, setCollapsed] = useState(false);
  const set = (patch: Partial<SearchFilters>) => setF((x) => ({ ...x, ...patch }));

  return (
    <div className="flex flex-col gap-2 border-b border-base-300 px-3 py-2" data-testid="ticket-search">
      <div className="flex items-center gap-2">
        <SearchInput
          className="input-sm grow"
          placeholder={t`Buscar por protocolo, contato ou mensagem`}
          initialValue={initial.text}
          onSearch={(text) => {
            const next = { ...f, text };
            setF(next);
            onApply(next);
          }}
          testId="ticket-search-text"
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          onClick={() => setCollapsed((c) => !c)}
          aria-expanded={!collapsed}
          title={collapsed ? t`Mostrar filtros` : t`Ocultar filtros`}
          aria-label={collapsed ? t`Mostrar filtros` : t`Ocultar filtros`}
          data-testid="ticket-search-toggle"
        >
          {collapsed ? <IconFilter size={16} /> : <IconChevronUp size={16} />}
        </button>
      </div>
      {collapsed ? null : (
        <div className="grid grid-cols-2 gap-2" data-testid="ticket-search-filters">
          <div className="col-span-2">
            <Autocomplete<ContactDto>
              minChars={3}
              search={searchContacts}
              getKey={(c) => c.id}
              getLabel={(c) => `${c.name} · ${c.number}`}
              value={f.contact}
              onChange={(contact) => set({ contact })}
              placeholder={t`Contato`}
              onError={() => toast.warning(t`Falha na busca de contatos`)}
              testId="ticket-search-contact"
            />
          </div>
          <select
            className="select select-sm w-full"
            value={f.status}
            onChange={(e) => set({ status: e.target.value as SearchFilters['status'] })}
            aria-label={t`Status`}
            data-testid="ticket-search-status"
          >
            <option value="all">{t`Todos`}</option>
            <option value="open">{t`Abertos`}</option>
            <option value="pending">{t`Pendentes`}</option>
            <option value="closed">{t`Fechados`}</option>
          </select>
          <select
            className="select select-sm w-full"
            value={f.userId ?? ''}
            onChange={(e) => set({ userId: e.target.value ? Number(e.target.value) : null })}
            aria-label={t`Atendente`}
            data-testid="ticket-search-user"
          >
            <option value="">{t`Todos os atendentes`}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
          <MultiSelect
            label={t`Filas`}
            options={queues}
            selected={f.queueIds}
            onChange={(queueIds) => set({ queueIds })}
            testId="ticket-search-queues"
          />
          <MultiSelect
            label={t`Tags`}
            options={tags}
            selected={f.tags}
            onChange={(ids) => set({ tags: ids })}
            testId="ticket-search-tags"
          />
          <div className="col-span-2">
            <MultiSelect
              label={t`Categorias de contato`}
              options={categories}
              selected={f.categories}
              onChange={(ids) => set({ categories: ids })}
              testId="ticket-search-categories"
            />
          </div>
          <label className="flex flex-col gap-0.5 text-xs text-base-content/70">
            <Trans>Data inicial</Trans>
            <input
              type="date"
              className="input input-sm w-full"
              value={f.from}
              max={f.to || undefined}
              onChange={(e) => set({ from: e.target.value })}
              data-testid="ticket-search-from"
            />
          </label>
          <label className="flex flex-col gap-0.5 text-xs text-base-content/70">
            <Trans>Data final</Trans>
            <input
              type="date"
              className="input input-sm w-full"
              value={f.to}
              min={f.from || undefined}
              onChange={(e) => set({ to: e.target.value })}
              data-testid="ticket-search-to"
            />
          </label>
          <button
            type="button"
            className="btn btn-primary btn-sm col-span-2"
            onClick={() => onApply(f)}
            data-testid="ticket-search-submit"
          >
            <IconSearch size={16} />
            <Trans>Buscar</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
