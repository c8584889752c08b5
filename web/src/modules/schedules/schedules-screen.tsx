import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { events, type ScheduleDto, type ScheduleEvent, type ScheduleStatus, scheduleTableBody } from '@zapdesk/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconCalendar, IconChevronDown, IconMenu, IconPlus, IconTrash, IconX } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { useCrudList } from '../../ui/use-crud-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { fetchContact } from '../tickets/tickets-api';
import { ScheduleStatusBadge, ScheduleWhen } from './schedule-cells';
import { type ScheduleEditor, useScheduleAccess } from './schedule-dialog';
import { ScheduleListDialogs, ScheduleRowActions } from './schedule-row-actions';
import { bySchedule, scheduleMatches } from './schedule-rules';
import {
  type BulkDelete,
  bulkDeleteSchedules,
  deleteSchedule,
  fetchSchedulesPage,
  type ScheduleFilters,
} from './schedules-api';

/** Schedules (/schedules, spec 2 §2): every user of a company whose plan has enableSchedules. */
export function SchedulesScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useSchedules) return <NoPermission />;
  return <SchedulesList />;
}

type StatusFilter = ScheduleStatus | '';

function SchedulesList() {
  const { t } = useLingui();
  const user = useSessionUser();
  const access = useScheduleAccess();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const contactParam = Number(query.get('contactId')) || null;
  const [filters, setFilters] = useState<ScheduleFilters>({
    searchParam: '',
    status: 'PENDENTE',
    contactId: contactParam,
  });
  const [count, setCount] = useState<number | null>(null);
  const [editor, setEditor] = useState<ScheduleEditor | null>(null);
  const [bulk, setBulk] = useState<BulkDelete | null>(null);
  const [contactName, setContactName] = useState<string | null>(null);

  // the URL's contact pre-filter follows navigation (a drawer link while on the page)
  useEffect(
    () => setFilters((f) => (f.contactId === contactParam ? f : { ...f, contactId: contactParam })),
    [contactParam],
  );

  useEffect(() => {
    setContactName(null);
    if (!filters.contactId) return;
    let alive = true;
    fetchContact(filters.contactId).then(
      (c) => alive && setContactName(c.name),
      () => alive && setContactName(`#${filters.contactId}`),
    );
    return () => {
      alive = false;
    };
  }, [filters.contactId]);

  // usePagedList restarts on a change of its key: search, status and contact together
  const key = JSON.stringify(filters);
  const crud = useCrudList<ScheduleDto, ScheduleEvent>({
    fetchPage: async (k, page) => {
      const res = await fetchSchedulesPage(JSON.parse(k) as ScheduleFilters, page);
      setCount(res.count);
      return res;
    },
    search: key,
    compare: bySchedule,
    matches: (s, k) => scheduleMatches(s, JSON.parse(k) as ScheduleFilters),
    channel: user ? events.schedule.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'reload' ? 'reload' : e.action === 'delete' ? e.scheduleId : e.schedule),
    deleteItem: deleteSchedule,
    deletedMessage: t`Agendamento excluído com sucesso`,
  });
  const { list } = crud;

  const clearContact = () => {
    setFilters((f) => ({ ...f, contactId: null }));
    if (contactParam) navigate('/schedules', { replace: true });
  };

  const runBulk = async (kind: BulkDelete) => {
    if (!user) return;
    try {
      const n = await bulkDeleteSchedules(kind, user.id);
      toast.success(t`${n} agendamento(s) excluído(s)`);
      list.reload();
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const subtitle = useMemo(
    () =>
      count === null ? (
        <Trans>Mensagens enviadas na data marcada</Trans>
      ) : (
        <Plural value={count} _0="Nenhum agendamento" one="# agendamento" other="# agendamentos" />
      ),
    [count],
  );

  const chipName = contactName ?? '…';
  const filtered = filters.searchParam !== '' || filters.contactId !== null || filters.status !== '';

  return (
    <PageCard
      title={<Trans>Agendamentos</Trans>}
      subtitle={subtitle}
      testId="schedules-page"
      actions={
        <SchedulesMenu
          isAdmin={access.isAdmin}
          onAdd={() => setEditor({ schedule: null, copy: false, contact: null })}
          onBulk={setBulk}
        />
      }
      toolbar={
        <>
          <SearchInput
            onSearch={(s) => setFilters((f) => ({ ...f, searchParam: s.toLowerCase() }))}
            placeholder={t`Pesquisar por contato ou mensagem`}
            className="w-full sm:w-80"
            testId="schedules-search"
          />
          <StatusTabs value={filters.status} onChange={(status) => setFilters((f) => ({ ...f, status }))} />
          {filters.contactId ? (
            <span className="badge badge-primary badge-soft gap-1 py-3" data-testid="schedules-contact-chip">
              <Trans>Contato: {chipName}</Trans>
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-circle"
                onClick={clearContact}
                aria-label={t`Remover filtro de contato`}
                data-testid="schedules-contact-chip-clear"
              >
                <IconX size={12} />
              </button>
            </span>
          ) : null}
        </>
      }
    >
      <PagedListBody
        list={list}
        testId="schedules-scroll"
        empty={
          <EmptyState
            icon={<IconCalendar size={28} />}
            title={filtered ? <Trans>Nenhum agendamento encontrado</Trans> : <Trans>Nenhum agendamento</Trans>}
            description={
              filtered ? (
                <Trans>Nenhum agendamento corresponde aos filtros.</Trans>
              ) : (
                <Trans>Agende mensagens para enviar a um contato numa data, uma vez ou toda semana ou mês.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="schedules-table"
          rowKey={(s) => s.id}
          rowTestId="schedule-row"
          rowData={(s) => ({ 'data-id': String(s.id), 'data-status': s.status, 'data-body': s.body })}
          actionsClassName="w-28 px-2"
          columns={[
            {
              key: 'contact',
              header: <Trans>Contato</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[9rem] truncate font-medium`,
              cell: (s) => <span title={s.contact?.name}>{s.contact?.name ?? '—'}</span>,
            },
            {
              key: 'body',
              header: <Trans>Mensagem</Trans>,
              headerClassName: PAD,
              className: `${PAD} whitespace-nowrap`,
              testId: 'schedule-body',
              cell: (s) => <BodyCell schedule={s} />,
            },
            {
              key: 'queue',
              header: <Trans>Fila</Trans>,
              headerClassName: `${PAD} hidden lg:table-cell`,
              className: `${PAD} hidden max-w-[6rem] truncate lg:table-cell`,
              cell: (s) => (s.queue ? <span title={s.queue.name}>{s.queue.name}</span> : <Dash />),
            },
            {
              key: 'whatsapp',
              header: <Trans>Conexão</Trans>,
              headerClassName: `${PAD} hidden lg:table-cell`,
              className: `${PAD} hidden max-w-[6rem] truncate lg:table-cell`,
              cell: (s) => (s.whatsapp ? <span title={s.whatsapp.name}>{s.whatsapp.name}</span> : <Dash />),
            },
            {
              key: 'user',
              header: <Trans>Usuário</Trans>,
              headerClassName: `${PAD} hidden md:table-cell`,
              className: `${PAD} hidden max-w-[6rem] truncate md:table-cell`,
              cell: (s) => (s.user ? <span title={s.user.name}>{s.user.name}</span> : <Dash />),
            },
            {
              key: 'schedule',
              header: <Trans>Agendamento</Trans>,
              headerClassName: PAD,
              className: PAD,
              cell: (s) => <ScheduleWhen schedule={s} />,
            },
            {
              key: 'status',
              header: <Trans>Status</Trans>,
              headerClassName: PAD,
              className: PAD,
              testId: 'schedule-status',
              cell: (s) => <ScheduleStatusBadge schedule={s} />,
            },
          ]}
          actions={(s) => (
            <ScheduleRowActions
              schedule={s}
              canManage={access.canManage(s)}
              setEditor={setEditor}
              onDelete={crud.setDeleting}
              iconSize={16}
              testIdPrefix="schedule"
            />
          )}
        />
      </PagedListBody>
      <ScheduleListDialogs editor={editor} setEditor={setEditor} crud={crud}>
        {(s) => {
          const name = s.contact?.name ?? '—';
          return <Trans>Excluir o agendamento para {name}? Esta ação não pode ser desfeita.</Trans>;
        }}
      </ScheduleListDialogs>
      <ConfirmDialog
        open={bulk !== null}
        title={bulk ? <BulkTitle kind={bulk} /> : null}
        onClose={() => setBulk(null)}
        onConfirm={() => (bulk ? runBulk(bulk) : undefined)}
        testId="schedules-bulk-confirm"
      >
        {bulk ? <BulkText kind={bulk} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

/** the eight columns fit 1366 px with the drawer open: tighter cell padding than the house table's */
const PAD = 'px-2';

const Dash = () => <span className="text-base-content/40">—</span>;

function BodyCell({ schedule: s }: { schedule: ScheduleDto }) {
  return (
    <span title={s.body || s.mediaName || undefined} className="text-sm">
      {s.body ? scheduleTableBody(s.body) : s.mediaName}
    </span>
  );
}

/** Spec 2 §2: Pendentes = PENDENTE (default), Enviadas = ENVIADA, Todas. */
function StatusTabs({ value, onChange }: { value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  const { t } = useLingui();
  const tabs: { value: StatusFilter; label: string; testId: string }[] = [
    { value: 'PENDENTE', label: t`Pendentes`, testId: 'schedules-status-pending' },
    { value: 'ENVIADA', label: t`Enviadas`, testId: 'schedules-status-sent' },
    { value: '', label: t`Todas`, testId: 'schedules-status-all' },
  ];
  return (
    <div className="join" role="radiogroup" aria-label={t`Status`}>
      {tabs.map((x) => (
        <button
          key={x.testId}
          type="button"
          role="radio"
          aria-checked={value === x.value}
          className={`btn join-item btn-sm ${value === x.value ? 'btn-primary' : 'btn-ghost border-base-300'}`}
          onClick={() => onChange(x.value)}
          data-testid={x.testId}
        >
          {x.label}
        </button>
      ))}
    </div>
  );
}

/** Spec 2 §2/§6: the MENU — Add, and the bulk deletes ('my sent', 'all mine'; admins also 'all sent', 'all'). */
function SchedulesMenu({
  isAdmin,
  onAdd,
  onBulk,
}: {
  isAdmin: boolean;
  onAdd: () => void;
  onBulk: (kind: BulkDelete) => void;
}) {
  const close = (then: () => void) => () => {
    // a daisyUI dropdown stays open while it holds the focus
    (document.activeElement as HTMLElement | null)?.blur();
    then();
  };
  const item = (label: ReactNode, onClick: () => void, testId: string, danger = false, icon?: ReactNode) => (
    <li>
      <button type="button" className={danger ? 'text-error' : ''} onClick={close(onClick)} data-testid={testId}>
        {icon ?? <IconTrash size={16} />}
        {label}
      </button>
    </li>
  );
  return (
    <div className="dropdown dropdown-end">
      <button type="button" tabIndex={0} className="btn btn-primary btn-sm" data-testid="schedules-menu">
        <IconMenu size={16} />
        <Trans>Menu</Trans>
        <IconChevronDown size={14} />
      </button>
      <ul
        tabIndex={-1}
        className="menu dropdown-content z-30 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {item(<Trans>Adicionar agendamento</Trans>, onAdd, 'schedules-add', false, <IconPlus size={16} />)}
        <li className="menu-title pt-2 text-xs">
          <Trans>Excluir em massa</Trans>
        </li>
        {item(<Trans>Excluir meus enviados</Trans>, () => onBulk('mySent'), 'schedules-delete-my-sent', true)}
        {item(<Trans>Excluir todos os meus</Trans>, () => onBulk('allMine'), 'schedules-delete-all-mine', true)}
        {isAdmin
          ? item(<Trans>Excluir todos os enviados</Trans>, () => onBulk('allSent'), 'schedules-delete-all-sent', true)
          : null}
        {isAdmin ? item(<Trans>Excluir todos</Trans>, () => onBulk('all'), 'schedules-delete-all', true) : null}
      </ul>
    </div>
  );
}

function BulkTitle({ kind }: { kind: BulkDelete }) {
  switch (kind) {
    case 'mySent':
      return <Trans>Excluir meus agendamentos enviados</Trans>;
    case 'allMine':
      return <Trans>Excluir todos os meus agendamentos</Trans>;
    case 'allSent':
      return <Trans>Excluir todos os agendamentos enviados</Trans>;
    default:
      return <Trans>Excluir todos os agendamentos</Trans>;
  }
}

function BulkText({ kind }: { kind: BulkDelete }) {
  switch (kind) {
    case 'mySent':
      return (
        <Trans>Os agendamentos já enviados que você criou serão excluídos. Esta ação não pode ser desfeita.</Trans>
      );
    case 'allMine':
      return (
        <Trans>
          Todos os agendamentos que você criou, inclusive os pendentes, serão excluídos e não serão enviados. Esta ação
          não pode ser desfeita.
        </Trans>
      );
    case 'allSent':
      return (
        <Trans>
          Os agendamentos já enviados de todos os usuários da empresa serão excluídos. Esta ação não pode ser desfeita.
        </Trans>
      );
    default:
      return (
        <Trans>
          Todos os agendamentos da empresa, inclusive os pendentes, serão excluídos e não serão enviados. Esta ação não
          pode ser desfeita.
        </Trans>
      );
  }
}
