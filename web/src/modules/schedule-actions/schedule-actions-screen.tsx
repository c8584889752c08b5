import { Trans, useLingui } from '@lingui/react/macro';
import {
  CreateScheduleAction,
  events,
  SCHEDULE_ACTION_DELAY_STEP_MS,
  SCHEDULE_ACTION_EXAMPLES,
  SCHEDULE_ACTIONS,
  type ScheduleActionCardState,
  type ScheduleActionEvent,
  type ScheduleActionJobDto,
  type ScheduleActionName,
  scheduleActionCardState,
  scheduleActionExpectedAt,
} from '@zapdesk/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { errorParts } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDeleteDialog, ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { FormField } from '../../ui/form-field';
import { IconClock, IconEye, IconRefresh, IconTrash } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { NoPermission } from '../../ui/no-permission';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { formatJobTime, translateScheduleActionText } from './schedule-action-texts';
import {
  createScheduleAction,
  deleteAllScheduleActions,
  deleteScheduleAction,
  fetchScheduleActions,
} from './schedule-actions-api';

type Job = ScheduleActionJobDto;

/** newest first (creation time, then id) */
function newestFirst(a: Job, b: Job): number {
  return b.timestamp - a.timestamp || Number(b.id) - Number(a.id) || b.id.localeCompare(a.id);
}

/** How far a job got: the POST answer, the create event and the settled updates may arrive in any order. */
function progress(j: Job): number[] {
  return [j.finishedOn !== null ? 1 : 0, j.attemptsMade, j.processedOn ?? 0];
}

function furthest(a: Job, b: Job): Job {
  const pa = progress(a);
  const pb = progress(b);
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return pa[i] > pb[i] ? a : b;
  return b;
}

function upsert(list: Job[], job: Job): Job[] {
  const known = list.find((j) => j.id === job.id);
  const rest = list.filter((j) => j.id !== job.id);
  return [...rest, known ? furthest(known, job) : job].sort(newestFirst);
}

/** Scheduled actions (spec 2 §2): left the form, right the job cards; company administrators only. */
export function ScheduleActionsScreen() {
  const caps = useCapabilities();
  if (!caps?.isAdmin) return <NoPermission />;
  return <ScheduleActions />;
}

