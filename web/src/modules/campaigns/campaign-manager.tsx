import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CampaignDispatchDto,
  type CampaignDto,
  type CampaignProcessAction,
  type CampaignSetupDto,
  campaignButtons,
} from '@zapdesk/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import {
  IconArrowLeft,
  IconCalendar,
  IconCheck,
  IconCircleCheck,
  IconExternal,
  IconMegaphone,
  IconRotate,
  IconSend,
  IconStop,
  IconTrash,
} from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { RowActionButton } from '../../ui/row-actions';
import { toast } from '../../ui/toasts/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { CampaignStatusBadge, DispatchStatusBadge, When } from './campaign-cells';
import { campaignChannelOf, liveEffect } from './campaign-live';
import { CampaignPhone } from './campaign-phone';
import {
  byDispatchId,
  canManageCampaign,
  dispatchDeletable,
  progressOf,
  schedulable,
  stoppingNote,
} from './campaign-rules';
import { CampaignScheduleDialog } from './campaign-schedule-dialog';
import { CampaignSetupInfo, setupButtons } from './campaign-setup-info';
import {
  type CampaignCounts,
  countsOf,
  deleteCampaign,
  deleteDispatch,
  fetchCampaign,
  fetchDispatchPage,
  fetchSetup,
  processCampaign,
  resendDispatch,
} from './campaigns-api';

/** /CampaignsManager/{campaignId} (spec 2 §2): campaigns users only. */
export function CampaignManagerScreen({ campaignId }: { campaignId: number | null }) {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useCampaigns) return <NoPermission />;
  if (!campaignId)
    return (
      <div className="card h-full bg-base-100 shadow-sm">
        <EmptyState
          icon={<IconMegaphone size={28} />}
          title={<Trans>Escolha uma campanha</Trans>}
          description={<Trans>Abra uma campanha da lista para acompanhar e controlar seus envios.</Trans>}
          action={
            <Link href="/Campaigns" className="btn btn-primary btn-sm">
              <Trans>Ver campanhas</Trans>
            </Link>
          }
        />
      </div>
    );
  return <CampaignManager key={campaignId} campaignId={campaignId} />;
}

/** Spec 2 §9: a start answered with the campaign still created → an info toast for 15 s. */
const START_TOAST_MS = 15_000;
/** Spec 2 §9: after a delete the page goes back to the list 1.5 s later. */
const DELETE_REDIRECT_MS = 1500;
/** At most one counters refresh per this many ms when events carry no counters. */
const COUNTS_THROTTLE_MS = 1000;

/** ten columns beside the phone at 1280 px: tighter cells than the house table's */
const PAD = 'px-1.5';
/** headers as small as the cells: the one-word headers (Saudação, Mensagem…) are wider than their marks and dates */
const HEAD = `${PAD} text-xs`;

type Confirm =
  | { kind: 'finalize' }
  | { kind: 'delete' }
  | { kind: 'deleteDispatch' | 'resend'; dispatch: CampaignDispatchDto };

