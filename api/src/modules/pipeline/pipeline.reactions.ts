import type { TicketDto } from '@zapdesk/core';
import { log } from '../../platform/log';
import type { ChannelContactRow } from '../contacts/contacts.channel';
import type { MessageRow } from '../messages/messages.channel';
import type { PipelineConnection } from '../whatsapp/whatsapp.pipeline';

/**
 * The after-inbound hook: ONE stage after a contact's message is stored and its ticket known (the ticket already
 * touched and published), where areas register what they do about it — the greeting today; out-of-hours messages,
 * chatbots, flows and AI later. Reactions run in the order of INBOUND_REACTION_STAGES (then registration order
 * within a stage); a reaction answers 'stop' to keep the ones after it from running (e.g. out of hours: the bot
 * does not answer). It runs for the contact's live messages only (core `runsAfterInbound`: not our own — a bot
 * never answers its own echo — and not the history import), in arrival order, one message at a time.
 * A reaction that throws is logged and the next one runs (a failing AI must not silence the out-of-hours message).
 */
export const INBOUND_REACTION_STAGES = ['outOfHours', 'greeting', 'chatbot', 'flow', 'ai'] as const;
export type InboundReactionStage = (typeof INBOUND_REACTION_STAGES)[number];

export type InboundReactionContext = {
  companyId: number;
  /** the stored message (new: a redelivery never reaches the hook) */
  message: MessageRow;
  /** its ticket as just published (preview, unread count) */
  ticket: TicketDto;
  /** the connection it came in on, with its greeting and its queues' greetings */
  connection: PipelineConnection;
  /** the contact who wrote it (in a group: the participant, when known) */
  sender: ChannelContactRow | null;
  /** this message opened the conversation (its ticket was created for it) */
  createdTicket: boolean;
  isGroup: boolean;
};
export type InboundReactionResult = 'continue' | 'stop';
export type InboundReaction = {
  stage: InboundReactionStage;
  /** unique: registering the same name again replaces it (startup may run more than once in a process) */
  name: string;
  run(ctx: InboundReactionContext): Promise<InboundReactionResult | undefined>;
};

const reactions: InboundReaction[] = [];
const rank = (r: InboundReaction) => INBOUND_REACTION_STAGES.indexOf(r.stage);

/** Registers a reaction (startup of its area); answers the function that removes it again (tests). */
export function registerInboundReaction(reaction: InboundReaction): () => void {
  const at = reactions.findIndex((r) => r.name === reaction.name);
  if (at >= 0) reactions.splice(at, 1);
  // stable: after every reaction of the same or an earlier stage
  let i = reactions.length;
  while (i > 0 && rank(reactions[i - 1] as InboundReaction) > rank(reaction)) i--;
  reactions.splice(i, 0, reaction);
  return () => {
    const j = reactions.indexOf(reaction);
    if (j >= 0) reactions.splice(j, 1);
  };
}

/** the registered reactions' names, in the order they run */
export function inboundReactionNames(): string[] {
  return reactions.map((r) => r.name);
}

/** Runs the reactions for one stored message, in order, until one answers 'stop'. Answers the names that ran. */
export async function runInboundReactions(
  ctx: InboundReactionContext,
): Promise<{ ran: string[]; stoppedBy: string | null }> {
  const ran: string[] = [];
  for (const r of [...reactions]) {
    ran.push(r.name);
    try {
      if ((await r.run(ctx)) === 'stop') return { ran, stoppedBy: r.name };
    } catch (err) {
      log.warn({ err, companyId: ctx.companyId, ticketId: ctx.ticket.id, reaction: r.name }, 'inbound reaction failed');
    }
  }
  return { ran, stoppedBy: null };
}
