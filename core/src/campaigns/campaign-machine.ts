/**
 * The campaign and dispatch state machines (issue 15), as tables. Pure: the caller loads the row, asks the machine
 * and writes the answered patch with a conditional UPDATE (`… WHERE id = $1 AND status = $from`), so two workers
 * never both apply a move. A refused move is a typed refusal, never a throw.
 *
 * Campaign: created ──schedule──▶ scheduled ──(due) begin──▶ start | pause (autoStart false)
 *           created ──begin (no schedule)──▶ start | pause;  start ⇄ pause;  any but finalized ──finalize──▶ finalized
 *           start ──complete (nothing left)──▶ finalized.
 * Dispatch: pending ──claim──▶ claimed ──greetingSent──▶ claimed(greeting) ──messageSent──▶ sent
 *           claimed ──fail──▶ sentFail (definite refusal, e.g. no WhatsApp: never retried)
 *           claimed (nothing sent yet) ──release──▶ pending (connection dropped / paused before the greeting)
 *           claimed ──interrupt──▶ uncertain (the process died mid-send: never re-sent automatically)
 *           uncertain ──resend (admin only)──▶ pending;  pending ──cancel──▶ canceled (finalized early / deleted).
 */
import { type ErrorCode, ok, type Result, refuse } from '../errors';
import type { CampaignStatus, DispatchFailReason, DispatchStatus } from './campaign.schemas';

export const CAMPAIGN_MACHINE_TEXTS = {
  invalidTransition: 'A campanha não está mais neste estado. Atualize a página.',
  dispatchInvalidTransition: 'Este envio não está mais neste estado. Atualize a página.',
  resendAdminOnly: 'Somente um administrador pode reenviar um envio incerto',
  scheduleFinalized: 'Uma campanha finalizada não pode ser agendada',
  pauseNotStarted: 'A campanha ainda não foi iniciada: não há envios para pausar. Use START para iniciá-la.',
  pauseScheduled:
    'A campanha está agendada e ainda não começou: não há envios para pausar. Para adiar o início, altere o agendamento.',
  alreadyPaused: 'A campanha já está pausada.',
  alreadyStarted: 'A campanha já está em andamento.',
  alreadyFinalized: 'A campanha já foi concluída.',
} as const;

/**
 * Why a move is refused from a status, for the moves a person asks for (START, PAUSE, Concluir, the schedule). The
 * generic "não está mais neste estado" is kept for what only a race explains (the page showed another state).
 */
export function campaignRefusalText(move: CampaignMoveType, status: CampaignStatus): string {
  if (status === 'finalized') {
    return move === 'schedule' ? CAMPAIGN_MACHINE_TEXTS.scheduleFinalized : CAMPAIGN_MACHINE_TEXTS.alreadyFinalized;
  }
  if (move === 'pause') {
    if (status === 'created') return CAMPAIGN_MACHINE_TEXTS.pauseNotStarted;
    if (status === 'scheduled') return CAMPAIGN_MACHINE_TEXTS.pauseScheduled;
    if (status === 'pause') return CAMPAIGN_MACHINE_TEXTS.alreadyPaused;
  }
  if (move === 'start' && status === 'start') return CAMPAIGN_MACHINE_TEXTS.alreadyStarted;
  return CAMPAIGN_MACHINE_TEXTS.invalidTransition;
}

// ---------------------------------------------------------------------------------------------------------------
// Campaign
// ---------------------------------------------------------------------------------------------------------------

export type MachineCampaign = {
  status: CampaignStatus;
  schedule: number | null;
  /** first start (the dispatch rows are frozen then); null = never began */
  initialized: number | null;
  finalized: number | null;
};

export type CampaignMove =
  /** the manager's / creator's schedule: an instant, or null to clear it */
  | { type: 'schedule'; at: number | null }
  /** creation without a schedule, or the schedule came due: the setup's autoStart decides start or pause */
  | { type: 'begin'; autoStart: boolean }
  /** START (or resume) */
  | { type: 'start' }
  /** PAUSE (the manager's button, or the circuit breaker with a reason) */
  | { type: 'pause'; reason?: string | null }
  /** Concluir */
  | { type: 'finalize' }
  /** the engine found nothing left to send (no pending or claimed dispatch) */
  | { type: 'complete' };
