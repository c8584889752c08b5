import { type BotSimulatorDto, type BotSimulatorStatus, events } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { recentTicketMessages } from '../messages/messages.channel';
import { sendOutbound } from '../messages/messages.outbound';
import { applyTicketStateAfterSend, loadTicketDto } from '../tickets/tickets.service';
import * as repo from './ai.repo';

/**
 * Where an AI conversation lives: a ticket (its messages, the outbound seam, the ticket's queue) or a prompt's
 * simulator (its stored chat and the live `botSimulator-{id}`). The runtime (`ai.runtime.ts`) runs ONE turn logic
 * over either: the simulator answers through the same code as a real ticket.
 */
export type AiChannel = {
  /** the last `limit` messages, oldest first */
  messages(limit: number): Promise<{ id: number; body: string; fromMe: boolean; at: number }[]>;
  /** a person has the conversation (an attendant accepted the ticket, or it was closed): the AI stops */
  taken(): Promise<boolean>;
  typing(on: boolean): Promise<void>;
  send(body: string): Promise<void>;
  /** the conversation goes to a person: the ticket to `queueId` (else its own queue), pending, no attendant */
  handOver(queueId: number | null): Promise<void>;
  /** the simulator's live status (a ticket shows typing through presence) */
  status(s: BotSimulatorStatus): Promise<void>;
};

export function ticketChannel(companyId: number, ticketId: number): AiChannel {
  return {
    messages: (limit) => recentTicketMessages(companyId, ticketId, limit),
    async taken() {
      const t = await loadTicketDto(companyId, ticketId).catch(() => null);
      return t?.status !== 'pending' || t.userId !== null;
    },
    async typing(on) {
      await sendOutbound(companyId, {
        to: { ticketId },
        content: { kind: 'presence', presence: on ? 'composing' : 'paused' },
      }).catch((err) => log.warn({ err, companyId, ticketId }, 'AI typing presence not sent'));
    },
    async send(body) {
      await sendOutbound(companyId, { to: { ticketId }, content: { kind: 'text', body } });
    },
    async handOver(queueId) {
      // a hand-over: the customer waits for a person from now (TME), not from the ticket's creation
      await applyTicketStateAfterSend(
        companyId,
        ticketId,
        { status: 'pending', userId: null, ...(queueId !== null ? { queueId } : {}) },
        { handOver: true },
      );
    },
    async status() {},
  };
}

/** the simulator's status as its row says: waiting (debounce), typing (a completion runs), handedOver, idle */
export function simulatorStatusOf(row: repo.ConversationRow | null): BotSimulatorStatus {
  if (!row) return 'idle';
  if (row.status !== 'active') return 'handedOver';
  if (row.inFlight !== null) return 'typing';
  if (row.burstStartedAt !== null) return 'waiting';
  return 'idle';
}

export async function simulatorView(companyId: number, botConfigId: number): Promise<BotSimulatorDto> {
  const [messages, row] = await Promise.all([
    repo.listSimulatorMessages(companyId, botConfigId),
    repo.findConversation(companyId, 'simulator', botConfigId),
  ]);
  return { messages, status: simulatorStatusOf(row) };
}

/** live `botSimulator-{botConfigId}` (administrators of the company): the status and the messages */
export async function publishSimulator(
  companyId: number,
  botConfigId: number,
  status?: BotSimulatorStatus,
): Promise<BotSimulatorDto> {
  const view = await simulatorView(companyId, botConfigId);
  const data = { ...view, status: status ?? view.status };
  emit({
    companyId,
    channel: events.botSimulator.of(botConfigId),
    adminOnly: true,
    data: { action: 'update', botConfigId, ...data },
  });
  return data;
}

export function simulatorChannel(companyId: number, botConfigId: number): AiChannel {
  return {
    async messages(limit) {
      const all = await repo.listSimulatorMessages(companyId, botConfigId);
      return all.slice(-limit).map((m) => ({ id: m.id, body: m.body, fromMe: m.fromMe, at: Date.parse(m.createdAt) }));
    },
    async taken() {
      return false;
    },
    async typing(on) {
      await publishSimulator(companyId, botConfigId, on ? 'typing' : undefined);
    },
    async send(body) {
      await repo.insertSimulatorMessage(companyId, botConfigId, { body, fromMe: true, at: nowDate() });
      await publishSimulator(companyId, botConfigId);
    },
    async handOver() {
      await publishSimulator(companyId, botConfigId, 'handedOver');
    },
    async status(s) {
      await publishSimulator(companyId, botConfigId, s);
    },
  };
}

export const channelOf = (companyId: number, kind: repo.ConversationKind, refId: number): AiChannel =>
  kind === 'ticket' ? ticketChannel(companyId, refId) : simulatorChannel(companyId, refId);
