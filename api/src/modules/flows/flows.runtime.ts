import { DomainError, type FlowActionDto, flowSteps } from '@zapdesk/core';
import { z } from 'zod';
import { now, nowDate, sleepOnClock } from '../../platform/clock';
import { platform } from '../../platform/index';
import { defineJob, type JobRun } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { sendOutbound } from '../messages/messages.outbound';
import { loadTicketDto } from '../tickets/tickets.service';
import * as repo from './flows.repo';

/**
 * A flow running on a ticket (issue 16). The run row keeps the actions as they were at the start; core `flowSteps`
 * turns them into steps at their timeline instants (the simulator's). Each step is ONE typed job `flows.step`, id
 * `flow-run-{runId}-{step}`, delayed to its instant on the shared clock: it claims the step's row (UNIQUE (run, step):
 * a job delivered twice sends once), sends through the outbound seam (a text, a stored file, or a presence: typing,
 * recording, paused), records the outcome and moves the run on in one transaction, then enqueues the next step. At
 * start-up every running run gets its next step's job again (restart-safe).
 */

/** attempts of one step (the connection may be down for a moment), 2, 4 s apart */
export const FLOW_STEP_ATTEMPTS = 3;
const FLOW_STEP_BACKOFF_MS = 2_000;
/** a claim older than this whose send never finished was interrupted (longer than the relay's 120 s send) */
const STEP_STALE_MS = 150_000;
/** a job this much early waits; more is retried later */
const EARLY_WAIT_MAX_MS = 10_000;
/** a step that ran later than this keeps the spacing from when it ran, not from when it was due */
const LATE_MS = 1_000;

export const FLOW_RUN_TEXT = {
  ticketClosed: 'Fluxo interrompido: o ticket foi resolvido',
  planOff: 'Fluxo interrompido: o plano da empresa não inclui fluxos',
  interrupted: 'Passo interrompido: o servidor parou durante o envio; a mensagem pode não ter sido entregue',
} as const;

export const flowStepJobId = (runId: number, step: number) => `flow-run-${runId}-${step}`;

/** Starts a run: its row (or the one of the same key) and its first step's job, due now. */
export async function startFlowRun(
  companyId: number,
  v: { flowId: number; ticketId: number; userId: number | null; runKey: string | null; actions: FlowActionDto[] },
): Promise<{ run: repo.FlowRunRow; created: boolean }> {
  const started = await repo.insertRun(companyId, { ...v, startedAt: nowDate() });
  if (started.created) await planStep(companyId, started.run.id, 0, started.run.dueAt.getTime());
  return started;
}

async function planStep(companyId: number, runId: number, step: number, dueAt: number): Promise<void> {
  const jobId = flowStepJobId(runId, step);
  const jobs = platform().jobs;
  const existing = await jobs.get(jobId);
  if (existing && (existing.state === 'completed' || existing.state === 'failed')) await jobs.remove(jobId);
  else if (existing) return;
  await flowStepJob.enqueue({ companyId, runId, step, dueAt }, { jobId, delay: Math.max(0, dueAt - now()) });
}

function retryable(err: unknown): boolean {
  if (!(err instanceof DomainError)) return true;
  return ['ERR_WAPP_NOT_INITIALIZED', 'ERR_SENDING_WAPP_MSG', 'ERR_SERVICE_UNAVAILABLE', 'ERR_INTERNAL'].includes(
    err.code,
  );
}

const reasonOf = (err: unknown): string =>
  err instanceof DomainError ? err.message : err instanceof Error ? err.message : String(err);

export type StepOutcome = 'gone' | 'stale' | 'sent' | 'failed' | 'stopped' | 'done';

/**
 * One step of a run, due at `dueAt`. Answers what it did; throws (the runner retries with backoff) when the send
 * failed and attempts remain, or when another delivery is sending the same step right now.
 */
