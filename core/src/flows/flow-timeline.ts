import { type FlowActionType, TIMED_ACTIONS } from './flow.schemas';

/**
 * The flow timeline (spec 2 §4): "the simulator waits the action's seconds minus 1 plus 1 second between actions".
 * Action i starts at `startMs`; a timed action (Composing, Recording, Delay) then holds for (seconds − 1) s, a send
 * holds 0; 1 s separates it from the next action. ONE function gives the instants to the simulator ('Simular Fluxo')
 * and to the runtime (each step's job is due at its entry's start), so what a user simulates is what a customer gets.
 */

export const FLOW_GAP_MS = 1000;

/** What the phone mock-up's header shows while an action runs. */
export type FlowPhoneStatus = 'online' | 'typing' | 'recording';

export type FlowTimelineEntry = {
  /** index in the flow's action list */
  index: number;
  actionType: FlowActionType;
  /** ms from the flow's start */
  startMs: number;
  /** (seconds − 1) s for a timed action, 0 for a send */
  holdMs: number;
  /** start of the next action (startMs + holdMs + the gap) */
  endMs: number;
  status: FlowPhoneStatus;
};

export type FlowTimeline = { entries: FlowTimelineEntry[]; totalMs: number };

type TimedAction = { actionType: FlowActionType; param?: number | null };

const statusOf = (t: FlowActionType): FlowPhoneStatus =>
  t === 'Composing' ? 'typing' : t === 'Recording' ? 'recording' : 'online';

export function flowTimeline(actions: readonly TimedAction[]): FlowTimeline {
  let at = 0;
  const entries = actions.map((a, index): FlowTimelineEntry => {
    const seconds = TIMED_ACTIONS.includes(a.actionType) ? Math.max(0, Math.floor(a.param ?? 0)) : 0;
    const holdMs = Math.max(0, seconds - 1) * 1000;
    const entry = {
      index,
      actionType: a.actionType,
      startMs: at,
      holdMs,
      endMs: at + holdMs + FLOW_GAP_MS,
      status: statusOf(a.actionType),
    };
    at = entry.endMs;
    return entry;
  });
  return { entries, totalMs: at };
}

/**
 * What the simulator shows `elapsedMs` after the start: the status of the action running (online once the flow is
 * over), how many actions have started (their messages are shown), and whether it is over.
 */
export function flowStateAt(
  timeline: FlowTimeline,
  elapsedMs: number,
): { status: FlowPhoneStatus; started: number; done: boolean } {
  const started = timeline.entries.filter((e) => e.startMs <= elapsedMs).length;
  const done = elapsedMs >= timeline.totalMs;
  const current = started ? timeline.entries[started - 1] : undefined;
  return { status: done || !current ? 'online' : current.status, started, done };
}

/** What one runtime step does on the ticket. */
export type FlowStepEffect =
  | { kind: 'text'; index: number }
  | { kind: 'media'; index: number }
  | { kind: 'presence'; presence: 'composing' | 'recording' | 'paused'; index: number | null };

export type FlowStep = { atMs: number; effect: FlowStepEffect };

/**
 * The runtime's steps: one per action at its timeline start — a text, a media, or the presence the simulator shows
 * (typing → composing, recording → recording, a delay → paused, i.e. plain online) — and, when the flow ends on a
 * presence, a last 'paused' at the end so the contact does not see "typing…" forever.
 */
export function flowSteps(actions: readonly TimedAction[]): FlowStep[] {
  const { entries, totalMs } = flowTimeline(actions);
  const steps: FlowStep[] = entries.map((e) => ({
    atMs: e.startMs,
    effect:
      e.actionType === 'SendText'
        ? { kind: 'text', index: e.index }
        : e.actionType === 'SendMedia'
          ? { kind: 'media', index: e.index }
          : {
              kind: 'presence',
              presence:
                e.actionType === 'Composing' ? 'composing' : e.actionType === 'Recording' ? 'recording' : 'paused',
              index: e.index,
            },
  }));
  const last = entries.at(-1);
  if (last && last.status !== 'online')
    steps.push({ atMs: totalMs, effect: { kind: 'presence', presence: 'paused', index: null } });
  return steps;
}
