import { Trans, useLingui } from '@lingui/react/macro';
import { events, type MessageBruteLogDto, type MessageBruteLogEvent } from '@zapdesk/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconArrowLeft, IconArrowRight, IconCode, IconInbox, IconRotate, IconTrash } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { useLivePagedList } from '../../ui/use-crud-list';
import { useCapabilities } from '../auth/use-capabilities';
import { byNewest, decodeLogQuery, encodeLogQuery, logEventChange, logMatches, logTone } from './message-log-rules';
import { deleteAllMessageLogs, fetchMessageLogsPage, reprocessMessage } from './message-logs-api';
import { formatDateTime, LogStatusBadge, RawLogDialog } from './raw-log-dialog';

/** the master-only live channel (a fixed name: one value for the subscription's identity) */
const CHANNEL = events.messagesBruteLog.of();

/** the row's tint, and a stripe on its first cell (the colour is never the only sign: the ticket cell says "—") */
const TONE_ROW = {
  unknown: 'bg-orange-500/15 hover:bg-orange-500/25',
  warning: 'bg-yellow-400/20 hover:bg-yellow-400/30',
  normal: 'hover:bg-base-200/50',
} as const;
const TONE_STRIPE = {
  unknown: 'shadow-[inset_4px_0_0_var(--color-orange-500)]',
  warning: 'shadow-[inset_4px_0_0_var(--color-yellow-500)]',
  normal: '',
} as const;

const NONE = <span className="text-base-content/40">—</span>;

/**
 * /messageLogs (spec 3 §2 Raw message logs, master only): every raw inbound event of every company, newest first;
 * search (500 ms debounce) and the search-with-error option, infinite scroll, row colours (no ticket = orange,
 * negative ticketId = yellow), the raw JSON in a dialog, reprocess one log, delete all (irreversible, confirmed).
 * Kept live by `messagesBruteLog`.
 */
export function MessageLogsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.viewMessageLogs) return <NoPermission />;
  return <MessageLogs />;
}

function MessageLogs() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [withError, setWithError] = useState(false);
  const [viewing, setViewing] = useState<MessageBruteLogDto | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);
  const list = useLivePagedList<MessageBruteLogDto, MessageBruteLogEvent>({
    search: encodeLogQuery({ text, withError }),
    fetchPage: (key, n) => {
      const q = decodeLogQuery(key);
      return fetchMessageLogsPage(q.text, n, q.withError);
    },
    compare: byNewest,
    matches: logMatches,
    onError: toastError,
    channel: CHANNEL,
    eventItem: logEventChange,
  });

  const reprocess = async (log: MessageBruteLogDto) => {
    setBusyIds((s) => new Set(s).add(log.id));
    try {
      const updated = await reprocessMessage(log.id);
      list.upsert(updated);
      setViewing((v) => (v?.id === updated.id ? updated : v));
      // a log that already produced its message is answered as it is (the API is idempotent): say so
      if (log.outcome === 'ok' && updated.outcome === 'ok')
        toast.info(t`Este evento já gerou sua mensagem: nada foi alterado.`);
      else toast.success(t`Mensagem reprocessada.`);
    } catch (err) {
      toastError(err);
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(log.id);
        return next;
      });
    }
  };

  const deleteAll = async () => {
    try {
      const { count } = await deleteAllMessageLogs();
      toast.success(t`${count} logs excluídos.`);
      list.reload();
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const searching = !!text || withError;
  return (
    <PageCard
      title={<Trans>Logs de Mensagens</Trans>}
      subtitle={<Trans>Eventos brutos recebidos do WhatsApp, de todas as empresas</Trans>}
      testId="message-logs-page"
      actions={
        <>
          <Link href="/systemcontrol" className="btn btn-ghost btn-sm" data-testid="logs-back">
            <IconArrowLeft size={16} />
            <Trans>Controle do Sistema</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm"
            onClick={() => setConfirmAll(true)}
            disabled={list.initialLoading || (list.items.length === 0 && !searching)}
            data-testid="logs-delete-all"
          >
            <IconTrash size={16} />
            <Trans>Excluir todos</Trans>
          </button>
        </>
      }
      toolbar={
        <>
          <SearchInput
            onSearch={setText}
            placeholder={t`Pesquisar por conteúdo, remetente, id ou tipo`}
            className="w-full sm:w-96"
            testId="logs-search"
          />
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-sm toggle-warning"
              checked={withError}
              onChange={(e) => setWithError(e.target.checked)}
              data-testid="logs-with-error"
            />
            <Trans>Somente com erro</Trans>
          </label>
          <Legend />
        </>
      }
    >
      <PagedListBody
        list={list}
        testId="logs-scroll"
        empty={
          <EmptyState
            icon={<IconInbox size={28} />}
            title={searching ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhum log de mensagem</Trans>}
            description={
              searching ? (
                <Trans>Nenhum log corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Os eventos recebidos pelas conexões aparecem aqui.</Trans>
              )
            }
          />
        }
      >
        <table className="table table-sm table-pin-rows [&_td]:py-1.5" data-testid="logs-table">
          <thead>
            <tr>
              <th className="w-36">
                <Trans>Data</Trans>
              </th>
              <th className="hidden w-20 2xl:table-cell">
                <Trans>Empresa</Trans>
              </th>
              <th className="hidden w-20 2xl:table-cell">
                <Trans>Conexão</Trans>
              </th>
              <th className="w-44">
                <Trans>Remetente</Trans>
              </th>
              <th className="hidden w-24 md:table-cell">
                <Trans>Tipo</Trans>
              </th>
              <th className="w-20">
                <Trans>Ticket</Trans>
              </th>
              <th>
                <Trans>Conteúdo</Trans>
              </th>
              <th className="hidden w-20 text-right lg:table-cell">
                <Trans>Tempo</Trans>
              </th>
              <th className="w-28">
                <Trans>Situação</Trans>
              </th>
              <th className="w-24 text-right">
                <Trans>Ações</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((log) => (
              <LogRow
                key={log.id}
                log={log}
                busy={busyIds.has(log.id)}
                onView={() => setViewing(log)}
                onReprocess={() => void reprocess(log)}
              />
            ))}
          </tbody>
        </table>
      </PagedListBody>
      <RawLogDialog
        log={viewing}
        onClose={() => setViewing(null)}
        onReprocess={viewing ? () => void reprocess(viewing) : undefined}
        busy={viewing ? busyIds.has(viewing.id) : false}
      />
      <ConfirmDialog
        open={confirmAll}
        title={<Trans>Excluir todos os logs</Trans>}
        confirmLabel={<Trans>Excluir todos</Trans>}
        onConfirm={deleteAll}
        onClose={() => setConfirmAll(false)}
        testId="logs-delete-all-dialog"
      >
        <Trans>
          Todos os logs de mensagens de todas as empresas serão excluídos. Esta ação é irreversível: os eventos
          excluídos não poderão ser consultados nem reprocessados.
        </Trans>
      </ConfirmDialog>
    </PageCard>
  );
}

