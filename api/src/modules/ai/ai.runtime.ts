import {
  AI_INACTIVITY_MINUTES,
  answerDueAt,
  type BotConfigDto,
  buildAiHistory,
  cutAtStop,
  DEFAULT_AI_API_URL,
  decideTurn,
  isIgnored,
  stopSequences,
  typingMs,
} from '@zapdesk/core';
import { z } from 'zod';
import { openAiAdapter } from '../../platform/ai/openai-adapter';
import { AiModelError } from '../../platform/ai/port';
import { now, nowDate } from '../../platform/clock';
import { platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { setBotAiPort } from '../bots/bots.ports';
import { promptOfConnection } from '../bots/bots.service';
import { type InboundReaction, registerInboundReaction } from '../pipeline/pipeline.reactions';
import { channelOf } from './ai.channels';
import * as repo from './ai.repo';
import { openAiKey } from './ai.secret';

/**
 * The AI attendant (issue 17; docs/DECISIONS.md "AI attendant"). One turn logic for a ticket and for a prompt's
 * simulator (`ai.channels.ts`):
 * 1. a customer message (`noteCustomerMessage`): ignoreWords → not answered; else the conversation's `version` moves
 *    and a typed job `ai.turn` is delayed to core `answerDueAt` (firstDelay of quiet, capped by lastDelay): a burst
 *    gets ONE answer, the job of an older version does nothing;
 * 2. the turn: core `decideTurn` (a person has it → stop; maxMessagesForDialog answers reached →
 *    messageForMaxMessagesExceeded and the ticket to lastQueueId, pending); the one completion of the conversation is
 *    claimed (`inFlight`); typing shows; the history (core `buildAiHistory`) goes to the model through the AI port;
 *    every call is logged with its tokens (`ai_usage`, per company); an error or a timeout hands the conversation to
 *    the queue (never an error text to the customer);
 * 3. the answer goes after typing proportional to its length (`ai.send`, delayed by core `typingMs`), then the
 *    inactivity timer (`ai.inactivity`): inactivityMessage once when the customer stays silent.
 */

let completionTimeoutMs = 30_000;
/** the model call's limit (tests shorten it) */
export function setAiCompletionTimeout(ms: number): void {
  completionTimeoutMs = ms;
}

const turnJobId = (kind: string, refId: number, version: number, attempt = 0) =>
  `ai-turn-${kind}-${refId}-${version}${attempt ? `-r${attempt}` : ''}`;

type Target = { companyId: number; kind: repo.ConversationKind; refId: number };

export type NoteResult = 'scheduled' | 'ignored' | 'inactive';

/**
 * A customer message in a conversation handled by `botConfigId`: schedules the debounced turn. Answers 'inactive'
 * when the AI no longer has this conversation (handed over, stopped).
 */
export async function noteCustomerMessage(
  target: Target,
  config: BotConfigDto,
  body: string,
  opts: { restart?: boolean } = {},
): Promise<NoteResult> {
  const { companyId, kind, refId } = target;
  if (!opts.restart && isIgnored(body, config.ignoreWords)) return 'ignored';
  const at = now();
  const planned = await repo.withTransaction(async (tx) => {
    const row = await repo.lockConversation(companyId, kind, refId, config.id, tx);
    if (opts.restart) {
      await repo.saveConversation(
        companyId,
        row.id,
        { status: 'active', reason: null, exchanges: 0, botConfigId: config.id },
        tx,
      );
    } else if (row.status !== 'active') {
      return null;
    }
    const version = row.version + 1;
    const burstStartedAt = row.burstStartedAt ?? new Date(at);
    await repo.saveConversation(companyId, row.id, { version, burstStartedAt, lastMessageAt: new Date(at) }, tx);
    return { version, burstStartedAt: burstStartedAt.getTime() };
  });
  if (!planned) return 'inactive';
  const due = answerDueAt({
    burstStartedAt: planned.burstStartedAt,
    lastMessageAt: at,
    firstDelay: config.firstDelay,
    lastDelay: config.lastDelay,
  });
  await aiTurnJob.enqueue(
    { companyId, kind, refId, version: planned.version, attempt: 0 },
    { delay: Math.max(0, due - at), jobId: turnJobId(kind, refId, planned.version) },
  );
  return 'scheduled';
}

async function handOver(target: Target, row: repo.ConversationRow, config: BotConfigDto | null, reason: string) {
  const { companyId, kind, refId } = target;
  await repo.saveConversation(companyId, row.id, { status: 'handedOver', reason, inFlight: null, inFlightAt: null });
  await channelOf(companyId, kind, refId).handOver(config?.lastQueueId ?? null);
  log.info({ companyId, kind, refId, reason }, 'AI handed the conversation over to a person');
}

async function integrationFor(companyId: number, config: BotConfigDto) {
  return config.integrationId !== null
    ? repo.findIntegrationRow(companyId, config.integrationId)
    : repo.firstIntegrationRow(companyId);
}

/** One turn of a conversation (its debounce elapsed). */
async function runTurn(data: {
  companyId: number;
  kind: repo.ConversationKind;
  refId: number;
  version: number;
  attempt: number;
}) {
  const { companyId, kind, refId, version } = data;
  const target = { companyId, kind, refId };
  const row = await repo.findConversation(companyId, kind, refId);
  if (!row || row.version !== version || row.status !== 'active') return;
  const channel = channelOf(companyId, kind, refId);
  const config = await repo.findConfig(companyId, row.botConfigId);
  if (!config) return handOver(target, row, null, 'promptDeleted');
  const taken = await channel.taken();
  const decision = decideTurn({ status: row.status, exchanges: row.exchanges }, config, taken);
  if (decision.kind === 'none') {
    if (taken) await repo.saveConversation(companyId, row.id, { status: 'stopped', reason: 'taken' });
    return;
  }
  if (decision.kind === 'handOver') {
    if (config.messageForMaxMessagesExceeded.trim()) await channel.send(config.messageForMaxMessagesExceeded);
    return handOver(target, row, config, decision.reason);
  }
  // one completion in flight per conversation: a turn that finds one running comes back in a second
  const at = nowDate();
  const claimed = await repo.claimInFlight(
    companyId,
    row.id,
    version,
    at,
    new Date(at.getTime() - 2 * completionTimeoutMs),
  );
  if (!claimed) {
    if (data.attempt < 120) {
      await aiTurnJob.enqueue(
        { ...data, attempt: data.attempt + 1 },
        { delay: 1000, jobId: turnJobId(kind, refId, version, data.attempt + 1) },
      );
    }
    return;
  }
  let released = false;
  const release = async () => {
    if (!released) await repo.releaseInFlight(companyId, row.id, version);
    released = true;
  };
  try {
    await repo.saveConversation(companyId, row.id, { burstStartedAt: null });
    const integration = await integrationFor(companyId, config);
    if (!integration) {
      await repo.insertUsage(companyId, usageRow(target, config, null, 'error', 'no integration', 0));
      await channel.typing(false);
      return await handOver(target, row, config, 'noIntegration');
    }
    await channel.typing(true);
    const history = buildAiHistory(config, await channel.messages(config.maxMessagesForDialog));
    const stops = stopSequences(config.stop);
    const started = performance.now();
    let content: string;
    try {
      const res = await openAiAdapter.complete({
        baseURL: integration.apiUrl || DEFAULT_AI_API_URL,
        apiKey: openAiKey(companyId, integration.apiTokenEnc),
        model: config.model,
        messages: history,
        temperature: config.temperature,
        topP: config.topP,
        frequencyPenalty: config.frequencyPenalty,
        presencePenalty: config.presencePenalty,
        maxTokens: config.maxTokens,
        stop: stops,
        timeoutMs: completionTimeoutMs,
      });
      content = cutAtStop(res.content, stops);
      await repo.insertUsage(companyId, {
        ...usageRow(target, config, integration.id, 'ok', content ? null : 'empty answer', performance.now() - started),
        promptTokens: res.promptTokens,
        completionTokens: res.completionTokens,
        totalTokens: res.totalTokens,
      });
    } catch (err) {
      const e = err instanceof AiModelError ? err : new AiModelError(String((err as Error)?.message ?? err), 'error');
      await repo.insertUsage(
        companyId,
        usageRow(target, config, integration.id, e.kind, e.message, performance.now() - started),
      );
      log.warn({ companyId, kind, refId, outcome: e.kind, error: e.message }, 'AI model call failed: handing over');
      await channel.typing(false);
      return await handOver(target, row, config, e.kind === 'timeout' ? 'modelTimeout' : 'modelError');
    }
    if (!content) {
      log.warn({ companyId, kind, refId }, 'AI model answered nothing: handing over');
      await channel.typing(false);
      return await handOver(target, row, config, 'emptyAnswer');
    }
    // the conversation moved during the call: a person took it, or the customer wrote again (the newer turn answers)
    const after = await repo.findConversation(companyId, kind, refId);
    if (after?.status !== 'active') return;
    if (await channel.taken()) {
      await repo.saveConversation(companyId, row.id, { status: 'stopped', reason: 'taken' });
      return;
    }
    if (after.version !== version) {
      log.info({ companyId, kind, refId }, 'AI answer dropped: the customer wrote again meanwhile');
      return;
    }
    const wait = typingMs(content, config.typingSpeed);
    released = true; // the send job releases it
    await aiSendJob.enqueue(
      { companyId, kind, refId, version, body: content },
      { delay: wait, jobId: `ai-send-${kind}-${refId}-${version}` },
    );
  } finally {
    await release();
  }
}

function usageRow(
  target: Target,
  config: BotConfigDto,
  integrationId: number | null,
  outcome: 'ok' | 'error' | 'timeout',
  error: string | null,
  latencyMs: number,
): repo.UsageValues {
  return {
    botConfigId: config.id,
    integrationId,
    kind: target.kind,
    refId: target.refId,
    model: config.model,
    outcome,
    error,
    latencyMs: Math.round(latencyMs),
    at: nowDate(),
  };
}

const Target = z.object({
  kind: z.enum(['ticket', 'simulator']),
  refId: z.number().int().positive(),
  version: z.number().int(),
});

/** The debounced turn of a conversation. */
export const aiTurnJob = defineJob('ai.turn', Target.extend({ attempt: z.number().int().min(0) }), runTurn, {
  attempts: 1,
  concurrency: 8,
});

/** The answer, after its typing time; then the inactivity timer. */
export const aiSendJob = defineJob(
  'ai.send',
  Target.extend({ body: z.string() }),
  async ({ companyId, kind, refId, version, body }) => {
    const row = await repo.findConversation(companyId, kind, refId);
    if (!row) return;
    const channel = channelOf(companyId, kind, refId);
    try {
      if (row.status !== 'active' || (await channel.taken())) return;
      await channel.send(body);
      await repo.saveConversation(companyId, row.id, { exchanges: row.exchanges + 1 });
      if (kind === 'ticket') await channel.typing(false);
      const config = await repo.findConfig(companyId, row.botConfigId);
      if (config?.inactivityMessage.trim()) {
        await aiInactivityJob.enqueue(
          { companyId, kind, refId, version },
          { delay: AI_INACTIVITY_MINUTES * 60_000, jobId: `ai-inactivity-${kind}-${refId}-${version}` },
        );
      }
    } finally {
      await repo.releaseInFlight(companyId, row.id, version);
      if (kind === 'simulator') await channel.status('idle');
    }
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 2000 } },
);