export type CampaignMoveType = CampaignMove['type'];

export type CampaignEffect =
  /** snapshot the send list into dispatch rows (first begin/start only) */
  | 'freezeDispatches'
  /** (re)build the connection queues from the pending rows and wake the sender */
  | 'enqueue'
  /** remove the delayed start job (if any) */
  | 'cancelScheduledStart'
  /** add the delayed start job at `schedule` */
  | 'scheduleStart'
  /** pending rows → canceled */
  | 'cancelPending'
  /** POST webhookUrlConcluded once with the summary */
  | 'callWebhook';

export type CampaignPatch = {
  status: CampaignStatus;
  schedule: number | null;
  initialized: number | null;
  finalized: number | null;
  pauseReason: string | null;
};

export type CampaignOutcome = { move: CampaignMoveType; patch: CampaignPatch; effects: CampaignEffect[] };
export type CampaignRefusal = 'ERR_INVALID_CAMPAIGN_TRANSITION' | 'ERR_VALIDATION';

/** Which statuses each move leaves from. */
export const CAMPAIGN_FROM: Record<CampaignMoveType, readonly CampaignStatus[]> = {
  schedule: ['created', 'scheduled', 'pause'],
  begin: ['created', 'scheduled'],
  start: ['created', 'scheduled', 'pause'],
  pause: ['start'],
  finalize: ['created', 'scheduled', 'start', 'pause'],
  complete: ['start'],
};

export function campaignMovesFrom(status: CampaignStatus): CampaignMoveType[] {
  return (Object.keys(CAMPAIGN_FROM) as CampaignMoveType[]).filter((m) => CAMPAIGN_FROM[m].includes(status));
}

/** The manager's buttons: START, PAUSE and Concluir are hidden once finalized (spec 2 §4). */
export function campaignButtons(status: CampaignStatus): { start: boolean; pause: boolean; finalize: boolean } {
  return {
    start: CAMPAIGN_FROM.start.includes(status),
    pause: CAMPAIGN_FROM.pause.includes(status),
    finalize: CAMPAIGN_FROM.finalize.includes(status),
  };
}

export function applyCampaignMove(
  c: MachineCampaign,
  move: CampaignMove,
  now: number,
): Result<CampaignOutcome, CampaignRefusal> {
  if (!CAMPAIGN_FROM[move.type].includes(c.status)) {
    return refuse('ERR_INVALID_CAMPAIGN_TRANSITION', campaignRefusalText(move.type, c.status));
  }
  const base: CampaignPatch = {
    status: c.status,
    schedule: c.schedule,
    initialized: c.initialized,
    finalized: c.finalized,
    pauseReason: null,
  };
  const firstStart = c.initialized === null;
  const beginEffects: CampaignEffect[] = firstStart ? ['freezeDispatches'] : [];
  switch (move.type) {
    case 'schedule': {
      if (move.at === null) {
        // clearing: a waiting campaign goes back to created; a paused one stays paused
        const status: CampaignStatus = c.status === 'scheduled' ? 'created' : c.status;
        return ok({ move: 'schedule', patch: { ...base, status, schedule: null }, effects: ['cancelScheduledStart'] });
      }
      return ok({
        move: 'schedule',
        patch: { ...base, status: 'scheduled', schedule: move.at },
        effects: ['cancelScheduledStart', 'scheduleStart'],
      });
    }
    case 'begin': {
      const status: CampaignStatus = move.autoStart ? 'start' : 'pause';
      return ok({
        move: 'begin',
        patch: { ...base, status, initialized: c.initialized ?? now },
        effects: [...beginEffects, 'cancelScheduledStart', ...(move.autoStart ? (['enqueue'] as const) : [])],
      });
    }
    case 'start':
      return ok({
        move: 'start',
        patch: { ...base, status: 'start', initialized: c.initialized ?? now },
        effects: [...beginEffects, 'cancelScheduledStart', 'enqueue'],
      });
    case 'pause':
      return ok({ move: 'pause', patch: { ...base, status: 'pause', pauseReason: move.reason ?? null }, effects: [] });
    case 'finalize':
      return ok({
        move: 'finalize',
        patch: { ...base, status: 'finalized', finalized: now },
        effects: ['cancelScheduledStart', 'cancelPending', 'callWebhook'],
      });
    case 'complete':
      return ok({
        move: 'complete',
        patch: { ...base, status: 'finalized', finalized: now },
        effects: ['callWebhook'],
      });
  }
}