function CampaignManager({ campaignId }: { campaignId: number }) {
  const { t } = useLingui();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const [campaign, setCampaign] = useState<CampaignDto | null>(null);
  const [missing, setMissing] = useState(false);
  const [setup, setSetup] = useState<CampaignSetupDto | null>(null);
  const [counts, setCounts] = useState<CampaignCounts | null>(null);
  const [busy, setBusy] = useState<CampaignProcessAction | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [selected, setSelected] = useState(0);

  const loadCampaign = useCallback(async () => {
    try {
      const { campaign: c } = await fetchCampaign(campaignId);
      setCampaign(c);
    } catch (err) {
      setMissing(true);
      toastError(err);
    }
  }, [campaignId]);

  useEffect(() => {
    void loadCampaign();
  }, [loadCampaign]);

  const setupId = campaign?.campaignSetupId ?? null;
  useEffect(() => {
    if (!setupId) return;
    let alive = true;
    fetchSetup(setupId).then(
      (s) => alive && setSetup(s),
      () => alive && setSetup(null),
    );
    return () => {
      alive = false;
    };
  }, [setupId]);

  const list = usePagedList<CampaignDispatchDto>({
    fetchPage: async (_s, page) => {
      const res = await fetchDispatchPage(campaignId, page);
      if (page === 1) setCounts(res.counts);
      return res;
    },
    search: String(campaignId),
    compare: byDispatchId,
    onError: toastError,
  });

  // counters: from the event when it carries them, else one page-1 read at most every second
  const countsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshCounts = useCallback(() => {
    if (countsTimer.current) return;
    countsTimer.current = setTimeout(() => {
      countsTimer.current = null;
      fetchDispatchPage(campaignId, 1).then(
        // the page has no in-flight number: the last live one stays
        (r) => setCounts((prev) => countsOf({ inFlightCount: prev?.inFlightCount, ...r.counts })),
        () => {},
      );
    }, COUNTS_THROTTLE_MS);
  }, [campaignId]);
  useEffect(
    () => () => {
      if (countsTimer.current) clearTimeout(countsTimer.current);
    },
    [],
  );

  useSseChannel(campaignChannelOf(campaignId), (event) => {
    const fx = liveEffect(event);
    if (fx.gone) {
      toast.info(t`A campanha foi excluída`);
      navigate('/Campaigns');
      return;
    }
    // a start or a pause leaves the rows as they are (no flicker); Concluir (pending rows canceled) or a refresh
    // without a status reloads them
    const rowsToo = fx.reload && (!fx.patch?.status || fx.patch.status === 'finalized');
    if (fx.campaign) setCampaign(fx.campaign);
    if (fx.patch) setCampaign((c) => (c ? { ...c, ...fx.patch } : c));
    if (fx.upsert) list.upsert(fx.upsert);
    if (fx.remove) list.remove(fx.remove);
    if (fx.reload) void loadCampaign();
    if (rowsToo) list.reload();
    if (fx.counts) setCounts((c) => countsOf({ ...c, ...fx.counts }));
    else if (fx.upsert || fx.remove) refreshCounts();
  });

  if (missing && !campaign)
    return (
      <div className="card h-full bg-base-100 shadow-sm">
        <EmptyState
          icon={<IconMegaphone size={28} />}
          title={<Trans>Campanha não encontrada</Trans>}
          action={
            <Link href="/Campaigns" className="btn btn-primary btn-sm">
              <Trans>Ver campanhas</Trans>
            </Link>
          }
        />
      </div>
    );
  if (!campaign)
    return (
      <div className="flex h-full items-center justify-center">
        <span className="loading loading-spinner loading-lg text-primary" />
      </div>
    );

  const manage = canManageCampaign(me, campaign);
  const isAdmin = me?.profile === 'admin';
  const buttons = campaignButtons(campaign.status);
  const finalized = campaign.status === 'finalized';
  const c = counts ?? countsOf({});
  const messages = campaign.campaignMessages;
  const shown = messages[selected] ?? messages[0] ?? null;

  const run = async (action: CampaignProcessAction) => {
    setBusy(action);
    try {
      const res = await processCampaign(campaign.id, action);
      setCampaign(res);
      if (action === 'start' && res.status === 'created')
        toast.info(t`A campanha foi recebida e começará em instantes. Acompanhe o status nesta página.`, {
          duration: START_TOAST_MS,
        });
      else if (action === 'start') toast.success(t`Campanha iniciada`);
      else if (action === 'pause') toast.success(t`Campanha pausada`);
      else toast.success(t`Campanha concluída`);
      refreshCounts();
    } catch (err) {
      toastError(err);
      throw err;
    } finally {
      setBusy(null);
    }
  };

  const confirmAction = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'finalize') await run('finalized');
      else if (confirm.kind === 'delete') {
        await deleteCampaign(campaign.id);
        toast.success(t`Campanha excluída`);
        setTimeout(() => navigate('/Campaigns'), DELETE_REDIRECT_MS);
      } else if (confirm.kind === 'deleteDispatch') {
        await deleteDispatch(confirm.dispatch.id);
        list.remove(confirm.dispatch.id);
        toast.success(t`Envio excluído`);
        refreshCounts();
      } else {
        // the row shows pending at once (the live events then move it: claimed, sent)
        list.upsert(await resendDispatch(confirm.dispatch.id));
        toast.success(t`O envio voltou para a fila`);
        refreshCounts();
      }
    } catch (err) {
      if (confirm.kind !== 'finalize') toastError(err);
      throw err;
    }
  };

  const progress = progressOf(c);
  const stopping = stoppingNote(campaign.status, c.inFlightCount, list.items);

  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid="campaign-manager">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-base-300 px-4 py-3 sm:px-6">
        <Link href="/Campaigns" className="btn btn-ghost btn-sm btn-square" aria-label={t`Voltar`} title={t`Voltar`}>
          <IconArrowLeft size={18} />
        </Link>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <h1 className="truncate text-xl font-semibold" data-testid="manager-name" title={campaign.name}>
            {campaign.name}
          </h1>
          <CampaignStatusBadge status={campaign.status} testId="manager-status" />
          {stopping ? (
            <span
              className="badge badge-ghost badge-sm gap-1 whitespace-nowrap"
              data-testid="manager-stopping"
              title={t`A mensagem já iniciada (saudação enviada) ainda será enviada.`}
            >
              <span className="loading loading-spinner loading-xs" />
              {stopping === 'pausing' ? <Trans>Pausando…</Trans> : <Trans>Concluindo…</Trans>}
            </span>
          ) : null}
        </div>
        {manage ? (
          <div className="flex flex-wrap items-center gap-2">
            {!finalized ? (
              <>
                <button
                  type="button"
                  className="btn btn-success btn-sm"
                  disabled={!buttons.start || busy !== null}
                  onClick={() => void run('start').catch(() => {})}
                  data-testid="manager-start"
                >
                  {busy === 'start' ? <span className="loading loading-spinner loading-xs" /> : <IconSend size={14} />}
                  START
                </button>
                <button
                  type="button"
                  className="btn btn-warning btn-sm"
                  disabled={!buttons.pause || busy !== null}
                  onClick={() => void run('pause').catch(() => {})}
                  data-testid="manager-pause"
                >
                  {busy === 'pause' ? <span className="loading loading-spinner loading-xs" /> : <IconStop size={14} />}
                  PAUSE
                </button>
                <button
                  type="button"
                  className="btn btn-info btn-sm"
                  disabled={!buttons.finalize || busy !== null}
                  onClick={() => setConfirm({ kind: 'finalize' })}
                  data-testid="manager-finalize"
                >
                  <IconCircleCheck size={14} />
                  <Trans>Concluir</Trans>
                </button>
              </>
            ) : null}
            {schedulable(campaign.status) ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm border-base-300"
                onClick={() => setScheduling(true)}
                data-testid="manager-schedule"
              >
                <IconCalendar size={14} />
                <Trans>Agendar</Trans>
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              onClick={() => setConfirm({ kind: 'delete' })}
              data-testid="manager-delete"
            >
              <IconTrash size={14} />
              DELETE
            </button>
          </div>
        ) : null}
      </div>
      <div
        className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-base-300 px-4 py-2.5 sm:px-6"
        data-testid="manager-counters"
      >
        <Counter label={<Trans>Contatos</Trans>} value={c.count} testId="manager-count" />
        <Counter label={<Trans>Enviados</Trans>} value={c.sentCount} tone="text-success" testId="manager-sent" />
        <Counter label={<Trans>Falhas</Trans>} value={c.failCount} tone="text-error" testId="manager-failed" />
        <Counter
          label={<Trans>Incertos</Trans>}
          value={c.uncertainCount}
          tone={c.uncertainCount > 0 ? 'text-warning' : undefined}
          testId="manager-uncertain"
          hint={t`Envios interrompidos: não sabemos se a mensagem chegou. Nunca são reenviados automaticamente.`}
        />
        <div className="flex min-w-[10rem] flex-1 items-center gap-2">
          <progress className="progress progress-primary w-full" value={progress} max={100} />
          <span className="text-xs tabular-nums text-base-content/60">{progress}%</span>
        </div>
        <div className="flex flex-wrap gap-x-4 text-xs text-base-content/70">
          <span>
            <Trans>Agendamento</Trans>: <When iso={campaign.schedule} testId="manager-schedule-at" />
          </span>
          <span>
            <Trans>Iniciada</Trans>: <When iso={campaign.initialized} />
          </span>
          <span>
            <Trans>Finalizada</Trans>: <When iso={campaign.finalized} />
          </span>
        </div>
        {campaign.pauseReason ? (
          <p className="w-full text-sm text-warning" data-testid="manager-pause-reason">
            {campaign.pauseReason}
          </p>
        ) : null}
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[minmax(0,1fr)_240px] min-[85rem]:grid-cols-[minmax(0,1fr)_280px]">
        <div className="flex min-h-0 min-w-0 flex-col border-base-300 lg:border-r">
          <PagedListBody
            list={list}
            testId="dispatch-scroll"
            empty={
              <EmptyState
                title={<Trans>Nenhum envio</Trans>}
                description={<Trans>Os contatos da campanha aparecem aqui com o andamento de cada envio.</Trans>}
              />
            }
          >
            <DataTable
              items={list.items}
              testId="dispatch-table"
              className="table-sm"
              rowKey={(d) => d.id}
              rowTestId="dispatch-row"
              rowData={(d) => ({ 'data-id': String(d.id), 'data-status': d.status, 'data-number': d.number })}
              actionsClassName={`w-16 ${HEAD}`}
              actionsCellClassName={PAD}
              columns={[
                {
                  key: 'name',
                  header: <Trans>Nome</Trans>,
                  headerClassName: HEAD,
                  className: `${PAD} max-w-[6rem] truncate`,
                  cell: (d) => <span title={d.name ?? undefined}>{d.name || '—'}</span>,
                },
                {
                  key: 'number',
                  header: <Trans>Número</Trans>,
                  headerClassName: HEAD,
                  className: `${PAD} font-mono text-xs`,
                  cell: (d) => d.number,
                },
                {
                  key: 'schedule',
                  header: <Trans>Agendado</Trans>,
                  headerClassName: HEAD,
                  className: `${PAD} text-xs`,
                  cell: (d) => <When iso={d.schedule} compact />,
                },
                {
                  key: 'status',
                  header: <Trans>Status</Trans>,
                  headerClassName: HEAD,
                  className: PAD,
                  testId: 'dispatch-status',
                  cell: (d) => <DispatchStatusBadge dispatch={d} />,
                },
                {
                  key: 'greeting',
                  header: <Trans>Saudação</Trans>,
                  headerClassName: `${HEAD} text-center`,
                  className: `${PAD} text-center`,
                  cell: (d) => <Mark on={d.greeting} label={t`Saudação enviada`} />,
                },
                {
                  key: 'message',
                  header: <Trans>Mensagem</Trans>,
                  headerClassName: `${HEAD} text-center`,
                  className: `${PAD} text-center`,
                  cell: (d) => <Mark on={d.message} label={t`Mensagem enviada`} />,
                },
                {
                  key: 'time',
                  header: <Trans>Horário</Trans>,
                  headerClassName: HEAD,
                  className: `${PAD} text-xs`,
                  cell: (d) => <When iso={d.messageSendAt} compact />,
                },
                {
                  key: 'ticket',
                  header: <Trans>Ticket</Trans>,
                  headerClassName: HEAD,
                  className: PAD,
                  cell: (d) =>
                    d.ticketId ? (
                      <Link
                        href={`/tickets/${d.ticketId}`}
                        className="link link-primary inline-flex items-center gap-0.5 text-xs"
                        data-testid="dispatch-ticket"
                      >
                        #{d.ticketId}
                        <IconExternal size={12} />
                      </Link>
                    ) : (
                      <span className="text-base-content/40">—</span>
                    ),
                },
              ]}
              actions={(d) => (
                <>
                  {d.status === 'uncertain' && isAdmin ? (
                    <RowActionButton
                      label={t`Reenviar`}
                      icon={<IconRotate size={15} />}
                      tone="primary"
                      onClick={() => setConfirm({ kind: 'resend', dispatch: d })}
                      testId="dispatch-resend"
                    />
                  ) : null}
                  {manage && dispatchDeletable(d) ? (
                    <RowActionButton
                      label={t`Excluir`}
                      icon={<IconTrash size={15} />}
                      tone="error"
                      onClick={() => setConfirm({ kind: 'deleteDispatch', dispatch: d })}
                      testId="dispatch-delete"
                    />
                  ) : null}
                </>
              )}
            />
          </PagedListBody>
        </div>
        <aside className="hidden min-h-0 flex-col gap-4 overflow-y-auto p-4 lg:flex" data-testid="manager-aside">
          <CampaignPhone
            title={setup?.whatsapps[0]?.name ?? campaign.campaignSetup?.name ?? t`Contato`}
            message={shown ? { greeting: shown.greeting, body: shown.body, mediaName: shown.mediaName } : null}
            buttons={setupButtons(setup)}
            paneClassName="h-[260px]"
          />
          <div>
            <h2 className="mb-1 text-sm font-semibold">
              <Trans>Mensagens</Trans>
            </h2>
            <ul className="flex flex-col gap-1" data-testid="manager-messages">
              {messages.map((m, i) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className={`w-full rounded-box border px-2.5 py-1.5 text-left text-xs ${
                      i === selected ? 'border-primary bg-primary/5' : 'border-base-300'
                    }`}
                    onClick={() => setSelected(i)}
                    data-testid="manager-message"
                  >
                    <span className="block truncate font-medium">
                      {i + 1}. {m.greeting}
                    </span>
                    <span className="block truncate text-base-content/70">{m.mediaName ?? m.body}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {setup ? (
            <div>
              <h2 className="mb-1 text-sm font-semibold">
                <Trans>Configuração</Trans>
              </h2>
              <CampaignSetupInfo setup={setup} testId="manager-setup-info" />
            </div>
          ) : campaign.campaignSetup ? (
            <p className="text-sm" data-testid="manager-setup-info">
              {campaign.campaignSetup.name}
            </p>
          ) : null}
        </aside>
      </div>
      {scheduling ? (
        <CampaignScheduleDialog
          campaign={campaign}
          onClose={() => setScheduling(false)}
          onSaved={(saved) => {
            setCampaign(saved);
            setScheduling(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? <ConfirmTitle kind={confirm.kind} /> : null}
        confirmLabel={
          confirm?.kind === 'finalize' ? (
            <Trans>Concluir</Trans>
          ) : confirm?.kind === 'resend' ? (
            <Trans>Reenviar</Trans>
          ) : undefined
        }
        danger={confirm?.kind !== 'resend' && confirm?.kind !== 'finalize'}
        onClose={() => setConfirm(null)}
        onConfirm={confirmAction}
        testId="manager-confirm"
      >
        {confirm ? <ConfirmText confirm={confirm} /> : null}
      </ConfirmDialog>
    </div>
  );
}

function Counter({
  label,
  value,
  tone,
  testId,
  hint,
}: {
  label: ReactNode;
  value: number;
  tone?: string;
  testId: string;
  hint?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col leading-tight" title={hint}>
      <span className="text-xs text-base-content/60">{label}</span>
      <span className={`text-lg font-semibold tabular-nums ${tone ?? ''}`} data-testid={testId} data-value={value}>
        {value.toLocaleString(i18n.locale)}
      </span>
    </div>
  );
}

function Mark({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <IconCheck size={16} className="inline text-success" aria-label={label} />
  ) : (
    <span className="text-base-content/30">—</span>
  );
}

function ConfirmTitle({ kind }: { kind: Confirm['kind'] }) {
  switch (kind) {
    case 'finalize':
      return <Trans>Concluir campanha</Trans>;
    case 'delete':
      return <Trans>Excluir campanha</Trans>;
    case 'resend':
      return <Trans>Reenviar envio incerto</Trans>;
    default:
      return <Trans>Excluir envio</Trans>;
  }
}

function ConfirmText({ confirm }: { confirm: Confirm }) {
  if (confirm.kind === 'finalize')
    return (
      <Trans>
        A campanha será finalizada: os contatos que ainda não receberam a mensagem não a receberão. Esta ação não pode
        ser desfeita.
      </Trans>
    );
  if (confirm.kind === 'delete')
    return <Trans>A campanha e todos os seus envios serão excluídos. Esta ação não pode ser desfeita.</Trans>;
  const number = confirm.dispatch.number;
  if (confirm.kind === 'resend')
    return (
      <Trans>
        O envio para {number} foi interrompido e não sabemos se a mensagem chegou. Reenviar pode fazer o contato receber
        a mensagem duas vezes.
      </Trans>
    );
  return <Trans>Excluir o envio para {number}? Ele não será feito.</Trans>;
}