/** The customer stayed silent since the AI's answer: inactivityMessage, once. */
export const aiInactivityJob = defineJob('ai.inactivity', Target, async ({ companyId, kind, refId, version }) => {
  const row = await repo.findConversation(companyId, kind, refId);
  if (!row || row.version !== version || row.status !== 'active' || row.inFlight !== null) return;
  const channel = channelOf(companyId, kind, refId);
  if (await channel.taken()) return;
  const config = await repo.findConfig(companyId, row.botConfigId);
  if (config?.inactivityMessage.trim()) await channel.send(config.inactivityMessage);
});

/** Which prompt handles a ticket: its conversation's (when still active), else the connection's prompt bot setup. */
async function promptOfTicket(companyId: number, ticketId: number, whatsappId: number) {
  const conv = await repo.findConversation(companyId, 'ticket', ticketId);
  if (conv) return { conv, botConfigId: conv.status === 'active' ? conv.botConfigId : null };
  return { conv: null, botConfigId: await promptOfConnection(companyId, whatsappId) };
}

/** The after-inbound reaction (stage ai). */
export const aiReaction: InboundReaction = {
  stage: 'ai',
  name: 'ai',
  async run({ companyId, ticket, message, connection, isGroup }) {
    if (message.fromMe || isGroup || ticket.isGroup) return 'continue';
    // an attendant has it (or it is not waiting): the AI does not answer
    if (ticket.userId !== null || ticket.status !== 'pending') return 'continue';
    const { conv, botConfigId } = await promptOfTicket(companyId, ticket.id, connection.id);
    if (botConfigId === null) return 'continue';
    const config = await repo.findConfig(companyId, botConfigId);
    if (!config) {
      // the prompt was deleted while it had the conversation: a person takes over (never a silent stop)
      if (conv) await handOver({ companyId, kind: 'ticket', refId: ticket.id }, conv, null, 'promptDeleted');
      return 'continue';
    }
    const r = await noteCustomerMessage({ companyId, kind: 'ticket', refId: ticket.id }, config, message.body ?? '');
    return r === 'inactive' ? 'continue' : 'stop';
  },
};

/**
 * The bots area's AI port: a command of type 8 hands the ticket to a prompt — the conversation (re)starts with it and
 * the first turn answers the customer's last message.
 */
async function botHandOver(companyId: number, ticketId: number, botConfigId: number | null): Promise<void> {
  const config = botConfigId !== null ? await repo.findConfig(companyId, botConfigId) : null;
  if (!config) {
    log.warn({ companyId, ticketId, botConfigId }, 'GPT command: no such prompt, the ticket waits for a person');
    return;
  }
  await noteCustomerMessage({ companyId, kind: 'ticket', refId: ticketId }, config, '', { restart: true });
}

/** Startup step: the jobs, the reaction at the after-inbound hook and the bots area's AI port. */
export function startAiArea(opts: { role: 'api' | 'worker' | 'cli' }): void {
  if (opts.role === 'cli') return;
  const env = platform().env;
  if (opts.role === 'worker' && env.databaseUrl && !env.redisUrl) return;
  aiTurnJob.register();
  aiSendJob.register();
  aiInactivityJob.register();
  registerInboundReaction(aiReaction);
  setBotAiPort({
    handOver: botHandOver,
    promptExists: async (companyId, botConfigId) => (await repo.findConfig(companyId, botConfigId)) !== null,
  });
}