function ScheduleActions() {
  const { t } = useLingui();
  const user = useSessionUser();
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [viewing, setViewing] = useState<Job | null>(null);
  const [deleting, setDeleting] = useState<Job | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await fetchScheduleActions();
      setJobs([...list].sort(newestFirst));
      setLoadFailed(false);
    } catch (err) {
      console.error(err);
      setLoadFailed(true);
      toast.error(t`Erro ao buscar ações agendadas`);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  // live: a card appears, changes state or goes away without polling
  useSseChannel(user ? events.scheduleAction.of(user.companyId) : null, (e: ScheduleActionEvent) => {
    setJobs((list) => {
      if (list === null) return list;
      if (e.action === 'create' || e.action === 'update') return upsert(list, e.job);
      if (e.action === 'delete') return list.filter((j) => j.id !== e.jobId);
      return [];
    });
  });
  // missed events (stream resumed too late): reload
  useSseChannel(events.resync.of(), () => void load());

  const removeOne = async (job: Job) => {
    try {
      await deleteScheduleAction(job.id);
      setJobs((list) => (list ? list.filter((j) => j.id !== job.id) : list));
      toast.success(t`Ação agendada excluída com sucesso`);
    } catch (err) {
      console.error(err);
      toast.error(t`Erro ao excluir ação agendada`);
      throw err;
    }
  };

  const removeAll = async () => {
    try {
      await deleteAllScheduleActions();
      setJobs([]);
      toast.success(t`Todas as ações agendadas foram excluídas com sucesso`);
    } catch (err) {
      console.error(err);
      toast.error(t`Erro ao excluir todas as ações agendadas`);
      throw err;
    }
  };

  return (
    <div
      className="flex h-full min-h-0 flex-col gap-4 overflow-auto lg:flex-row lg:overflow-hidden"
      data-testid="schedule-actions-page"
    >
      <ScheduleActionForm onQueued={(job) => setJobs((list) => (list ? upsert(list, job) : [job]))} />

      <section
        className="card flex min-h-[28rem] flex-1 flex-col bg-base-100 shadow-sm lg:min-h-0"
        data-testid="schedule-actions-list"
      >
        <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6">
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-xl font-semibold">
              <Trans>Ações agendadas</Trans>
            </h2>
            <p className="truncate text-sm text-base-content/60">
              {jobs === null ? (
                <Trans>Carregando…</Trans>
              ) : (
                <Trans>{jobs.length} ação(ões), das mais novas às mais antigas</Trans>
              )}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={!jobs?.length}
            onClick={() => setDeletingAll(true)}
            data-testid="schedule-actions-delete-all"
          >
            <IconTrash size={16} />
            <Trans>Excluir todas</Trans>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4" data-testid="schedule-actions-scroll">
          {jobs === null ? (
            loadFailed ? (
              <EmptyState
                title={<Trans>Não foi possível carregar as ações agendadas</Trans>}
                action={
                  <button type="button" className="btn btn-sm" onClick={() => void load()}>
                    <IconRefresh size={16} />
                    <Trans>Tentar novamente</Trans>
                  </button>
                }
              />
            ) : (
              <div className="flex justify-center py-16">
                <span className="loading loading-spinner" />
              </div>
            )
          ) : jobs.length === 0 ? (
            <EmptyState
              icon={<IconClock size={28} />}
              title={<Trans>Nenhuma ação agendada</Trans>}
              description={<Trans>Use o formulário para agendar uma ação; ela aparece aqui com o seu estado.</Trans>}
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} onView={() => setViewing(job)} onDelete={() => setDeleting(job)} />
              ))}
            </ul>
          )}
        </div>
      </section>

      <Modal
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={<Trans>Dados da ação #{viewing?.id ?? ''}</Trans>}
        size="lg"
        testId="schedule-action-data-dialog"
      >
        <pre
          className="max-h-[60vh] overflow-auto rounded-box bg-base-200 p-4 font-mono text-xs leading-relaxed"
          data-testid="schedule-action-data-json"
        >
          {viewing ? JSON.stringify(viewing.data, null, 2) : ''}
        </pre>
      </Modal>

      <ConfirmDeleteDialog
        item={deleting}
        title={<Trans>Excluir ação agendada</Trans>}
        onConfirm={removeOne}
        onClose={() => setDeleting(null)}
      >
        {(job) => (
          <Trans>
            Excluir a ação #{job.id} ({job.name})? Se ainda não executou, ela não será executada.
          </Trans>
        )}
      </ConfirmDeleteDialog>
      <ConfirmDialog
        open={deletingAll}
        title={<Trans>Excluir todas as ações agendadas</Trans>}
        confirmLabel={<Trans>Excluir todas</Trans>}
        onConfirm={removeAll}
        onClose={() => setDeletingAll(false)}
        testId="schedule-actions-delete-all-dialog"
      >
        <Trans>
          Excluir todas as ações agendadas desta empresa? As que ainda não executaram não serão executadas. Os
          agendamentos e as campanhas não são afetados.
        </Trans>
      </ConfirmDialog>
    </div>
  );
}

const STATE_CLASS: Record<ScheduleActionCardState, string> = {
  failed: 'border-error bg-error/10',
  finished: 'border-success bg-success/10',
  waiting: 'border-warning bg-warning/10',
};
const STATE_BADGE: Record<ScheduleActionCardState, string> = {
  failed: 'badge-error',
  finished: 'badge-success',
  waiting: 'badge-warning',
};

function StateLabel({ state }: { state: ScheduleActionCardState }) {
  if (state === 'failed') return <Trans>Falhou</Trans>;
  if (state === 'finished') return <Trans>Finalizada</Trans>;
  return <Trans>Aguardando</Trans>;
}

