import { Trans, useLingui } from '@lingui/react/macro';
import {
  type AdjustDbDto,
  type HostInfoDto,
  MONITOR_GAUGES,
  type ProcessInfoDto,
  RESOURCE_POLL,
  type UpdateInfoDto,
} from '@zapdesk/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import {
  IconActivity,
  IconAlert,
  IconClock,
  IconCode,
  IconDownload,
  IconInbox,
  IconLayers,
  IconRefresh,
  IconRotate,
  IconWrench,
  IconX,
} from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { useCapabilities } from '../auth/use-capabilities';
import { CoreBars, Gauge, Meter } from './gauges';
import { formatBytes, formatUptime, percentOf, toMiB, usedPercent } from './monitor-format';
import {
  ACTION_DELAY_MS,
  adjustDb,
  checkUpdate,
  RESTART_WARNING_MS,
  restartProcesses,
  UPDATE_WARNING_MS,
} from './system-control-api';
import { AdjustDbDialog, ReprocessRecentDialog, UpdateDialog } from './system-control-dialogs';
import { type ResourcesView, useResources } from './use-resources';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = (ms: number | string) =>
  new Date(ms).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * /systemcontrol and /systemControl (spec 3 §2 System controller, master only): links to the internal API docs and the
 * raw message logs; every host's resources and every process (API, worker, embedded) read every 2.5 s, 100 times,
 * then 'Retomar'; restart one process or all, update, reprocess recent messages and the database check.
 */
export function SystemControlScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.systemControl) return <NoPermission />;
  return <SystemControl />;
}

type Restarting = { id?: string; name: string } | null;
/** the restart/update "reload the page" warning: inline above the tables, so it never covers the screen's buttons */
type ReloadNotice = { text: string; key: number; durationMs: number } | null;

