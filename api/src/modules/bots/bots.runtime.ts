import {
  answerBot,
  type BotAction,
  type BotCommandNode,
  type BotRules,
  type BotSay,
  type BotState,
  type BotStep,
  botCap,
  botEngages,
  startBot,
  type TicketDto,
  timeoutBot,
} from '@zapdesk/core';
import { z } from 'zod';
import { now } from '../../platform/clock';
import { systemCtx } from '../../platform/http/context';
import { platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { guardedPost, WebhookRefusedError } from '../campaign-engine/campaign-engine.webhook';
import { addContactCategories } from '../category-contacts/category-contacts.service';
import { setContactExtraInfo } from '../contacts/contacts.service';
import { runFlowOnTicket } from '../flows/flows.service';
import { sendOutbound } from '../messages/messages.outbound';
import {
  type InboundReaction,
  type InboundReactionContext,
  registerInboundReaction,
} from '../pipeline/pipeline.reactions';
import { addTicketTags } from '../tags/tags.service';
import {
  applyTicketStateAfterSend,
  lastClosedAtOfContact,
  loadTicketDto,
  markTicketChatbot,
  ticketChatbotMark,
} from '../tickets/tickets.service';
import { botMessagesPerMinute } from './bots.knobs';
import { botAiPort } from './bots.ports';
import * as repo from './bots.repo';

/**
 * The chatbot at the after-inbound hook (stage `chatbot`). Core decides (`bot-walk.ts`: the walk, who is answered,
 * the cap); this file executes, with the ticket's state in `bot_ticket_states` read and written under FOR UPDATE:
 * - a contact's message on a connection of a common bot setup, in a one-to-one ticket that is pending and owned by
 *   nobody, moves the state once (a redelivery of the same message does nothing) and answers 'stop' (the flow and AI
 *   stages do not also answer it);
 * - every bot message is preceded by typing presence for the setup's typingTime: the presence goes at once and the
 *   message is a typed job delayed by typingTime (`bots.reply`, one per message, chained), so the pipeline never
 *   waits; the ticket's move (queue, user, close) follows the last message;
 * - the silence timer is a typed job `bots.silence` delayed timeWithoutQueue minutes, keyed by the state's version:
 *   a newer move removes it and it does nothing when the version changed, the ticket has a queue or an owner;
 * - a reply job finds the version changed (the customer answered again) or an attendant owning the ticket → nothing;
 * - more than BOT_MESSAGES_PER_MINUTE (env knob, default core's 10) bot messages in a ticket's rolling minute means another bot (or a script) is
 *   answering ours: the bot stops in that ticket (status 'stopped', reason 'loop').
 */

const SETUP_RULES = (s: repo.BotSetupRow): BotRules => ({
  countErrorsBot: s.countErrorsBot,
  messageOnErrorsBot: s.messageOnErrorsBot,
  actionWithoutQueue: s.actionWithoutQueue as BotRules['actionWithoutQueue'],
  timeWithoutQueue: s.timeWithoutQueue,
  messageOnWithoutQueue: s.messageOnWithoutQueue,
  transferQueueId: s.transferQueueId,
});

function nodesOf(rows: repo.BotCommandRow[]): BotCommandNode[] {
  return rows.map((r) => ({
    commandBot: r.commandBot,
    commandType: r.commandType,
    descriptionBot: r.descriptionBot,
    showMessage: r.showMessage,
    typeMessage: r.typeMessage as BotCommandNode['typeMessage'],
    flowId: r.flowId,
    forceNextFlow: r.forceNextFlow,
    botConfigId: r.botConfigId,
    userId: r.userId,
    queueId: r.queueId,
    tags: r.tags,
    botCategoryContacts: r.botCategoryContacts,
    webhook: r.webhook,
    mediaUrl: r.mediaUrl,
    mediaName: r.mediaName,
  }));
}

const stateOf = (r: repo.BotStateRow): BotState => ({
  position: r.position,
  awaiting: r.awaiting as BotState['awaiting'],
  errors: r.errors,
  status: r.status === 'active' ? 'active' : 'done',
});

/** the ticket moves of a step: they follow its last message */
type Move = Extract<BotAction, { kind: 'moveToQueue' | 'assignUser' | 'close' }>;
const isMove = (a: BotAction): a is Move => a.kind === 'moveToQueue' || a.kind === 'assignUser' || a.kind === 'close';

const replyJobId = (ticketId: number, version: number, index: number) => `bot-reply-${ticketId}-${version}-${index}`;
const silenceJobId = (ticketId: number, version: number) => `bot-silence-${ticketId}-${version}`;

type Decision = { step: BotStep; version: number; typingTime: number; contactId: number; engaged: boolean } | null;

/**
 * Moves the ticket's bot state for one message, under the state row's lock. Answers what to execute, or null when
 * the bot does not answer (not engaged, stopped, a redelivery).
 */
async function decide(ctx: InboundReactionContext, setup: repo.BotSetupRow): Promise<Decision | 'handled'> {
  const { companyId, ticket, message } = ctx;
  const commands = nodesOf(await repo.listCommandRows(companyId, { botSetupId: setup.id }));
  const previousClosedAt = await lastClosedAtOfContact(companyId, ticket.contactId, ticket.id);
  const at = now();
  return repo.withTransaction(async (tx) => {
    await repo.ensureState(companyId, { ticketId: ticket.id, contactId: ticket.contactId, botSetupId: setup.id }, tx);
    const row = await repo.lockState(companyId, ticket.id, tx);
    if (!row) return null;
    if (row.lastMessageId === message.id) return 'handled';
    let step: BotStep;
    let engaged = false;
    if (row.status === 'new' || row.botSetupId !== setup.id) {
      const engage = botEngages({
        ticket,
        fromMe: message.fromMe,
        reopenBotAfterHours: setup.reopenBotAfterHours,
        previousClosedAt: previousClosedAt?.getTime() ?? null,
        now: at,
      });
      if (!engage) {
        await repo.saveState(
          companyId,
          row.id,
          { status: 'done', reason: 'notEngaged', lastMessageId: message.id },
          tx,
        );
        return null;
      }
      step = startBot(commands, SETUP_RULES(setup));
      engaged = true;
    } else if (row.status !== 'active') {
      return null;
    } else if (!(await ticketChatbotMark(companyId, ticket.id, tx))) {
      // a person moved the ticket since the bot took it (transfer, accept then return, …): the bot is done here.
      // Read in this transaction, after the state's lock: the engaging message's mark is committed with its state
      await repo.saveState(companyId, row.id, { status: 'stopped', reason: 'human', lastMessageId: message.id }, tx);
      return null;
    } else {
      step = answerBot(commands, SETUP_RULES(setup), stateOf(row), message.body ?? '');
    }
    const cap = botCap(row.sentAt, at, step.say.length, botMessagesPerMinute());
    const version = row.version + 1;
    if (!cap.ok) {
      await repo.saveState(
        companyId,
        row.id,
        { status: 'stopped', reason: 'loop', version, lastMessageId: message.id, sentAt: cap.recent },
        tx,
      );
      log.warn({ companyId, ticketId: ticket.id }, 'chatbot stopped: too many bot messages in a minute (another bot?)');
      return 'handled';
    }
    await repo.saveState(
      companyId,
      row.id,
      {
        botSetupId: setup.id,
        position: step.state.position,
        awaiting: step.state.awaiting,
        errors: step.state.errors,
        status: step.state.status,
        reason: step.reason,
        version,
        lastMessageId: message.id,
        sentAt: [...cap.recent, ...step.say.map(() => at)],
      },
      tx,
    );
    // the ticket is the bot's until a person moves it (every ticket move clears the mark); set with the state
    if (engaged) await markTicketChatbot(companyId, ticket.id, { queueId: ticket.queueId }, tx);
    return { step, version, typingTime: setup.typingTime, contactId: ticket.contactId, engaged };
  });
}

/** The inbound reaction (stage chatbot). */
export const chatbotReaction: InboundReaction = {
  stage: 'chatbot',
  name: 'chatbot',
  async run(ctx) {
    const { companyId, ticket, message, connection, isGroup } = ctx;
    if (message.fromMe || isGroup || ticket.isGroup || ticket.contact.number.includes('status')) return 'continue';
    // never while an attendant owns the ticket (nor in an open or closed one)
    if (ticket.userId !== null || ticket.status !== 'pending') return 'continue';
    const setup = await repo.setupOfConnection(companyId, connection.id);
    if (setup?.botType !== 'common') return 'continue';
    const decision = await decide(ctx, setup);
    if (decision === 'handled') return 'stop';
    if (!decision) return 'continue';
    // the previous move's silence timer is over (its job would find the version changed anyway)
    if (decision.version > 1) {
      await platform()
        .jobs.remove(silenceJobId(ticket.id, decision.version - 1))
        .catch(() => false);
    }
    await execute(
      companyId,
      ticket.id,
      decision.contactId,
      decision.step,
      decision.version,
      decision.typingTime,
      message.body ?? '',
    );
    return 'stop';
  },
};

/** Runs a step: side effects now, messages typed and delayed, the ticket's move after the last message, the timer. */
async function execute(
  companyId: number,
  ticketId: number,
  contactId: number,
  step: BotStep,
  version: number,
  typingTime: number,
  answer: string,
): Promise<void> {
  const moves = step.actions.filter(isMove);
  // a flow the step started: the bot's next words and the ticket's move wait for its timeline
  let flowMs = 0;
  for (const a of step.actions) {
    if (isMove(a)) continue;
    try {
      const ms = await sideEffect(companyId, ticketId, contactId, a, answer);
      if (typeof ms === 'number') flowMs = Math.max(flowMs, ms);
    } catch (err) {
      log.warn({ err, companyId, ticketId, action: a.kind }, 'chatbot action failed');
    }
  }
  if (flowMs > 0 && (step.say.length || moves.length)) {
    // after the flow: typing (when there is something to say) then the messages, or the move
    await botReplyJob.enqueue(
      { companyId, ticketId, version, index: 0, say: step.say, moves, typingTime, typingFirst: step.say.length > 0 },
      { delay: flowMs, jobId: replyJobId(ticketId, version, 0) },
    );
  } else if (step.say.length) {
    await sendOutbound(companyId, { to: { ticketId }, content: { kind: 'presence', presence: 'composing' } }).catch(
      (err) => log.warn({ err, companyId, ticketId }, 'chatbot typing presence not sent'),
    );
    await botReplyJob.enqueue(
      { companyId, ticketId, version, index: 0, say: step.say, moves, typingTime },
      { delay: typingTime * 1000, jobId: replyJobId(ticketId, version, 0) },
    );
  } else if (moves.length) {
    await applyMoves(companyId, ticketId, moves);
  }
  if (step.timerMinutes !== null) {
    await botSilenceJob.enqueue(
      { companyId, ticketId, version },
      { delay: step.timerMinutes * 60_000, jobId: silenceJobId(ticketId, version) },
    );
  }
}

async function sideEffect(
  companyId: number,
  ticketId: number,
  contactId: number,
  a: BotAction,
  answer: string,
): Promise<number | undefined> {
  switch (a.kind) {
    case 'storeAnswer':
      await setContactExtraInfo(companyId, contactId, a.name, a.value);
      return;
    case 'applyTags':
      await addTicketTags(companyId, ticketId, a.tagIds);
      return;
    case 'applyCategories':
      await addContactCategories(companyId, contactId, a.categoryIds);
      return;
    case 'webhook':
      await botWebhookJob.enqueue({
        companyId,
        ticketId,
        url: a.url,
        commandBot: a.commandBot,
        answer: a.answer || answer,
      });
      return;
    case 'runFlow': {
      // a run per bot move (the key: ticket, flow and the state's instant); answers the run's length
      const run = await runFlowOnTicket(systemCtx(companyId), {
        flowId: a.flowId,
        ticketId,
        runKey: `bot-${ticketId}-${a.flowId}-${now()}`,
      });
      return run.durationMs;
    }
    case 'aiPrompt': {
      const port = botAiPort();
      if (!port) {
        log.warn({ companyId, ticketId }, 'chatbot GPT command: no AI installed, the ticket waits for a person');
        return;
      }
      await port.handOver(companyId, ticketId, a.botConfigId);
      return;
    }
    default:
      return;
  }
}

async function applyMoves(companyId: number, ticketId: number, moves: Move[]): Promise<void> {
  for (const m of moves) {
    if (m.kind === 'moveToQueue') {
      await applyTicketStateAfterSend(companyId, ticketId, { status: 'pending', queueId: m.queueId, userId: null });
    } else if (m.kind === 'assignUser') {
      await applyTicketStateAfterSend(companyId, ticketId, {
        status: 'open',
        userId: m.userId,
        ...(m.queueId !== null ? { queueId: m.queueId } : {}),
      });
    } else {
      await applyTicketStateAfterSend(companyId, ticketId, { status: 'closed' });
    }
  }
}

/**
 * the bot may still talk in the ticket: nobody took it over — a person's move (accept, assign, transfer, resolve)
 * clears the ticket's chatbot mark, and the bot stops there
 */
function stillOurs(ticket: TicketDto, moves: Move[]): boolean {
  if (ticket.status === 'closed' || !ticket.chatbot) return false;
  const assigned = moves.find((m) => m.kind === 'assignUser');
  return ticket.userId === null || (assigned !== undefined && ticket.userId === assigned.userId);
}

const SayItem = z.union([
  z.object({ kind: z.literal('text'), body: z.string() }),
  z.object({ kind: z.literal('media'), mediaUrl: z.string(), caption: z.string(), mediaName: z.string().nullable() }),
]);
const MoveItem = z.union([
  z.object({ kind: z.literal('moveToQueue'), queueId: z.number().int() }),
  z.object({ kind: z.literal('assignUser'), userId: z.number().int(), queueId: z.number().int().nullable() }),
  z.object({ kind: z.literal('close') }),
]);

/** One bot message, after its typing time; then the next one's typing, or the ticket's move. */
export const botReplyJob = defineJob(
  'bots.reply',
  z.object({
    ticketId: z.number().int().positive(),
    version: z.number().int(),
    index: z.number().int().min(0),
    say: z.array(SayItem),
    moves: z.array(MoveItem),
    typingTime: z.number().int().min(1).max(6),
    /** after a flow: show typing first, then this same message typingTime later */
    typingFirst: z.boolean().optional(),
  }),
  async (data) => {
    const { companyId, ticketId, version, index, say, moves, typingTime } = data;
    const state = await repo.findState(companyId, ticketId);
    if (!state || state.version !== version) return;
    const ticket = await loadTicketDto(companyId, ticketId).catch(() => null);
    if (!ticket || !stillOurs(ticket, moves)) return;
    if (data.typingFirst) {
      await sendOutbound(companyId, { to: { ticketId }, content: { kind: 'presence', presence: 'composing' } }).catch(
        () => undefined,
      );
      await botReplyJob.enqueue(
        { ...data, typingFirst: false },
        { delay: typingTime * 1000, jobId: `${replyJobId(ticketId, version, index)}-typed` },
      );
      return;
    }
    const item = say[index] as BotSay | undefined;
    if (item) {
      const content =
        item.kind === 'text'
          ? { kind: 'text' as const, body: item.body }
          : { kind: 'storedMedia' as const, mediaUrl: item.mediaUrl, body: item.caption };
      await sendOutbound(companyId, { to: { ticketId, ticket }, content });
    }
    if (index + 1 < say.length) {
      await sendOutbound(companyId, { to: { ticketId }, content: { kind: 'presence', presence: 'composing' } }).catch(
        () => undefined,
      );
      await botReplyJob.enqueue(
        { ...data, index: index + 1 },
        { delay: typingTime * 1000, jobId: replyJobId(ticketId, version, index + 1) },
      );
      return;
    }
    await sendOutbound(companyId, { to: { ticketId }, content: { kind: 'presence', presence: 'paused' } }).catch(
      () => undefined,
    );
    if (moves.length) await applyMoves(companyId, ticketId, moves as Move[]);
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, concurrency: 8 },
);

/** The silence timer: the no-queue action, when nothing moved since it was set. */
export const botSilenceJob = defineJob(
  'bots.silence',
  z.object({ ticketId: z.number().int().positive(), version: z.number().int() }),
  async ({ companyId, ticketId, version }) => {
    const ticket = await loadTicketDto(companyId, ticketId).catch(() => null);
    if (!ticket || ticket.userId !== null || ticket.status !== 'pending' || !ticket.chatbot) return;
    const decided = await repo.withTransaction(async (tx) => {
      const row = await repo.lockState(companyId, ticketId, tx);
      if (!row || row.version !== version || row.status !== 'active') return null;
      const setup = await repo.findSetupRow(companyId, row.botSetupId, tx);
      if (!setup) return null;
      const step = timeoutBot(SETUP_RULES(setup), stateOf(row), ticket);
      if (!step) return null;
      const next = version + 1;
      await repo.saveState(
        companyId,
        row.id,
        { status: 'done', reason: 'timeout', version: next, sentAt: [...row.sentAt, ...step.say.map(() => now())] },
        tx,
      );
      return { step, version: next, typingTime: setup.typingTime, contactId: row.contactId, engaged: false };
    });
    if (decided) {
      await execute(companyId, ticketId, decided.contactId, decided.step, decided.version, decided.typingTime, '');
    }
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 2000 } },
);

