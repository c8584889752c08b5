import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto, TicketListView } from '@zapdesk/core';
import { useAtom, useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { IconCheck, IconCircleCheck, IconInbox, IconPlus, IconSearch } from '../../ui/icons';
import { VirtualList } from '../../ui/virtual-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { openSubTabAtom } from './atoms/open-sub-tab-atom';
import { selectedQueuesAtom } from './atoms/selected-queues-atom';
import { showAllAtom } from './atoms/show-all-atom';
import { ticketDialogAtom } from './atoms/ticket-dialog-atom';
import { ticketTabAtom } from './atoms/ticket-tab-atom';
import { MultiSelect } from './multi-select';
import { TICKET_ROW_HEIGHT, TicketListItem } from './ticket-list-item';
import { defaultSearchFilters, type SearchFilters, TicketSearchFilters } from './ticket-search-filters';
import type { CategoryRef, QueueRef, TagRef, UserRef } from './tickets-api';
import { useTabBadge } from './use-tab-badge';
import { useTicketActions } from './use-ticket-actions';
import { type TicketListHook, useTicketList } from './use-ticket-list';

/**
 * The ticket manager (spec 1 §2): tabs open (assigned / pending with count badges), closed and search; the admin
 * show-all switch and bulk resolve; the new-ticket button; the live, windowed list.
 */
export function TicketManager({
  selectedId,
  queues,
  users,
  tags,
  categories,
}: {
  selectedId: number | null;
  queues: QueueRef[];
  users: UserRef[];
  tags: TagRef[];
  categories: CategoryRef[];
}) {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [tab, setTab] = useAtom(ticketTabAtom);
  const [subTab, setSubTab] = useAtom(openSubTabAtom);
  const [showAllState, setShowAll] = useAtom(showAllAtom);
  const [selectedState, setSelected] = useAtom(selectedQueuesAtom);
  const openDialog = useSetAtom(ticketDialogAtom);
  const actions = useTicketActions();
  const [search, setSearch] = useState<SearchFilters>(() => defaultSearchFilters());

  const isAdmin = !!caps?.isAdmin;
  const showAll = isAdmin && (showAllState ?? !!me?.showAllTickets);
  // the queues a user may filter by: their own; an admin: every queue of the company
  const queueOptions = useMemo(() => (isAdmin ? queues : (me?.queues ?? [])), [isAdmin, queues, me?.queues]);
  const selectedQueues = useMemo(() => selectedState ?? queueOptions.map((q) => q.id), [selectedState, queueOptions]);
  // an admin with every queue selected asks for "all" (no filter): tickets of queues created later show up too
  const allSelected = isAdmin && selectedState === null;
  const queueParam = allSelected ? null : selectedQueues;

  const view = useCallback(
    (list: TicketListView['list']): TicketListView => ({
      list,
      currentUserId: me?.id ?? 0,
      showAll,
      selectedQueueIds: allSelected ? queues.map((q) => q.id) : selectedQueues,
      allowNoQueue: !!caps?.allowNoQueue,
      viewPendingTickets: !!caps?.viewPendingTickets,
      isAdmin,
    }),
    [me?.id, showAll, allSelected, queues, selectedQueues, caps, isAdmin],
  );
  const companyId = me?.companyId ?? null;
  const ready = !!me && !!caps;
  const assigned = useTicketList({
    companyId,
    enabled: ready,
    view: view('open'),
    params: { tab: 'open', showAll, queueIds: queueParam },
  });
  const pending = useTicketList({
    companyId,
    enabled: ready && !!caps?.viewPendingTickets,
    view: view('pending'),
    params: { tab: 'pending', queueIds: queueParam },
  });
  const closed = useTicketList({
    companyId,
    enabled: ready && tab === 'closed',
    view: view('closed'),
    params: { tab: 'closed', queueIds: queueParam },
  });
  const searched = useTicketList({
    companyId,
    enabled: ready && tab === 'search',
    view: view('search'),
    params: {
      tab: 'search',
      searchParam: search.text,
      searchContactId: search.contact?.id ?? null,
      searchTicketStatus: search.status,
      searchUserId: search.userId,
      queueIds: search.queueIds,
      tags: search.tags,
      contactCategories: search.categories,
      searchInitialDate: search.from,
      searchFinalDate: search.to,
    },
  });

  useTabBadge(pending.count, assigned.count);

  const current: TicketListHook =
    tab === 'closed' ? closed : tab === 'search' ? searched : subTab === 'pending' ? pending : assigned;

  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const itemActions = useMemo(
    () => ({
      onAccept: actions.accept,
      onResolve: actions.resolve,
      actor: me && caps ? { userId: me.id, queueIds: me.queues.map((q) => q.id), caps } : null,
      isAdmin,
      currentUserId: me?.id ?? 0,
      showUser: showAll || tab !== 'open',
    }),
    [actions.accept, actions.resolve, caps, isAdmin, me, showAll, tab],
  );

  const tabButton = (key: typeof tab, label: ReactNode, icon: ReactNode) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === key}
      className={`tab flex-row flex-nowrap gap-1.5 whitespace-nowrap ${tab === key ? 'tab-active font-semibold' : ''}`}
      onClick={() => setTab(key)}
      data-testid={`ticket-tab-${key}`}
    >
      {icon}
      {label}
    </button>
  );

  const subButton = (key: 'assigned' | 'pending', label: ReactNode, count: number) => (
    <button
      type="button"
      role="tab"
      aria-selected={subTab === key}
      className={`tab gap-2 ${subTab === key ? 'tab-active' : ''}`}
      onClick={() => setSubTab(key)}
      data-testid={`ticket-subtab-${key}`}
    >
      {label}
      <span
        className={`badge badge-sm ${count > 0 ? (key === 'pending' ? 'badge-warning' : 'badge-primary') : 'badge-ghost'}`}
        data-testid={`ticket-count-${key}`}
      >
        {count}
      </span>
    </button>
  );

  return (
    <section
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
      data-testid="ticket-manager"
    >
      <div className="flex items-center gap-1 border-b border-base-300 px-2 py-2">
        <div role="tablist" className="tabs tabs-box tabs-sm flex-nowrap bg-base-200/70">
          {tabButton('open', <Trans>Abertos</Trans>, <IconInbox size={15} />)}
          {tabButton('closed', <Trans>Resolvidos</Trans>, <IconCheck size={15} />)}
          {tabButton('search', <Trans>Busca</Trans>, <IconSearch size={15} />)}
        </div>
        <button
          type="button"
          className="btn btn-primary btn-sm btn-square ml-auto shrink-0"
          onClick={() => actions.newTicket()}
          title={t`Novo ticket (Alt+N)`}
          aria-label={t`Novo ticket (Alt+N)`}
          data-testid="ticket-new"
        >
          <IconPlus size={18} />
        </button>
      </div>

      {tab !== 'search' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-base-300 px-3 py-1.5">
          <MultiSelect
            compact
            label={t`Filas`}
            options={queueOptions}
            selected={selectedQueues}
            onChange={(ids) => setSelected(isAdmin && ids.length === queues.length ? null : ids)}
            testId="ticket-queue-filter"
          />
          {isAdmin ? (
            <>
              <label className="flex cursor-pointer items-center gap-2 text-xs" title={t`Alt+Z`}>
                <input
                  type="checkbox"
                  className="toggle toggle-primary toggle-xs"
                  checked={showAll}
                  onChange={(e) => setShowAll(e.target.checked)}
                  data-testid="ticket-show-all"
                />
                <Trans>Todos</Trans>
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-xs ml-auto"
                onClick={() => openDialog({ kind: 'bulkResolve' })}
                title={t`Resolver em massa`}
                aria-label={t`Resolver em massa`}
                data-testid="ticket-bulk-resolve"
              >
                <IconCircleCheck size={14} />
                <span className="hidden sm:inline">
                  <Trans>Resolver em massa</Trans>
                </span>
              </button>
            </>
          ) : null}
        </div>
      ) : null}

      {tab === 'open' ? (
        <div role="tablist" className="tabs tabs-border tabs-sm grid grid-cols-2 border-b border-base-300">
          {subButton('assigned', <Trans>Atendendo</Trans>, assigned.count)}
          {caps?.viewPendingTickets ? subButton('pending', <Trans>Aguardando</Trans>, pending.count) : null}
        </div>
      ) : null}

      {tab === 'search' ? (
        <TicketSearchFilters
          initial={search}
          onApply={setSearch}
          queues={queueOptions}
          users={users}
          tags={tags}
          categories={categories}
        />
      ) : null}

      <VirtualList<TicketDto>
        className="flex-1"
        items={current.list.tickets}
        rowHeight={TICKET_ROW_HEIGHT}
        getKey={(x) => x.id}
        renderRow={(x) => <TicketListItem ticket={x} selected={x.id === selectedId} actions={itemActions} now={now} />}
        hasMore={current.list.hasMore}
        loading={current.loading}
        onLoadMore={current.loadMore}
        testId="ticket-list"
        empty={
          <EmptyState
            icon={<IconInbox size={28} />}
            title={<Trans>Nenhum ticket aqui</Trans>}
            description={
              tab === 'search' ? (
                <Trans>Nenhum ticket encontrado com esses filtros.</Trans>
              ) : (
                <Trans>Quando houver conversas nesta aba, elas aparecem aqui.</Trans>
              )
            }
          />
        }
        footer={
          current.loading ? (
            <div className="flex justify-center py-3">
              <span className="loading loading-spinner loading-sm text-primary" />
            </div>
          ) : null
        }
      />
    </section>
  );
}