/** The moves the API's `POST /CampaignProcess/{id}/{start|pause|finalized}` maps to. */
export const CAMPAIGN_PROCESS_ACTIONS = { start: 'start', pause: 'pause', finalized: 'finalize' } as const;
export type CampaignProcessAction = keyof typeof CAMPAIGN_PROCESS_ACTIONS;

// ---------------------------------------------------------------------------------------------------------------
// Dispatch
// ---------------------------------------------------------------------------------------------------------------

export type MachineDispatch = {
  status: DispatchStatus;
  whatsappId: number | null;
  /** the planned greeting instant of the current claim */
  schedule: number | null;
  greetingSentAt: number | null;
  messageSentAt: number | null;
  failReason: DispatchFailReason | null;
  resendCount: number;
};

export type DispatchMove =
  | { type: 'claim'; whatsappId: number; at: number }
  | { type: 'greetingSent'; at: number }
  | { type: 'messageSent'; at: number }
  | { type: 'fail'; reason: DispatchFailReason }
  /** nothing went out (the connection dropped or the campaign paused before the greeting): back to pending */
  | { type: 'release' }
  /** found claimed with no live sender (a process died mid-send) */
  | { type: 'interrupt' }
  | { type: 'resend'; byAdmin: boolean }
  | { type: 'cancel' };
export type DispatchMoveType = DispatchMove['type'];

export type DispatchPatch = Omit<MachineDispatch, 'resendCount'> & { resendCount: number };
export type DispatchOutcome = { move: DispatchMoveType; patch: DispatchPatch };
export type DispatchRefusal = 'ERR_INVALID_CAMPAIGN_TRANSITION' | 'ERR_NO_PERMISSION';

export const DISPATCH_FROM: Record<DispatchMoveType, readonly DispatchStatus[]> = {
  claim: ['pending'],
  greetingSent: ['claimed'],
  messageSent: ['claimed'],
  fail: ['claimed'],
  release: ['claimed'],
  interrupt: ['claimed'],
  resend: ['uncertain'],
  cancel: ['pending'],
};

/** A status no automatic move ever leaves (uncertain waits for an admin). */
export const DISPATCH_FINAL: readonly DispatchStatus[] = ['sent', 'sentFail', 'uncertain', 'canceled'];

/** Dispatches the engine still has to work on (the campaign completes when none is left). */
export const DISPATCH_OPEN: readonly DispatchStatus[] = ['pending', 'claimed'];

const noDispatch = () =>
  refuse('ERR_INVALID_CAMPAIGN_TRANSITION', CAMPAIGN_MACHINE_TEXTS.dispatchInvalidTransition) as Result<
    never,
    DispatchRefusal
  >;