function Legend() {
  return (
    <div className="ml-auto hidden items-center gap-4 text-xs text-base-content/70 lg:flex" data-testid="logs-legend">
      <span className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm border-l-4 border-l-orange-500 bg-orange-500/25" />
        <Trans>Sem ticket (tipo desconhecido)</Trans>
      </span>
      <span className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm border-l-4 border-l-yellow-500 bg-yellow-400/30" />
        <Trans>Ticket negativo (aviso)</Trans>
      </span>
    </div>
  );
}

function LogRow({
  log,
  busy,
  onView,
  onReprocess,
}: {
  log: MessageBruteLogDto;
  busy: boolean;
  onView: () => void;
  onReprocess: () => void;
}) {
  const { t } = useLingui();
  const tone = logTone(log);
  return (
    <tr
      className={TONE_ROW[tone]}
      data-testid="log-row"
      data-id={String(log.id)}
      data-tone={tone}
      data-status={log.status}
      data-outcome={log.outcome}
      data-message-id={log.messageId ?? ''}
    >
      <td className={`whitespace-nowrap text-xs tabular-nums ${TONE_STRIPE[tone]}`}>{formatDateTime(log.createdAt)}</td>
      <td className="hidden tabular-nums 2xl:table-cell">{log.companyId}</td>
      <td className="hidden tabular-nums 2xl:table-cell">{log.whatsappId ?? NONE}</td>
      <td className="max-w-[11rem]">
        <div className="flex min-w-0 items-center gap-1.5 text-xs">
          <span
            className={log.fromMe ? 'text-info' : 'text-base-content/50'}
            title={log.fromMe ? t`enviada` : t`recebida`}
            aria-label={log.fromMe ? t`enviada` : t`recebida`}
          >
            {log.fromMe ? <IconArrowRight size={12} /> : <IconArrowLeft size={12} />}
          </span>
          <span className="truncate" title={log.remoteJid ?? undefined}>
            {/* a person's jid reads as its number; groups and other addresses stay whole */}
            {log.remoteJid ? log.remoteJid.replace(/@s\.whatsapp\.net$/, '') : NONE}
          </span>
        </div>
      </td>
      <td className="hidden max-w-[6rem] truncate text-xs md:table-cell" data-testid="log-type">
        {log.type ?? NONE}
      </td>
      <td className="tabular-nums" data-testid="log-ticket">
        {log.ticketId ?? NONE}
      </td>
      <td className="max-w-0">
        <button
          type="button"
          className="block w-full truncate text-left hover:underline"
          onClick={onView}
          title={log.details0 ?? undefined}
          data-testid="log-body"
        >
          {log.details0 || <span className="text-base-content/40">{t`(sem conteúdo)`}</span>}
        </button>
      </td>
      <td className="hidden text-right text-xs tabular-nums lg:table-cell">
        {log.details1 === null ? NONE : `${log.details1} ms`}
      </td>
      <td>
        <LogStatusBadge outcome={log.outcome} error={log.error} />
      </td>
      <td className="text-right">
        <div className="inline-flex gap-0.5">
          <SmallIconButton label={t`Ver JSON`} onClick={onView} testId="log-view">
            <IconCode size={15} />
          </SmallIconButton>
          <SmallIconButton label={t`Reprocessar`} onClick={onReprocess} testId="log-reprocess" busy={busy} primary>
            <IconRotate size={15} />
          </SmallIconButton>
        </div>
      </td>
    </tr>
  );
}

/** a dense row's icon button: its label is the tooltip and the accessible name */
function SmallIconButton({
  label,
  onClick,
  testId,
  busy = false,
  primary = false,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  busy?: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-xs btn-square ${primary ? 'text-primary' : ''}`}
      onClick={onClick}
      disabled={busy}
      aria-label={label}
      title={label}
      aria-busy={busy}
      data-testid={testId}
    >
      {busy ? <span className="loading loading-spinner loading-xs" /> : children}
    </button>
  );
}
