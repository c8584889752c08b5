import {
  applyCampaignMove,
  applyDispatchMove,
  breakerDecision,
  breakerOutcomeOf,
  breakerPauseReason,
  type CampaignConcludedWebhook,
  type CampaignCounters,
  type CampaignMove,
  campaignMessageParts,
  type DispatchCounts,
  type DispatchMove,
  DomainError,
  dispatchMoveOnSendError,
  events,
  HOUR_MS,
  historySince,
  type MachineDispatch,
  messageIndexFor,
  type NextAction,
  nextAction,
  type PacingSettings,
  type SendOutcome,
  warmupCap,
} from '@zapdesk/core';
import { z } from 'zod';
import { now, nowDate, sleepOnClock } from '../../platform/clock';
import { emit } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { UnrecoverableJobError } from '../../platform/jobs/types';
import { log } from '../../platform/log';
import { countCampaignSend } from '../../platform/observability/metrics';
import { sendOutbound } from '../messages/messages.outbound';
import { pacingScale, releaseRetryMs, retryMs, WEBHOOK_ATTEMPTS, webhookBackoffMs } from './campaign-engine.knobs';
import { ensureLiveness, isWorkerAlive, workerId } from './campaign-engine.liveness';
import * as repo from './campaign-engine.repo';
import { postWebhook, WebhookRefusedError, webhookRefusal } from './campaign-engine.webhook';

/**
 * The campaign engine (issue 15; docs/ARCHITECTURE.md "Campaign engine"). Core decides (`nextAction`, the machines,
 * the breaker), this file executes:
 * - `campaigns.tick { companyId, campaignId }` decides under the company's advisory lock; a due decision is claimed
 *   (pending → claimed) in that transaction and sent by this process; a future one becomes a delayed tick;
 * - the send: re-check, greeting, typing presence for the planned wait, re-check, message — each through
 *   `sendOutbound`; the marks are conditional on the row still being claimed by this process;
 * - `campaigns.start` starts a scheduled campaign on time; `campaigns.webhook` calls webhookUrlConcluded once.
 */