function Field({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function JobCard({ job, onView, onDelete }: { job: Job; onView: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const state = scheduleActionCardState(job);
  const na = t`N/A`;
  const backoff = job.opts.backoff;
  return (
    <li
      className={`rounded-box border border-l-4 border-base-300 p-3 text-sm ${STATE_CLASS[state]}`}
      data-testid="schedule-action-card"
      data-id={job.id}
      data-state={state}
      data-action={job.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs text-base-content/60" data-testid="schedule-action-id">
          #{job.id}
        </span>
        <span className="font-semibold" data-testid="schedule-action-name">
          {job.name}
        </span>
        {job.label ? <span className="truncate text-base-content/70">· {job.label}</span> : null}
        <span className={`badge badge-sm ${STATE_BADGE[state]}`} data-testid="schedule-action-state">
          <StateLabel state={state} />
        </span>
        <span className="flex-1" />
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={onView}
          data-testid="schedule-action-view"
          aria-label={t`Ver dados da ação #${job.id}`}
        >
          <IconEye size={14} />
          <Trans>Dados</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          onClick={onDelete}
          data-testid="schedule-action-delete"
          aria-label={t`Excluir a ação #${job.id}`}
        >
          <IconTrash size={14} />
          <Trans>Excluir</Trans>
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-3 gap-y-1">
        <Field label={<Trans>Tentativas</Trans>} testId="schedule-action-attempts">
          {job.attemptsMade}/{job.opts.attempts}
        </Field>
        <Field label={<Trans>Criada em</Trans>} testId="schedule-action-created">
          {formatJobTime(job.timestamp)}
        </Field>
        <Field label={<Trans>Execução prevista</Trans>} testId="schedule-action-expected">
          {formatJobTime(scheduleActionExpectedAt(job))}
        </Field>
        <Field label={<Trans>Processada em</Trans>} testId="schedule-action-processed">
          {formatJobTime(job.processedOn) ?? na}
        </Field>
        <Field label={<Trans>Finalizada em</Trans>} testId="schedule-action-finished">
          {formatJobTime(job.finishedOn) ?? na}
        </Field>
        <Field label={<Trans>Atraso</Trans>} testId="schedule-action-delay">
          {job.opts.delay} ms
        </Field>
        <Field label={<Trans>Backoff</Trans>} testId="schedule-action-backoff">
          {backoff ? `${backoff.type} · ${backoff.delay} ms` : na}
        </Field>
      </dl>
      {job.failedReason ? (
        <p className="mt-2 break-words text-error" data-testid="schedule-action-failure">
          <span className="font-semibold">
            <Trans>Motivo da falha:</Trans>
          </span>{' '}
          {translateScheduleActionText(job.failedReason)}
          {job.finishedOn === null ? (
            <span className="ml-2 text-base-content/70" data-testid="schedule-action-retrying">
              <Trans>(nova tentativa agendada)</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

type FormErrors = Partial<Record<'action' | 'delay' | 'name' | 'jsonData' | 'form', string>>;

function example(action: ScheduleActionName): string {
  return JSON.stringify(SCHEDULE_ACTION_EXAMPLES[action], null, 2);
}

function ScheduleActionForm({ onQueued }: { onQueued: (job: Job) => void }) {
  const { t } = useLingui();
  const [action, setAction] = useState<ScheduleActionName>(SCHEDULE_ACTIONS[0]);
  const [delay, setDelay] = useState('0');
  const [name, setName] = useState('');
  const [json, setJson] = useState(() => example(SCHEDULE_ACTIONS[0]));
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const describe: Record<ScheduleActionName, string> = {
    updateTicket: t`Altera um ticket. Campos: ticketId; status, queueId e userId opcionais.`,
    sendMessage: t`Envia uma mensagem. Campos: ticketId ou number; body; whatsappId opcional (só com number).`,
    updateCampaign: t`Inicia, pausa ou finaliza uma campanha. Campos: campaignId; status (start, pause ou finalized).`,
    test: t`Teste: qualquer objeto JSON; com o campo fail (um texto) a ação falha com esse motivo.`,
  };

  const changeAction = (next: ScheduleActionName) => {
    setAction(next);
    setJson(example(next));
    setErrors({});
  };

  const format = () => {
    try {
      setJson(JSON.stringify(JSON.parse(json), null, 2));
      setErrors((e) => ({ ...e, jsonData: undefined }));
    } catch {
      setErrors((e) => ({ ...e, jsonData: t`Os dados não são um JSON válido` }));
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const parsed = CreateScheduleAction.safeParse({ action, jsonData: json, delay, name });
    if (!parsed.success) {
      const next: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] as keyof FormErrors | undefined) ?? 'form';
        next[key] ??= translateScheduleActionText(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const job = await createScheduleAction({
        action: parsed.data.action,
        jsonData: parsed.data.data,
        delay: parsed.data.delay,
        name: parsed.data.name ?? '',
      });
      onQueued(job);
      setName('');
    } catch (err) {
      // spec 2 §8: form post errors are only logged; the refusal's text is shown on the form
      console.error(err);
      const { message } = errorParts(err);
      setErrors({ form: message ? translateScheduleActionText(message) : t`Não foi possível agendar a ação` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="card shrink-0 bg-base-100 shadow-sm lg:w-[22rem] lg:overflow-y-auto"
      data-testid="schedule-action-form"
    >
      <form className="flex flex-col gap-1 p-4 sm:p-6" onSubmit={submit} noValidate>
        <h1 className="text-xl font-semibold">
          <Trans>Agendar ação</Trans>
        </h1>
        <p className="text-sm text-base-content/60">
          <Trans>A ação executa em segundo plano depois do atraso.</Trans>
        </p>
        <FormField label={<Trans>Ação</Trans>} error={errors.action} hint={describe[action]}>
          <select
            className="select w-full"
            value={action}
            onChange={(e) => changeAction(e.target.value as ScheduleActionName)}
            data-testid="schedule-action-select"
          >
            {SCHEDULE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label={<Trans>Atraso (ms)</Trans>}
          error={errors.delay}
          hint={<Trans>Em passos de 500 ms; 0 executa agora.</Trans>}
          errorTestId="schedule-action-delay-error"
        >
          <input
            type="number"
            className="input w-full"
            min={0}
            step={SCHEDULE_ACTION_DELAY_STEP_MS}
            value={delay}
            onChange={(e) => setDelay(e.target.value)}
            data-testid="schedule-action-delay-input"
          />
        </FormField>
        <FormField label={<Trans>Nome (opcional)</Trans>} error={errors.name}>
          <input
            className="input w-full"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            data-testid="schedule-action-name-input"
          />
        </FormField>
        <FormField label={<Trans>Dados (JSON)</Trans>} error={errors.jsonData} errorTestId="schedule-action-json-error">
          <textarea
            className={`textarea h-32 w-full font-mono text-xs ${errors.jsonData ? 'textarea-error' : ''}`}
            spellCheck={false}
            value={json}
            onChange={(e) => setJson(e.target.value)}
            data-testid="schedule-action-json"
          />
          <div className="mt-1 flex gap-2">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={format}
              data-testid="schedule-action-format"
            >
              <Trans>Formatar JSON</Trans>
            </button>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setJson(example(action))}>
              <Trans>Usar o exemplo</Trans>
            </button>
          </div>
        </FormField>
        {errors.form ? (
          <p className="text-sm text-error" role="alert" data-testid="schedule-action-form-error">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary mt-2" disabled={busy} data-testid="schedule-action-submit">
          {busy ? <span className="loading loading-spinner loading-sm" /> : <IconClock size={16} />}
          <Trans>Agendar</Trans>
        </button>
      </form>
    </section>
  );
}