function SystemControl() {
  const { t } = useLingui();
  const view = useResources();
  const [restarting, setRestarting] = useState<Restarting>(null);
  const [update, setUpdate] = useState<UpdateInfoDto | null>(null);
  const [updateBusy, setUpdateBusy] = useState(false);
  const [report, setReport] = useState<AdjustDbDto | null>(null);
  const [adjustBusy, setAdjustBusy] = useState(false);
  const [reprocessOpen, setReprocessOpen] = useState(false);
  const processes = view.data?.pm2Info ?? [];
  const hosts = view.data?.systemInfo ?? [];

  const [notice, setNotice] = useState<ReloadNotice>(null);
  const warn = (text: string, durationMs: number) => setNotice({ text, key: Date.now(), durationMs });

  const restart = async (target: NonNullable<Restarting>) => {
    try {
      const r = await restartProcesses(target.id);
      // spec 3 §9: the warning follows 1 s after the request; the reads start over to watch the process come back
      await wait(ACTION_DELAY_MS);
      warn(
        r.restarting.length > 1
          ? t`Reiniciando ${r.restarting.length} processos. Recarregue a página em alguns segundos.`
          : t`Reiniciando o processo. Recarregue a página em alguns segundos.`,
        RESTART_WARNING_MS,
      );
      view.resume();
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const runUpdate = async () => {
    setUpdateBusy(true);
    try {
      const info = await checkUpdate();
      await wait(ACTION_DELAY_MS);
      setUpdate(info);
      // spec 3 §8: the update warning stays 60 s
      warn(t`Após atualizar o sistema, recarregue a página.`, UPDATE_WARNING_MS);
    } catch (err) {
      toastError(err);
    } finally {
      setUpdateBusy(false);
    }
  };

  const runAdjustDb = async () => {
    setAdjustBusy(true);
    try {
      setReport(await adjustDb());
    } catch (err) {
      toastError(err);
    } finally {
      setAdjustBusy(false);
    }
  };

  return (
    <PageCard
      title={<Trans>Controle do Sistema</Trans>}
      subtitle={<Trans>Processos, recursos e manutenção de todos os servidores</Trans>}
      testId="system-control-page"
      actions={
        <>
          <Link href="/internalDocs" className="btn btn-outline btn-sm" data-testid="system-internal-docs">
            <IconCode size={16} />
            <Trans>Documentação da API</Trans>
          </Link>
          <Link href="/messageLogs" className="btn btn-outline btn-sm" data-testid="system-message-logs">
            <IconInbox size={16} />
            <Trans>Logs de Mensagens</Trans>
          </Link>
        </>
      }
      toolbar={
        <>
          <PollStatus view={view} />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setReprocessOpen(true)}
              title={t`Reprocessar mensagens recentes`}
              data-testid="system-reprocess-recent"
            >
              <IconRotate size={16} />
              <Trans>Reprocessar recentes</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void runAdjustDb()}
              disabled={adjustBusy}
              data-testid="system-adjust-db"
            >
              {adjustBusy ? <span className="loading loading-spinner loading-xs" /> : <IconWrench size={16} />}
              <Trans>Verificar banco</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void runUpdate()}
              disabled={updateBusy}
              data-testid="system-update"
            >
              {updateBusy ? <span className="loading loading-spinner loading-xs" /> : <IconDownload size={16} />}
              <Trans>Atualizar</Trans>
            </button>
            <button
              type="button"
              className="btn btn-warning btn-sm"
              onClick={() => setRestarting({ name: t`todos os processos` })}
              disabled={processes.length === 0}
              data-testid="system-restart-all"
            >
              <IconRefresh size={16} />
              <Trans>Reiniciar todos</Trans>
            </button>
          </div>
        </>
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-auto p-4 sm:px-6" data-testid="system-body">
        {notice ? <ReloadWarning key={notice.key} notice={notice} onClose={() => setNotice(null)} /> : null}
        {view.failed ? (
          <div role="alert" className="alert alert-warning alert-soft py-2 text-sm" data-testid="system-read-failed">
            <IconAlert size={18} />
            <Trans>
              Não foi possível ler os recursos agora (o servidor pode estar reiniciando). Os últimos valores continuam
              na tela.
            </Trans>
          </div>
        ) : null}
        {view.data === null ? (
          view.failed ? null : (
            <div className="flex justify-center py-16">
              <span className="loading loading-spinner loading-lg text-primary" />
            </div>
          )
        ) : (
          <>
            <section aria-labelledby="system-processes-title">
              <h2 id="system-processes-title" className="mb-2 text-sm font-semibold text-base-content/70">
                <Trans>Processos</Trans>
              </h2>
              <ProcessTable processes={processes} onRestart={(p) => setRestarting({ id: p.id, name: p.name })} />
            </section>
            <section aria-labelledby="system-hosts-title">
              <h2 id="system-hosts-title" className="mb-2 text-sm font-semibold text-base-content/70">
                <Trans>Servidores</Trans>
              </h2>
              {hosts.length === 0 ? (
                <EmptyState icon={<IconLayers size={28} />} title={<Trans>Nenhum servidor informando</Trans>} />
              ) : (
                <div className="grid gap-4 xl:grid-cols-2">
                  {hosts.map((h) => (
                    <HostCard key={h.host} host={h} />
                  ))}
                </div>
              )}
            </section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={restarting !== null}
        title={restarting?.id ? <Trans>Reiniciar processo</Trans> : <Trans>Reiniciar todos os processos</Trans>}
        confirmLabel={<Trans>Reiniciar</Trans>}
        onConfirm={() => (restarting ? restart(restarting) : undefined)}
        onClose={() => setRestarting(null)}
        testId="system-restart-dialog"
      >
        <p>
          {restarting?.id ? (
            <Trans>Reiniciar "{restarting.name}"?</Trans>
          ) : (
            <Trans>Reiniciar todos os processos da plataforma?</Trans>
          )}
        </p>
        <p className="mt-2">
          <Trans>
            Cada processo deixa de aceitar trabalho, termina o que está em andamento e é iniciado de novo pelo
            supervisor. Recarregue a página depois do reinício.
          </Trans>
        </p>
      </ConfirmDialog>
      <UpdateDialog info={update} onClose={() => setUpdate(null)} />
      <AdjustDbDialog report={report} onClose={() => setReport(null)} />
      <ReprocessRecentDialog open={reprocessOpen} onClose={() => setReprocessOpen(false)} />
    </PageCard>
  );
}

/** live / paused after 100 reads (then 'Retomar'), and the time of the last answer */
function PollStatus({ view }: { view: ResourcesView }) {
  const { t } = useLingui();
  const { reads, running } = view.state;
  const total = RESOURCE_POLL.times;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="system-poll" data-reads={reads}>
      {running ? (
        <>
          <span className="status status-success animate-pulse" aria-hidden="true" />
          <span title={t`Atualizando a cada 2,5 s, até ${total} vezes`}>
            <Trans>Ao vivo</Trans>{' '}
            <span className="tabular-nums text-base-content/60">
              ({reads}/{total})
            </span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={view.pause} data-testid="system-pause">
            <Trans>Pausar</Trans>
          </button>
        </>
      ) : (
        <>
          <span className="status status-neutral" aria-hidden="true" />
          <Trans>Atualização pausada</Trans>
          <button type="button" className="btn btn-primary btn-xs" onClick={view.resume} data-testid="system-resume">
            <Trans>Retomar</Trans>
          </button>
        </>
      )}
      {view.updatedAt ? (
        <span
          className="flex items-center gap-1 tabular-nums text-base-content/60"
          title={t`Atualizado às ${clock(view.updatedAt)}`}
          data-testid="system-updated-at"
          data-at={view.updatedAt}
        >
          <IconClock size={14} />
          {clock(view.updatedAt)}
        </span>
      ) : null}
    </div>
  );
}

/** one host: CPU, memory and disk, and the load of each core (spec 3 §3 System data) */
function HostCard({ host }: { host: HostInfoDto }) {
  const { t } = useLingui();
  const cpu = Math.min(100, Math.max(0, host.cpu.currentLoad));
  const mem = usedPercent(host.memory.total, host.memory.free);
  const disk = usedPercent(host.disk.total, host.disk.available);
  const cores = host.cpu.cores.length;
  return (
    <article
      className="rounded-box border border-base-300 p-3"
      data-testid="host-card"
      data-host={host.host}
      data-reported-at={host.reportedAt}
    >
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <IconActivity size={16} className="text-primary" />
          <span className="truncate">{host.host}</span>
        </h3>
        <span className="text-xs text-base-content/60">
          <Trans>
            {cores} núcleos · carga média {host.cpu.loadAvg.map((x) => x.toFixed(2)).join(' / ')}
          </Trans>
        </span>
      </header>
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2">
        <Gauge
          percent={cpu}
          label={t`CPU de ${host.host}`}
          valueText={`${cpu.toFixed(0)} %`}
          caption={<Trans>CPU total</Trans>}
          testId="host-cpu"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <Meter
            percent={mem}
            label={t`Memória`}
            caption={t`${formatBytes(host.memory.free)} livres de ${formatBytes(host.memory.total)}`}
            testId="host-memory"
          />
          <Meter
            percent={disk}
            label={t`Disco`}
            caption={
              <span title={host.disk.path}>
                {t`${formatBytes(host.disk.available)} disponíveis de ${formatBytes(host.disk.total)}`}
              </span>
            }
            testId="host-disk"
          />
        </div>
      </div>
      <div className="mt-2">
        <div className="mb-1 text-xs text-base-content/60">
          <Trans>Carga por núcleo</Trans>
        </div>
        <CoreBars cores={host.cpu.cores} testId="host-cores" />
      </div>
    </article>
  );
}

const ROLE_BADGE = { api: 'badge-primary', worker: 'badge-secondary', embedded: 'badge-accent' } as const;

/** spec 3 §3 Process monitor: name, cpu, memory, uptime, restarts; plus role, host, pid, version, lag, jobs, sessions */
function ProcessTable({
  processes,
  onRestart,
}: {
  processes: ProcessInfoDto[];
  onRestart: (p: ProcessInfoDto) => void;
}) {
  const { t } = useLingui();
  if (processes.length === 0)
    return <EmptyState icon={<IconLayers size={28} />} title={<Trans>Nenhum processo informando</Trans>} />;
  const roleLabel = { api: t`API`, worker: t`Worker`, embedded: t`Embutido` };
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm" data-testid="process-table">
        <thead>
          <tr>
            <th>
              <Trans>Processo</Trans>
            </th>
            <th className="text-right">
              <Trans>Tempo ativo</Trans>
            </th>
            <th className="text-right">
              <Trans>Reinícios</Trans>
            </th>
            <th className="text-center">CPU</th>
            <th className="text-center">
              <Trans>Memória (MiB)</Trans>
            </th>
            <th className="text-right">
              <Trans>Atraso</Trans>
            </th>
            <th className="text-right">
              <Trans>Jobs</Trans>
            </th>
            <th className="text-right">
              <Trans>Sessões</Trans>
            </th>
            <th className="w-16 text-right">
              <Trans>Ações</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {processes.map((p) => {
            const memMiB = toMiB(p.memory);
            return (
              <tr key={p.id} data-testid="process-row" data-id={p.id} data-role={p.role} data-status={p.status}>
                <td className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium" data-testid="process-name">
                      {p.name}
                    </span>
                    <span className={`badge badge-soft badge-sm ${ROLE_BADGE[p.role] ?? ''}`}>
                      {roleLabel[p.role] ?? p.role}
                    </span>
                    {p.status === 'stopping' ? (
                      <span className="badge badge-warning badge-sm">
                        <Trans>parando</Trans>
                      </span>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5 text-xs text-base-content/60">
                    <span>
                      {p.host} · pid {p.pid} · v{p.version}
                    </span>
                    {p.self ? (
                      <span className="badge badge-ghost badge-xs" title={t`O processo que atende esta página`}>
                        <Trans>esta página</Trans>
                      </span>
                    ) : null}
                  </div>
                </td>
                <td className="text-right tabular-nums" data-testid="process-uptime">
                  {formatUptime(p.uptime)}
                </td>
                <td className="text-right tabular-nums" data-testid="process-restarts">
                  {p.restarts}
                </td>
                <td>
                  <div className="flex justify-center">
                    <Gauge
                      percent={percentOf(p.cpu, MONITOR_GAUGES.cpuMaxPercent)}
                      label={t`CPU de ${p.name}`}
                      valueText={`${p.cpu.toFixed(0)}%`}
                      size="3rem"
                      thickness="0.3rem"
                      testId="process-cpu"
                    />
                  </div>
                </td>
                <td>
                  <div className="flex justify-center">
                    <Gauge
                      percent={percentOf(memMiB, MONITOR_GAUGES.memoryMaxMiB)}
                      label={t`Memória de ${p.name} (máximo 2048 MiB)`}
                      valueText={`${Math.round(memMiB)}`}
                      size="3rem"
                      thickness="0.3rem"
                      testId="process-memory"
                    />
                  </div>
                </td>
                <td className="text-right tabular-nums">{Math.round(p.eventLoopLagMs)} ms</td>
                <td className="text-right tabular-nums">{p.jobsRunning}</td>
                <td className="text-right tabular-nums">{p.sessions}</td>
                <td className="text-right">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square text-warning"
                    onClick={() => onRestart(p)}
                    disabled={p.status !== 'online'}
                    aria-label={t`Reiniciar ${p.name}`}
                    title={t`Reiniciar ${p.name}`}
                    data-testid="process-restart"
                  >
                    <IconRefresh size={16} />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** spec 3 §8/§9: restart and update say to reload the page; shown for its duration (update 60 s) or until closed */
function ReloadWarning({ notice, onClose }: { notice: NonNullable<ReloadNotice>; onClose: () => void }) {
  const { t } = useLingui();
  // the screen re-renders at every read (2.5 s): the timer must not start over with each new onClose
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), notice.durationMs);
    return () => clearTimeout(timer);
  }, [notice.durationMs]);
  return (
    <div role="alert" className="alert alert-warning alert-soft py-2 text-sm" data-testid="system-reload-warning">
      <IconAlert size={18} />
      <span className="flex-1">{notice.text}</span>
      <button type="button" className="btn btn-warning btn-sm" onClick={() => window.location.reload()}>
        <Trans>Recarregar página</Trans>
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        onClick={onClose}
        aria-label={t`Fechar`}
        data-testid="system-reload-warning-close"
      >
        <IconX size={14} />
      </button>
    </div>
  );
}