/** A command's webhook: POST { ticket, command, answer } to the URL, SSRF-guarded (public addresses only). */
export const botWebhookJob = defineJob(
  'bots.webhook',
  z.object({
    ticketId: z.number().int().positive(),
    url: z.string(),
    commandBot: z.string(),
    answer: z.string(),
  }),
  async ({ companyId, ticketId, url, commandBot, answer }) => {
    const ticket = await loadTicketDto(companyId, ticketId).catch(() => null);
    let res: { status: number };
    try {
      // the SSRF guard (public addresses only), connected to the address it checked (no second DNS answer), no
      // redirect followed
      res = await guardedPost(url, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'chatbot.command', commandBot, answer, ticket }),
        timeoutMs: 10_000,
      });
    } catch (err) {
      if (err instanceof WebhookRefusedError) {
        log.warn({ companyId, ticketId, url, refused: err.message }, 'chatbot webhook refused');
        return;
      }
      throw err;
    }
    if (res.status >= 500) throw new Error(`webhook answered ${res.status}`);
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
);

/** Startup step: the jobs' handlers and the reaction (every process that processes inbound messages). */
export function startBotsArea(opts: { role: 'api' | 'worker' | 'cli' }): void {
  if (opts.role === 'cli') return;
  const env = platform().env;
  if (opts.role === 'worker' && env.databaseUrl && !env.redisUrl) return;
  botReplyJob.register();
  botSilenceJob.register();
  botWebhookJob.register();
  registerInboundReaction(chatbotReaction);
}