export async function runFlowStep(
  data: { companyId: number; runId: number; step: number; dueAt: number },
  job: Pick<JobRun, 'attemptsMade'> = { attemptsMade: 0 },
): Promise<StepOutcome> {
  const { companyId, runId, step } = data;
  const run = await repo.findRun(companyId, runId);
  if (!run) return 'gone';
  if (run.status !== 'running' || run.step !== step) return 'stale';
  const steps = flowSteps(run.actions);
  const current = steps[step];
  if (!current) {
    await repo.stopRun(companyId, runId, 'failed', 'step out of range');
    return 'stopped';
  }
  const early = data.dueAt - now();
  if (early > 0) {
    if (early > EARLY_WAIT_MAX_MS) throw new Error(`flow run ${runId} step ${step} not due yet`);
    await sleepOnClock(early);
  }

  // the company may have lost flows, or the ticket been resolved, since the run started: nothing more goes out
  const allowed = await repo.companyFlowsAllowed(companyId);
  if (!allowed.enableFlows || !allowed.active) {
    await repo.stopRun(companyId, runId, 'cancelled', FLOW_RUN_TEXT.planOff);
    return 'stopped';
  }
  const ticket = await loadTicketDto(companyId, run.ticketId).catch(() => null);
  if (!ticket) return 'gone';
  if (ticket.status === 'closed') {
    await repo.stopRun(companyId, runId, 'cancelled', FLOW_RUN_TEXT.ticketClosed);
    return 'stopped';
  }

  const next = steps[step + 1];
  const startedAt = now();
  const base = startedAt - data.dueAt > LATE_MS ? startedAt : data.dueAt;
  const nextState = (lastError?: string | null) =>
    next
      ? { status: 'running' as const, dueAt: new Date(base + next.atMs - current.atMs), lastError }
      : { status: 'done' as const, lastError };

  const claim = await repo.claimStep(companyId, runId, step, STEP_STALE_MS);
  if (claim.kind === 'busy') throw new Error(`flow run ${runId} step ${step} is being sent`);
  if (claim.kind === 'done' || claim.kind === 'interrupted') {
    // handled before (a duplicate) or cut off mid-send (it may have gone: never sent twice): the run moves on
    const moved = await repo.finishStep(
      companyId,
      runId,
      step,
      claim.kind === 'interrupted' ? { status: 'failed', error: FLOW_RUN_TEXT.interrupted } : { status: 'sent' },
      nextState(),
    );
    if (moved) await afterMove(companyId, runId);
    return 'done';
  }

  let messageId: number | null = null;
  try {
    const effect = current.effect;
    const action = effect.index === null ? null : run.actions[effect.index];
    const result = await sendOutbound(companyId, {
      to: { ticketId: ticket.id, ticket },
      content:
        effect.kind === 'presence'
          ? { kind: 'presence', presence: effect.presence }
          : effect.kind === 'text'
            ? { kind: 'text', body: action?.body ?? '' }
            : { kind: 'storedMedia', mediaUrl: action?.media ?? '', body: action?.body ?? '' },
      userId: run.userId,
    });
    messageId = result.messages.at(-1)?.id ?? null;
  } catch (err) {
    const reason = reasonOf(err);
    if (retryable(err) && job.attemptsMade + 1 < FLOW_STEP_ATTEMPTS) {
      await repo.markStepRetrying(companyId, runId, step, reason);
      log.warn({ err, companyId, runId, step }, 'flow step failed; retrying');
      throw err;
    }
    log.warn({ err, companyId, runId, step }, 'flow step failed; the run stops');
    await repo.finishStep(
      companyId,
      runId,
      step,
      { status: 'failed', error: reason },
      { status: 'failed', lastError: reason },
    );
    return 'failed';
  }
  const moved = await repo.finishStep(companyId, runId, step, { status: 'sent', messageId }, nextState(null));
  if (moved) await afterMove(companyId, runId);
  return 'sent';
}

async function afterMove(companyId: number, runId: number): Promise<void> {
  const run = await repo.findRun(companyId, runId);
  if (run?.status === 'running') await planStep(companyId, runId, run.step, run.dueAt.getTime());
}

export const flowStepJob = defineJob(
  'flows.step',
  z.object({ runId: z.number().int().positive(), step: z.number().int().min(0), dueAt: z.number().int() }),
  async (data, job) => runFlowStep(data, job),
  { attempts: FLOW_STEP_ATTEMPTS, backoff: { type: 'exponential', delay: FLOW_STEP_BACKOFF_MS }, concurrency: 8 },
);

/** Start-up: every running run gets its next step's job again (a due one runs at once). Answers how many. */
export async function catchUpFlowRuns(): Promise<number> {
  let after = 0;
  let seen = 0;
  for (;;) {
    const batch = await repo.unsafeRunningRuns(after, 200);
    if (!batch.length) return seen;
    for (const r of batch) {
      after = r.id;
      seen++;
      try {
        const run = await repo.findRun(r.companyId, r.id);
        if (run?.status === 'running') await planStep(r.companyId, run.id, run.step, run.dueAt.getTime());
      } catch (err) {
        log.error({ err, runId: r.id }, 'flow run catch-up failed for one run');
      }
    }
  }
}