export function applyDispatchMove(d: MachineDispatch, move: DispatchMove): Result<DispatchOutcome, DispatchRefusal> {
  if (!DISPATCH_FROM[move.type].includes(d.status)) return noDispatch();
  const cur: DispatchPatch = { ...d };
  switch (move.type) {
    case 'claim':
      return ok({
        move: 'claim',
        patch: { ...cur, status: 'claimed', whatsappId: move.whatsappId, schedule: move.at },
      });
    case 'greetingSent':
      if (d.greetingSentAt !== null) return noDispatch();
      return ok({ move: 'greetingSent', patch: { ...cur, greetingSentAt: move.at } });
    case 'messageSent':
      // the message only ever follows its greeting, and goes once
      if (d.greetingSentAt === null || d.messageSentAt !== null) return noDispatch();
      return ok({ move: 'messageSent', patch: { ...cur, status: 'sent', messageSentAt: move.at } });
    case 'fail':
      return ok({ move: 'fail', patch: { ...cur, status: 'sentFail', failReason: move.reason } });
    case 'release':
      // once the greeting went, the dispatch can no longer go back to the queue (it would greet twice)
      if (d.greetingSentAt !== null) return noDispatch();
      return ok({ move: 'release', patch: { ...cur, status: 'pending', whatsappId: null, schedule: null } });
    case 'interrupt':
      return ok({ move: 'interrupt', patch: { ...cur, status: 'uncertain' } });
    case 'resend':
      if (!move.byAdmin) return refuse('ERR_NO_PERMISSION', CAMPAIGN_MACHINE_TEXTS.resendAdminOnly);
      return ok({
        move: 'resend',
        patch: {
          ...cur,
          status: 'pending',
          whatsappId: null,
          schedule: null,
          greetingSentAt: null,
          messageSentAt: null,
          failReason: null,
          resendCount: d.resendCount + 1,
        },
      });
    case 'cancel':
      return ok({ move: 'cancel', patch: { ...cur, status: 'canceled' } });
  }
}

/** A fresh dispatch row's machine state. */
export const NEW_DISPATCH: MachineDispatch = {
  status: 'pending',
  whatsappId: null,
  schedule: null,
  greetingSentAt: null,
  messageSentAt: null,
  failReason: null,
  resendCount: 0,
};

/** Whether a failure reason counts for the circuit breaker: a number without WhatsApp is the list's fault. */
export const countsForBreaker = (reason: DispatchFailReason): boolean => reason !== 'noWhatsapp';

/**
 * The dispatch move for a failed send step, from the outbound seam's error code (api messages.outbound.ts):
 * - ERR_WAPP_INVALID_CONTACT (checked before anything is sent): `fail` noWhatsapp — never retried;
 * - not connected (ERR_WAPP_NOT_INITIALIZED / ERR_WAPP_NOT_CONNECTED: nothing went): before the greeting `release`
 *   (the dispatch waits for a connection), after it `fail` connectionLost (re-greeting would greet twice);
 * - the content was refused before sending (ERR_VALIDATION, ERR_NOT_FOUND, ERR_MEDIA_TYPE_NOT_ALLOWED,
 *   ERR_PAYLOAD_TOO_LARGE): `fail` media;
 * - anything else (ERR_SENDING_WAPP_MSG, ERR_WAPP_SEND_FAILED, a timeout, the database gone after the send): the
 *   step may have gone out — `interrupt` (uncertain), never retried automatically.
 */
export function dispatchMoveOnSendError(code: ErrorCode | string, greetingSent: boolean): DispatchMove {
  switch (code) {
    case 'ERR_WAPP_INVALID_CONTACT':
      return greetingSent ? { type: 'interrupt' } : { type: 'fail', reason: 'noWhatsapp' };
    case 'ERR_WAPP_NOT_INITIALIZED':
    case 'ERR_WAPP_NOT_CONNECTED':
      return greetingSent ? { type: 'fail', reason: 'connectionLost' } : { type: 'release' };
    case 'ERR_VALIDATION':
    case 'ERR_NOT_FOUND':
    case 'ERR_MEDIA_TYPE_NOT_ALLOWED':
    case 'ERR_PAYLOAD_TOO_LARGE':
      return { type: 'fail', reason: 'media' };
    default:
      return { type: 'interrupt' };
  }
}

/** The circuit breaker's view of a finished dispatch move (core pacing `breakerDecision`); null = not a finish. */
export function breakerOutcomeOf(move: DispatchMove): 'sent' | 'failed' | 'noWhatsapp' | null {
  if (move.type === 'messageSent') return 'sent';
  if (move.type === 'interrupt') return 'failed';
  if (move.type === 'fail') return countsForBreaker(move.reason) ? 'failed' : 'noWhatsapp';
  return null;
}