export const ENGINE_TEXTS = {
  planOff: 'Pausada automaticamente: campanhas não estão habilitadas no plano da empresa',
  companyInactive: 'Pausada automaticamente: a empresa está inativa',
  /** the company has no plan (ERR_NO_COMPANY_PLAN: its plan was deleted) */
  noPlan: 'Pausada automaticamente: a empresa não possui plano',
  noSetup: 'Pausada automaticamente: a configuração da campanha foi removida',
  noMessage: 'Pausada automaticamente: a campanha não tem mensagens',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Live updates
// ---------------------------------------------------------------------------------------------------------------

export function countersOf(c: DispatchCounts): CampaignCounters {
  const n = (k: keyof DispatchCounts) => c[k] ?? 0;
  return {
    count: n('pending') + n('claimed') + n('sent') + n('sentFail') + n('uncertain') + n('canceled'),
    sentCount: n('sent'),
    failCount: n('sentFail'),
    uncertainCount: n('uncertain'),
    pendingCount: n('pending') + n('claimed'),
    canceledCount: n('canceled'),
    inFlightCount: n('claimed'),
  };
}

export async function counters(companyId: number, campaignId: number): Promise<CampaignCounters> {
  return countersOf(await repo.countsByStatus(companyId, campaignId));
}

/** A dispatch row's move, live; with the counters when the move changed them (a finish). */
async function publishDispatch(companyId: number, row: repo.DispatchRow, withCounters = true) {
  try {
    emit({
      companyId,
      channel: events.campaign.of(row.campaignId),
      data: {
        action: 'update',
        campaignDispatch: repo.toDispatchDto(row),
        ...(withCounters ? { counters: await counters(companyId, row.campaignId) } : {}),
      },
    });
  } catch (err) {
    log.warn({ err, companyId, dispatchId: row.id }, 'campaigns: publish failed');
  }
}

export async function publishCampaign(companyId: number, c: repo.CampaignRow): Promise<void> {
  emit({
    companyId,
    channel: events.campaign.of(c.id),
    data: {
      action: 'refresh',
      campaignId: c.id,
      status: c.status,
      pauseReason: c.pauseReason,
      counters: await counters(companyId, c.id),
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Campaign moves
// ---------------------------------------------------------------------------------------------------------------

/**
 * Applies one campaign move of the machine (conditional on the status it read) and its effects: enqueue a tick,
 * cancel the pending rows, call the webhook. Answers the row after the move, or the machine's refusal as a
 * DomainError (ERR_INVALID_CAMPAIGN_TRANSITION); a concurrent move also answers that refusal.
 */
export async function moveCampaign(companyId: number, id: number, move: CampaignMove): Promise<repo.CampaignRow> {
  const found = await repo.loadCampaign(companyId, id);
  if (!found) throw new DomainError('ERR_NOT_FOUND', 'Campanha não encontrada.');
  const c = found.campaign;
  const at = now();
  const r = applyCampaignMove(
    {
      status: c.status,
      schedule: c.schedule?.getTime() ?? null,
      initialized: c.initialized?.getTime() ?? null,
      finalized: c.finalized?.getTime() ?? null,
    },
    move,
    at,
  );
  if (!r.ok) throw new DomainError(r.error, r.message);
  const p = r.value.patch;
  const moved = await repo.moveCampaign(companyId, id, c.status, {
    status: p.status,
    schedule: p.schedule === null ? null : new Date(p.schedule),
    initialized: p.initialized === null ? null : new Date(p.initialized),
    finalized: p.finalized === null ? null : new Date(p.finalized),
    pauseReason: p.pauseReason,
  });
  if (!moved) throw new DomainError('ERR_INVALID_CAMPAIGN_TRANSITION');
  const effects = r.value.effects;
  if (effects.includes('cancelPending')) await repo.cancelPending(companyId, id);
  if (effects.includes('scheduleStart') && moved.schedule) await scheduleStart(companyId, id, moved.schedule.getTime());
  if (effects.includes('enqueue') && moved.status === 'start') await enqueueTick(companyId, id);
  await publishCampaign(companyId, moved);
  if (effects.includes('callWebhook')) await concludeCampaign(companyId, moved);
  return moved;
}

/** Claims the concluded webhook once and queues its call (when the setup has a URL). */
async function concludeCampaign(companyId: number, c: repo.CampaignRow): Promise<void> {
  const found = await repo.loadCampaign(companyId, c.id);
  const url = found?.setup?.webhookUrlConcluded?.trim();
  if (!url) return;
  if (!(await repo.claimWebhook(companyId, c.id))) return;
  await enqueueWebhook(companyId, c.id);
}

/** A campaign (created, or a scheduled one come due) begins: started when the setup's autoStart, else paused. */
export async function beginCampaignById(companyId: number, id: number): Promise<repo.CampaignRow> {
  const found = await repo.loadCampaign(companyId, id);
  if (!found) throw new DomainError('ERR_NOT_FOUND', 'Campanha não encontrada.');
  return moveCampaign(companyId, id, { type: 'begin', autoStart: found.setup?.autoStart ?? true });
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------------------------

export const tickJob = defineJob(
  'campaigns.tick',
  z.object({ campaignId: z.number().int().positive() }),
  async ({ companyId, campaignId }) => tick(companyId, campaignId),
  // a database outage must not end a campaign's ticks: retried for about an hour (1 s, 2 s, … 34 min)
  { attempts: 12, backoff: { type: 'exponential', delay: 1000 }, concurrency: 4 },
);

/** A scheduled campaign's start, at its schedule (a campaign re-scheduled gets another job; a stale one no-ops). */
export const startJob = defineJob(
  'campaigns.start',
  z.object({ campaignId: z.number().int().positive(), at: z.number().int() }),
  async ({ companyId, campaignId, at }) => {
    const found = await repo.loadCampaign(companyId, campaignId);
    if (found?.campaign.status !== 'scheduled' || found.campaign.schedule?.getTime() !== at) return 'stale';
    if (now() < at) throw new Error(`campaign ${campaignId} not due yet`);
    try {
      return (await beginCampaignById(companyId, campaignId)).status;
    } catch (e) {
      if (e instanceof DomainError && e.code === 'ERR_INVALID_CAMPAIGN_TRANSITION') return 'stale';
      throw e;
    }
  },
  { attempts: 5, backoff: { type: 'exponential', delay: 2000 } },
);

export const webhookJob = defineJob(
  'campaigns.webhook',
  z.object({ campaignId: z.number().int().positive() }),
  async ({ companyId, campaignId }, job) => callWebhook(companyId, campaignId, job.attemptsMade),
  { attempts: WEBHOOK_ATTEMPTS, backoff: { type: 'exponential', delay: 10_000 } },
);

/**
 * An admin's resend of an uncertain dispatch of a FINALIZED campaign: that one row is decided and sent by itself
 * (the same company lock, claim, pacing, warm-up and plan-limit checks as a tick; the campaign stays finalized and its
 * webhook is not called again). A running campaign's resend needs no job: its ticks take the row.
 */
export const resendJob = defineJob(
  'campaigns.resend',
  z.object({ campaignId: z.number().int().positive(), dispatchId: z.number().int().positive() }),
  async ({ companyId, campaignId, dispatchId }) => tick(companyId, campaignId, dispatchId),
  { attempts: 12, backoff: { type: 'exponential', delay: 1000 }, concurrency: 4 },
);

export async function enqueueResend(companyId: number, campaignId: number, dispatchId: number, delay = 0) {
  const at = now() + delay;
  await resendJob.enqueue(
    { companyId, campaignId, dispatchId },
    { delay, jobId: `campaign-resend-${dispatchId}-${at}` },
  );
}

export async function enqueueTick(companyId: number, campaignId: number, delay = 0): Promise<void> {
  if (delay > 0) {
    // one job per (campaign, instant): a decision recomputed by another worker or a restart queues it once
    const at = now() + delay;
    await tickJob.enqueue({ companyId, campaignId }, { delay, jobId: `campaign-tick-${campaignId}-${at}` });
  } else {
    await tickJob.enqueue({ companyId, campaignId });
  }
}

export async function scheduleStart(companyId: number, campaignId: number, at: number): Promise<void> {
  await startJob.enqueue(
    { companyId, campaignId, at },
    { delay: Math.max(0, at - now()), jobId: `campaign-start-${campaignId}-${at}` },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Webhook
// ---------------------------------------------------------------------------------------------------------------

async function callWebhook(companyId: number, campaignId: number, attemptsMade: number): Promise<string> {
  const found = await repo.loadCampaign(companyId, campaignId);
  if (!found) return 'gone';
  const c = found.campaign;
  if (c.webhookDoneAt) return 'done';
  const url = found.setup?.webhookUrlConcluded?.trim();
  if (!url) return 'no url';
  const refused = await webhookRefusal(url);
  if (refused) {
    await repo.setWebhookOutcome(companyId, campaignId, { doneAt: null, error: refused });
    throw new UnrecoverableJobError(refused);
  }
  const k = countersOf(await repo.countsByStatus(companyId, campaignId));
  const body: CampaignConcludedWebhook = {
    event: 'campaign.concluded',
    campaignId,
    name: c.name,
    companyId,
    finalized: (c.finalized ?? nowDate()).toISOString(),
    how: k.canceledCount > 0 || k.pendingCount > 0 ? 'manual' : 'completed',
    count: k.count,
    sentCount: k.sentCount,
    failCount: k.failCount,
    uncertainCount: k.uncertainCount,
    canceledCount: k.canceledCount,
  };
  try {
    await postWebhook(url, body);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    // the guard refused at the call itself (the DNS answer changed to a private address since the check above)
    if (attemptsMade + 1 >= WEBHOOK_ATTEMPTS || err instanceof WebhookRefusedError) {
      // given up: recorded on the campaign (a start-up rebuild does not call it again)
      await repo.setWebhookOutcome(companyId, campaignId, { doneAt: null, error: reason });
      throw new UnrecoverableJobError(reason);
    }
    throw err;
  }
  await repo.setWebhookOutcome(companyId, campaignId, { doneAt: nowDate(), error: null });
  return 'sent';
}

/** The webhook's job (one per campaign); its backoff honours CAMPAIGN_WEBHOOK_BACKOFF_MS (tests shorten it). */
export async function enqueueWebhook(companyId: number, campaignId: number): Promise<void> {
  await webhookJob.enqueue(
    { companyId, campaignId },
    { jobId: `campaign-webhook-${campaignId}`, backoff: { type: 'exponential', delay: webhookBackoffMs() } },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The decision
// ---------------------------------------------------------------------------------------------------------------

/** The setup's pacing settings (seconds scaled by CAMPAIGN_PACING_SCALE; whole milliseconds kept). */
export function pacingSettingsOf(setup: repo.SetupRow): PacingSettings {
  const k = pacingScale();
  const sc = (s: number) => Math.round(s * k * 1000) / 1000;
  return {
    tMin: sc(Math.min(setup.tMin, setup.tMax)),
    tMax: sc(Math.max(setup.tMin, setup.tMax)),
    interval: sc(setup.intervalSeconds),
    intervalJitterPct: setup.intervalJitterPct,
    sendWindowStart: setup.sendWindowStart,
    sendWindowEnd: setup.sendWindowEnd,
    warmup: setup.warmup,
  };
}

type Decision =
  | { kind: 'stop'; why: string; paused?: repo.CampaignRow }
  | { kind: 'complete' }
  | { kind: 'wait'; why: string }
  | { kind: 'later'; delay: number }
  | { kind: 'send'; row: repo.DispatchRow; action: Extract<NextAction, { kind: 'send' }> };

/**
 * One decision for a campaign. Answers what it did (the job's result). Safe to run any number of times, anywhere:
 * the company lock serialises decisions, the claim is conditional.
 */
export async function tick(companyId: number, campaignId: number, resendOf?: number): Promise<string> {
  const resend = resendOf !== undefined;
  const me = workerId();
  if (stopping) return 'stop:shutdown';
  // without our liveness lock another process would take our claims for a dead process's: claim nothing then
  if (!(await ensureLiveness())) throw new Error('campaigns: liveness lock unavailable');
  const interrupted: repo.DispatchRow[] = [];
  const d = await repo.inTransaction(async (tx): Promise<Decision> => {
    await repo.lockCompany(tx, companyId);
    const found = await repo.loadCampaign(companyId, campaignId, tx);
    if (!found) return { kind: 'stop', why: 'gone' };
    const c = found.campaign;
    // a resend job: only for a finalized campaign (a running one's ticks take the row themselves)
    if (c.status !== (resend ? 'finalized' : 'start')) return { kind: 'stop', why: c.status };
    const pauseWith = async (reason: string): Promise<Decision> => {
      // a finalized campaign is not paused: its resent row goes back to uncertain (the admin may try again later)
      if (resend) {
        const back = await repo.moveDispatch(companyId, resendOf, 'pending', null, { status: 'uncertain' }, tx);
        if (back) interrupted.push(back);
        return { kind: 'stop', why: reason };
      }
      const paused = await repo.moveCampaign(
        companyId,
        campaignId,
        'start',
        { status: 'pause', pauseReason: reason },
        tx,
      );
      return { kind: 'stop', why: 'paused', paused: paused ?? undefined };
    };
    if (!found.companyActive) return pauseWith(ENGINE_TEXTS.companyInactive);
    if (!found.hasPlan) return pauseWith(ENGINE_TEXTS.noPlan);
    if (!found.enableCampaigns) return pauseWith(ENGINE_TEXTS.planOff);
    if (!found.setup) return pauseWith(ENGINE_TEXTS.noSetup);
    const messages = await repo.campaignMessagesOf(companyId, campaignId, tx);
    if (!messages.length) return pauseWith(ENGINE_TEXTS.noMessage);

    // claims of dead processes: uncertain (never re-sent automatically), so their connection is free again
    const claimed = await repo.claimedOfCompany(companyId, tx);
    const alive: typeof claimed = [];
    for (const cl of claimed) {
      // ours but no longer being sent (its finish could not be written: the database was gone) → uncertain too
      const orphan = cl.claimedBy === me && !sending.has(cl.id);
      if (!orphan && (await isWorkerAlive(tx, cl.claimedBy))) {
        alive.push(cl);
        continue;
      }
      const row = await interruptDispatch(companyId, cl.id, cl.claimedBy, tx);
      if (row) interrupted.push(row);
    }
    const nextId = resend
      ? (await repo.findDispatch(companyId, resendOf, tx))?.status === 'pending'
        ? resendOf
        : null
      : await repo.nextPendingId(companyId, campaignId, tx);
    if (nextId === null && resend) return { kind: 'stop', why: 'notPending' };
    if (nextId === null) {
      return alive.some((cl) => cl.campaignId === campaignId)
        ? { kind: 'wait', why: 'inFlight' }
        : { kind: 'complete' };
    }
    const at = now();
    const since = historySince(at, found.timeZone);
    const conns = (await repo.setupConnections(companyId, found.setup.id, tx)).filter((w) => w.status === 'CONNECTED');
    const settings = pacingSettingsOf(found.setup);
    // the starts since `since`: every one when the hourly limit or a warm-up cap may bind, else (the common case on
    // a large list) only each connection's latest — the round-robin reads nothing more, and the answer is the same
    const stats = await repo.startStats(companyId, since, tx);
    const capBinds = conns.some(
      (w) =>
        (stats.get(w.id)?.count ?? 0) + 1 >=
        warmupCap(settings.warmup, (w.firstConnectedAt ?? w.createdAt).getTime(), at),
    );
    const starts =
      found.planLimitPerHour > 0 || capBinds
        ? await repo.startsSince(companyId, since, tx)
        : [...stats].map(([whatsappId, st]) => ({ whatsappId, at: st.last }));
    const finishes = await repo.lastFinishes(
      companyId,
      conns.map((w) => w.id),
      since - HOUR_MS,
      tx,
    );
    const busy = new Set(alive.map((cl) => cl.whatsappId));
    const action = nextAction({
      settings,
      timeZone: found.timeZone,
      planLimitPerHour: found.planLimitPerHour,
      connections: conns.map((w) => ({
        id: w.id,
        connectedSince: (w.firstConnectedAt ?? w.createdAt).getTime(),
        starts: starts.filter((s) => s.whatsappId === w.id).map((s) => s.at),
        lastFinishedAt: finishes.get(w.id) ?? null,
        busy: busy.has(w.id),
      })),
      companyStarts: starts.map((s) => s.at),
      nextDispatchId: nextId,
      seed: c.seed,
      now: at,
    });
    if (action.kind === 'idle') {
      if (action.reason === 'allBusy') return { kind: 'wait', why: 'allBusy' };
      return { kind: 'later', delay: retryMs() };
    }
    if (action.greetingAt > at) return { kind: 'later', delay: action.greetingAt - at };
    const msg = messages[messageIndexFor(c.seed, action.dispatchId, messages.length)];
    const row = await repo.claimDispatch(tx, companyId, action.dispatchId, {
      whatsappId: action.connectionId,
      schedule: action.greetingAt,
      claimedBy: me,
      campaignMessageId: msg?.id ?? null,
    });
    if (!row) return { kind: 'wait', why: 'lostClaim' };
    // in flight from now on (before the commit: the next tick, even in this process, must see it as ours)
    sending.add(row.id);
    return { kind: 'send', row, action };
  });

  for (const row of interrupted) await afterFinish(companyId, row, { type: 'interrupt' });
  if (resend) {
    // the resend job decides again by itself: no campaign tick wakes it (a finish of another dispatch, a free slot)
    if (d.kind === 'wait' || d.kind === 'later') {
      const delay = d.kind === 'later' ? d.delay : retryMs();
      await enqueueResend(companyId, campaignId, resendOf, delay);
      return `resend:later:${delay}`;
    }
    if (d.kind === 'send') {
      await publishDispatch(companyId, d.row, false);
      track(runDispatch(companyId, d.row, d.action, true));
      return `resend:send:${d.row.id}`;
    }
    if (d.kind === 'stop') return `resend:stop:${d.why}`;
  }
  switch (d.kind) {
    case 'stop':
      if (d.paused) await publishCampaign(companyId, d.paused);
      return `stop:${d.why}`;
    case 'complete':
      try {
        await moveCampaign(companyId, campaignId, { type: 'complete' });
      } catch (e) {
        if (!(e instanceof DomainError && e.code === 'ERR_INVALID_CAMPAIGN_TRANSITION')) throw e;
      }
      return 'complete';
    case 'wait':
      return `wait:${d.why}`;
    case 'later':
      await enqueueTick(companyId, campaignId, d.delay);
      return `later:${d.delay}`;
    case 'send':
      await publishDispatch(companyId, d.row, false);
      track(runDispatch(companyId, d.row, d.action));
      // another connection may be free now
      await enqueueTick(companyId, campaignId);
      return `send:${d.row.id}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The send
// ---------------------------------------------------------------------------------------------------------------

/** how often the typing presence is shown again during the wait before the message */
const TYPING_REFRESH_MS = 20_000;
const inflight = new Set<Promise<void>>();
/** ids of the dispatches this process is sending (claimed by it and not finished) */
const sending = new Set<number>();
let stopping = false;

/**
 * A graceful stop (SIGTERM): no new claim; dispatches not greeted yet go back to the list; the ones greeted finish
 * their message (at most tMax), waited for up to `maxMs`. A SIGKILL leaves them claimed → uncertain at the next start.
 */
export async function stopEngine(maxMs = 70_000): Promise<void> {
  stopping = true;
  let release = () => {};
  const cap = new Promise<void>((r) => {
    release = r;
  });
  const timer = setTimeout(() => release(), maxMs);
  await Promise.race([settleInflight(), cap]);
  clearTimeout(timer);
}

/** The engine runs (again: a platform booted anew in the same process, as tests do). */
export function runEngine(): void {
  stopping = false;
}
function track(p: Promise<void>): void {
  inflight.add(p);
  void p.finally(() => inflight.delete(p));
}

/** Dispatches this process is sending now (tests wait for them; a graceful stop could too). */
export function inflightDispatches(): number {
  return inflight.size;
}

export async function settleInflight(): Promise<void> {
  while (inflight.size) await Promise.allSettled([...inflight]);
}

const machineOf = (r: repo.DispatchRow): MachineDispatch => ({
  status: r.status,
  whatsappId: r.whatsappId,
  schedule: r.schedule?.getTime() ?? null,
  greetingSentAt: r.greetingSentAt?.getTime() ?? null,
  messageSentAt: r.messageSentAt?.getTime() ?? null,
  failReason: r.failReason,
  resendCount: r.resendCount,
});

/** claimed → uncertain (its process died, or the send's outcome is unknown). */
async function interruptDispatch(
  companyId: number,
  id: number,
  claimedBy: string | null,
  tx?: repo.Exec,
): Promise<repo.DispatchRow | null> {
  return repo.moveDispatch(companyId, id, 'claimed', claimedBy, { status: 'uncertain', finishedAt: nowDate() }, tx);
}

/** Writes a finishing move of a claimed row (fail, release, interrupt), only while this process still holds it. */
async function finishMove(
  companyId: number,
  row: repo.DispatchRow,
  move: DispatchMove,
): Promise<repo.DispatchRow | null> {
  const cur = await repo.findDispatch(companyId, row.id);
  if (cur?.status !== 'claimed' || cur.claimedBy !== workerId()) return null;
  const r = applyDispatchMove(machineOf(cur), move);
  if (!r.ok) {
    // a release after the greeting is refused by the machine: the step may have gone → uncertain
    return finishMove(companyId, cur, { type: 'interrupt' });
  }
  const p = r.value.patch;
  const set: repo.DispatchSet =
    move.type === 'release'
      ? { status: 'pending', whatsappId: null, schedule: null, claimedBy: null, claimedAt: null }
      : { status: p.status, failReason: p.failReason, finishedAt: nowDate() };
  return repo.moveDispatch(companyId, row.id, 'claimed', workerId(), set);
}

/** After a dispatch finished (or was released): publish, the circuit breaker, the next decision. */
async function afterFinish(
  companyId: number,
  row: repo.DispatchRow,
  move: DispatchMove,
  releaseDelay = releaseRetryMs(),
): Promise<void> {
  await publishDispatch(companyId, row);
  const outcome = breakerOutcomeOf(move);
  if (outcome === 'failed' && row.whatsappId !== null) await checkBreaker(companyId, row.campaignId, row.whatsappId);
  await enqueueTick(companyId, row.campaignId, move.type === 'release' ? releaseDelay : 0);
}

/**
 * After a resend on a finalized campaign: publish (row and counters), a released row (connection gone, engine
 * stopping) tried again later by its own job, and the company's running campaigns woken (one of them may wait for
 * the connection this dispatch held). No campaign tick, no breaker (a finalized campaign cannot be paused).
 */
async function afterResend(
  companyId: number,
  row: repo.DispatchRow,
  last: repo.DispatchRow | null,
  move: DispatchMove | null,
  releaseDelay: number,
): Promise<void> {
  if (last && move) await publishDispatch(companyId, last);
  if (move?.type === 'release' && last?.status === 'pending') {
    await enqueueResend(companyId, row.campaignId, row.id, releaseDelay);
  }
  for (const id of await repo.runningCampaignIds(companyId)) await enqueueTick(companyId, id);
}

async function checkBreaker(companyId: number, campaignId: number, whatsappId: number): Promise<void> {
  const found = await repo.loadCampaign(companyId, campaignId);
  const threshold = found?.setup?.breakerThreshold ?? 0;
  if (!found || threshold <= 0 || found.campaign.status !== 'start') return;
  // enough history to see `threshold` failures past any number of neutral (no WhatsApp) ones in between
  const recent = await repo.recentFinishes(companyId, campaignId, whatsappId, threshold * 10);
  const outcomes: SendOutcome[] = recent
    .reverse()
    .map((r) =>
      r.status === 'sent' ? 'sent' : r.status === 'sentFail' && r.failReason === 'noWhatsapp' ? 'noWhatsapp' : 'failed',
    );
  const b = breakerDecision(threshold, [{ whatsappId, outcomes }]);
  if (!b.pause) return;
  const name = await repo.connectionName(companyId, whatsappId);
  try {
    await moveCampaign(companyId, campaignId, { type: 'pause', reason: breakerPauseReason(b.failures, name) });
    log.warn({ companyId, campaignId, whatsappId, failures: b.failures }, 'campaigns: circuit breaker paused');
  } catch (e) {
    if (!(e instanceof DomainError && e.code === 'ERR_INVALID_CAMPAIGN_TRANSITION')) throw e;
  }
}

/** The campaign still runs and the row is still ours, claimed. */
async function recheck(companyId: number, row: repo.DispatchRow, resend = false) {
  // the row first, the campaign last: its status is read as late as possible before the send
  const cur = await repo.findDispatch(companyId, row.id);
  const found = await repo.loadCampaign(companyId, row.campaignId);
  return {
    running: found?.campaign.status === (resend ? 'finalized' : 'start'),
    ours: !!cur && cur.status === 'claimed' && cur.claimedBy === workerId(),
    found,
  };
}

const codeOf = (err: unknown): string => (err instanceof DomainError ? err.code : 'ERR_INTERNAL');

async function runDispatch(
  companyId: number,
  row: repo.DispatchRow,
  plan: Extract<NextAction, { kind: 'send' }>,
  /** an admin's resend on a finalized campaign (resendJob): it may send while the campaign is finalized */
  resend = false,
): Promise<void> {
  const me = workerId();
  const whatsappId = plan.connectionId;
  let greeted = false;
  let move: DispatchMove | null = null;
  let last: repo.DispatchRow | null = row;
  let releaseDelay = releaseRetryMs();
  try {
    // right before the greeting: a pause (or a finalize) lands here, and the row goes back to the list
    const before = await recheck(companyId, row, resend);
    if (!before.ours) return;
    if (stopping || !before.running || !before.found?.setup) {
      move = { type: 'release' };
      return;
    }
    const setup = before.found.setup;
    const messages = await repo.campaignMessagesOf(companyId, row.campaignId);
    const msg = messages.find((m) => m.id === row.campaignMessageId) ?? messages[0];
    if (!msg) {
      move = { type: 'release' };
      return;
    }
    const greeting = await sendOutbound(companyId, {
      to: { number: row.number, name: row.name ?? undefined, whatsappId },
      content: { kind: 'text', body: msg.greeting },
      ticket: { mode: 'reuse' },
      userId: null,
    });
    greeted = true;
    const ticket = greeting.ticket;
    last = await repo.moveDispatch(companyId, row.id, 'claimed', me, {
      greetingSentAt: nowDate(),
      ticketId: ticket?.id ?? null,
      contactId: ticket?.contact?.id ?? null,
    });
    if (!last) return; // no longer ours (found dead and made uncertain): never send the message
    await publishDispatch(companyId, last, false);

    // the typing presence while the planned wait runs (a failed presence is not a failed dispatch)
    const target = ticket ? { ticketId: ticket.id, ticket } : { number: row.number, whatsappId };
    const typing = () =>
      sendOutbound(companyId, { to: target, content: { kind: 'presence', presence: 'composing' } }).catch((err) =>
        log.debug({ err, dispatchId: row.id }, 'campaigns: typing presence failed'),
      );
    await typing();
    // WhatsApp drops a typing state after about 25 s: shown again every 20 s of a long wait
    for (let wait = plan.messageAt - now(); wait > 0; wait = plan.messageAt - now()) {
      await sleepOnClock(Math.min(wait, TYPING_REFRESH_MS));
      if (plan.messageAt - now() > 0) await typing();
    }

    // right before the message: still ours (a pause after the greeting still completes the dispatch)
    const mid = await repo.findDispatch(companyId, row.id);
    if (mid?.status !== 'claimed' || mid.claimedBy !== me) return;
    // the campaign message, with the setup's reply buttons (core campaignMessageParts); the setup's ticket handling
    // (tickets' applyTicketStateAfterSend) after the last part
    const parts = campaignMessageParts(msg, setup.jsonButtonOrList);
    let sent: Awaited<ReturnType<typeof sendOutbound>> | null = null;
    for (const [i, content] of parts.entries()) {
      const lastPart = i === parts.length - 1;
      sent = await sendOutbound(companyId, {
        to: sent?.ticket ? { ticketId: sent.ticket.id, ticket: sent.ticket } : target,
        content,
        ticket: lastPart
          ? {
              status: setup.ticketSetStatus,
              ...(setup.queueId !== null ? { queueId: setup.queueId } : {}),
              ...(setup.userId !== null ? { userId: setup.userId } : {}),
            }
          : {},
        userId: setup.userId,
      });
    }
    const at = nowDate();
    last = await repo.moveDispatch(companyId, row.id, 'claimed', me, {
      status: 'sent',
      messageSentAt: at,
      finishedAt: at,
      ticketId: sent?.ticket?.id ?? ticket?.id ?? null,
    });
    if (last) move = { type: 'messageSent', at: at.getTime() };
  } catch (err) {
    move = dispatchMoveOnSendError(codeOf(err), greeted);
    // the connection is not there (nothing went): the list waits for it, without re-claiming every second
    if (move.type === 'release') releaseDelay = retryMs();
    log.warn({ err, companyId, dispatchId: row.id, move: move.type }, 'campaigns: dispatch send failed');
  } finally {
    if (move) countCampaignSend(move.type);
    try {
      if (move && move.type !== 'messageSent') last = await finishMove(companyId, row, move);
      // released while the campaign was being concluded (its pending rows were canceled): canceled like them
      if (move?.type === 'release' && last && !resend) {
        const found = await repo.loadCampaign(companyId, row.campaignId);
        if (found?.campaign.status === 'finalized') {
          last = (await repo.moveDispatch(companyId, row.id, 'pending', null, { status: 'canceled' })) ?? last;
        }
      }
    } catch (err) {
      log.error({ err, companyId, dispatchId: row.id }, 'campaigns: finishing a dispatch failed');
    }
    // no longer sending: a row still claimed (its finish could not be written) is made uncertain by a later tick
    sending.delete(row.id);
    try {
      if (resend) await afterResend(companyId, row, last, move, releaseDelay);
      else if (move && last) await afterFinish(companyId, last, move, releaseDelay);
      else await enqueueTick(companyId, row.campaignId, move ? retryMs() : 0);
    } catch (err) {
      log.error({ err, companyId, dispatchId: row.id }, 'campaigns: after a dispatch');
    }
  }
}
