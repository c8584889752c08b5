import {
  AI_TEXTS,
  BOT_TEXTS,
  type BotCommandDto,
  BotCommandInput,
  type BotCommandListQuery,
  type BotEvent,
  type BotSetupDto,
  type BotSetupEvent,
  BotSetupInput,
  type BotSetupList,
  type BotSetupListQuery,
  type CommandPathReason,
  canManageBotSetup,
  commandPathReason,
  commandPathText,
  DomainError,
  deleteFromTree,
  events,
  PAGE_SIZE,
  pageWindow,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import { categoryContactsList } from '../category-contacts/category-contacts.service';
import { showFlow } from '../flows/flows.service';
import { saveMediaFile } from '../media/media.service';
import { tagsList } from '../tags/tags.service';
import { assertTicketRefs } from '../tickets/tickets.service';
import { getWhatsappInCompany } from '../whatsapp/whatsapp.service';
import { botAiPort } from './bots.ports';
import * as repo from './bots.repo';

/** An uploaded file of the command form (`media`). */
export type BotUpload = { data: Uint8Array; mimeType?: string; fileName?: string };

const setupNotFound = () => new DomainError('ERR_NOT_FOUND', BOT_TEXTS.setupNotFound);
const commandNotFound = () => new DomainError('ERR_NOT_FOUND', BOT_TEXTS.commandNotFound);
const fieldError = (field: string, message: string) =>
  new DomainError('ERR_VALIDATION', message, { fields: { [field]: message } });

/** a refused command path: the Portuguese text, and its code + parameters as `reason` (the web translates it) */
const pathError = (reason: CommandPathReason) => {
  const message = commandPathText(reason);
  return new DomainError('ERR_VALIDATION', message, { fields: { commandBot: message }, reason });
};

/** Plan flag `enableBots`, enforced by the server (spec 2 §1, §6). */
function assertPlan(ctx: UserCtx): void {
  if (!ctx.caps.useBots) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
}

function publishSetup(companyId: number, data: BotSetupEvent): void {
  emit({ companyId, channel: events.botSetup.of(companyId), data });
}
function publishBot(companyId: number, data: BotEvent): void {
  emit({ companyId, channel: events.bot.of(companyId), data });
}

// ---- setups (spec 2 §7 "Bot setups") ----

/** GET /BotSetup/ → { botSetups, count, hasMore }: every user of the company sees every setup. */
export async function listBotSetups(ctx: UserCtx, q: BotSetupListQuery): Promise<BotSetupList> {
  assertPlan(ctx);
  const page = await repo.listSetups(ctx.companyId, q.searchParam, pageWindow(q.pageNumber, PAGE_SIZE.records));
  return { botSetups: page.rows, count: page.count, hasMore: page.hasMore };
}

async function getSetup(companyId: number, id: number): Promise<BotSetupDto> {
  const s = await repo.findSetup(companyId, id);
  if (!s) throw setupNotFound();
  return s;
}

export async function showBotSetup(ctx: UserCtx, id: number): Promise<BotSetupDto> {
  assertPlan(ctx);
  return getSetup(ctx.companyId, id);
}

/** The owner: the caller unless an admin names another user (a non-admin naming someone else is refused). */
function ownerOf(ctx: UserCtx, userId: number | null, current: number | null): number | null {
  if (userId === null) return current ?? ctx.user.id;
  if (userId !== ctx.user.id && userId !== current && ctx.user.profile !== 'admin') {
    throw new DomainError('ERR_NO_PERMISSION');
  }
  return userId;
}

/** The connections are the company's and in no other setup (409 ERR_BOT_WHATSAPP_IN_USE naming both). */
async function assertSetupRefs(ctx: UserCtx, input: BotSetupInput): Promise<void> {
  for (const id of input.whatsapps) await getWhatsappInCompany(ctx.companyId, id);
  await assertTicketRefs(ctx.companyId, { queueId: input.transferQueueId, userId: input.userId });
  await assertBotConfig(ctx.companyId, input.botConfigId);
}

/**
 * a prompt (AI area's botConfig) named by a setup or a command must be the company's, not deleted (404); asked
 * through the port the AI area installs (bots do not import it: the AI area imports bots); without it no prompt
 * exists
 */
async function assertBotConfig(companyId: number, botConfigId: number | null): Promise<void> {
  if (botConfigId !== null && !(await botAiPort()?.promptExists(companyId, botConfigId))) {
    throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.promptNotFound);
  }
}

/** checked inside the write's transaction (its statements only: PGlite has one connection) */
async function assertConnectionsFree(ctx: UserCtx, input: BotSetupInput, setupId: number | null, tx: repo.Tx) {
  const taken = await repo.connectionsInOtherSetups(ctx.companyId, input.whatsapps, setupId, tx);
  const first = taken[0];
  if (first) {
    throw new DomainError(
      'ERR_BOT_WHATSAPP_IN_USE',
      `A conexão ${first.whatsappName} já pertence à configuração de bot ${first.botSetupName}.`,
      { whatsappId: first.whatsappId, botSetupId: first.botSetupId },
    );
  }
}

function setupValues(input: BotSetupInput, userId: number | null): repo.BotSetupValues {
  const { whatsapps: _w, ...rest } = input;
  return { ...rest, userId };
}

/** a second setup claiming a connection at the same moment loses on the unique index: the same 409 */
function inUse(err: unknown): never {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw new DomainError('ERR_BOT_WHATSAPP_IN_USE');
  throw err;
}

/** POST /BotSetup */
export async function createBotSetup(ctx: UserCtx, body: unknown): Promise<BotSetupDto> {
  assertPlan(ctx);
  const input = BotSetupInput.parse(body);
  const userId = ownerOf(ctx, input.userId, null);
  await assertSetupRefs(ctx, input);
  const row = await repo
    .withTransaction(async (tx) => {
      await assertConnectionsFree(ctx, input, null, tx);
      return repo.insertSetup(ctx.companyId, setupValues(input, userId), input.whatsapps, tx);
    })
    .catch(inUse);
  const dto = await getSetup(ctx.companyId, row.id);
  publishSetup(ctx.companyId, { action: 'create', botSetup: dto });
  return dto;
}

/** PUT /BotSetup/{id}: the owner or an admin; the whole setup (absent optional fields back to their defaults). */
export async function updateBotSetup(ctx: UserCtx, id: number, body: unknown): Promise<BotSetupDto> {
  assertPlan(ctx);
  const before = await repo.findSetupRow(ctx.companyId, id);
  if (!before) throw setupNotFound();
  if (!canManageBotSetup(ctx.user, before)) throw new DomainError('ERR_NO_PERMISSION');
  const input = BotSetupInput.parse(body);
  const userId = ownerOf(ctx, input.userId, before.userId);
  await assertSetupRefs(ctx, input);
  await repo
    .withTransaction(async (tx) => {
      await assertConnectionsFree(ctx, input, id, tx);
      const r = await repo.updateSetup(ctx.companyId, id, setupValues(input, userId), input.whatsapps, tx);
      if (!r) throw setupNotFound();
    })
    .catch(inUse);
  const dto = await getSetup(ctx.companyId, id);
  publishSetup(ctx.companyId, { action: 'update', botSetup: dto });
  return dto;
}

/** DELETE /botSetup/{id}: the owner or an admin; its commands and ticket states go with it. */
export async function deleteBotSetup(ctx: UserCtx, id: number): Promise<void> {
  assertPlan(ctx);
  const before = await repo.findSetupRow(ctx.companyId, id);
  if (!before) throw setupNotFound();
  if (!canManageBotSetup(ctx.user, before)) throw new DomainError('ERR_NO_PERMISSION');
  if (!(await repo.deleteSetup(ctx.companyId, id))) throw setupNotFound();
  publishSetup(ctx.companyId, { action: 'delete', botSetupId: id });
  publishBot(ctx.companyId, { action: 'reload', botSetupId: id });
}

// ---- commands (spec 2 §7 "Bot commands") ----

/** GET /botBySetup/{botSetupId}: the setup's commands in book order. */
export async function listSetupCommands(ctx: UserCtx, botSetupId: number): Promise<BotCommandDto[]> {
  assertPlan(ctx);
  await getSetup(ctx.companyId, botSetupId);
  return repo.listCommands(ctx.companyId, { botSetupId });
}

/** GET /bot/: the company's commands (of one setup with `botSetupId`), book order. */
export async function listBotCommands(ctx: UserCtx, q: BotCommandListQuery): Promise<BotCommandDto[]> {
  assertPlan(ctx);
  if (q.botSetupId) await getSetup(ctx.companyId, q.botSetupId);
  return repo.listCommands(ctx.companyId, { botSetupId: q.botSetupId, search: q.searchParam });
}

export async function showBotCommand(ctx: UserCtx, id: number): Promise<BotCommandDto> {
  assertPlan(ctx);
  const c = await repo.findCommand(ctx.companyId, id);
  if (!c) throw commandNotFound();
  return c;
}

/** The queue, user, tags, categories and flow named by the form are the company's (404 otherwise). */
async function assertCommandRefs(ctx: UserCtx, input: BotCommandInput): Promise<void> {
  await assertTicketRefs(ctx.companyId, { queueId: input.queueId, userId: input.userId });
  await assertBotConfig(ctx.companyId, input.botConfigId);
  if (input.tags.length) {
    const known = new Set((await tagsList(ctx)).map((t) => t.id));
    if (input.tags.some((id) => !known.has(id))) throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  }
  if (input.botCategoryContacts.length) {
    const known = new Set((await categoryContactsList(ctx)).map((c) => c.id));
    if (input.botCategoryContacts.some((id) => !known.has(id))) {
      throw new DomainError('ERR_NOT_FOUND', 'Categoria não encontrada.');
    }
  }
  if (input.typeMessage === 'flow') {
    // spec 2 §5: "The flow option is disabled unless the company has enableFlows"
    if (!ctx.caps.useFlows) throw fieldError('typeMessage', BOT_TEXTS.flowDisabled);
    if (input.flowId !== null) await showFlow(ctx, input.flowId);
  }
}

function commandValues(input: BotCommandInput): Omit<repo.BotCommandValues, 'mediaUrl' | 'mediaName'> {
  return {
    botSetupId: input.botSetupId,
    commandBot: input.commandBot,
    commandType: input.commandType,
    descriptionBot: input.descriptionBot,
    showMessage: input.showMessage,
    typeMessage: input.typeMessage,
    flowId: input.flowId,
    botConfigId: input.botConfigId,
    forceNextFlow: input.forceNextFlow,
    userId: input.userId,
    queueId: input.queueId,
    tags: input.tags,
    botCategoryContacts: input.botCategoryContacts,
    webhook: input.webhook,
  };
}

async function storeMedia(ctx: UserCtx, media: BotUpload, mediaName: string | null) {
  const saved = await saveMediaFile(ctx.companyId, media);
  return { mediaUrl: saved.url, mediaName: mediaName ?? saved.fileName };
}

async function manageableSetup(ctx: UserCtx, botSetupId: number, tx: repo.Tx) {
  const setup = await repo.lockSetup(ctx.companyId, botSetupId, tx);
  if (!setup) throw setupNotFound();
  if (!canManageBotSetup(ctx.user, setup)) throw new DomainError('ERR_NO_PERMISSION');
  return setup;
}

/** POST /bot/{companyId}: `{companyId}` must be the caller's (404 otherwise); the setup's owner or an admin. */
export async function createBotCommand(
  ctx: UserCtx,
  companyId: number,
  body: unknown,
  media: BotUpload | null,
): Promise<BotCommandDto> {
  if (companyId !== ctx.companyId) throw commandNotFound();
  assertPlan(ctx);
  const input = BotCommandInput.parse(body);
  await assertCommandRefs(ctx, input);
  const stored = media ? await storeMedia(ctx, media, input.mediaName) : { mediaUrl: null, mediaName: null };
  const row = await repo.withTransaction(async (tx) => {
    await manageableSetup(ctx, input.botSetupId, tx);
    const others = (await repo.listCommandRows(ctx.companyId, { botSetupId: input.botSetupId }, tx)).map(
      (c) => c.commandBot,
    );
    const problem = commandPathReason(input.commandBot, others);
    if (problem) throw pathError(problem);
    return repo.insertCommand(ctx.companyId, { ...commandValues(input), ...stored }, tx);
  });
  const [dto] = await repo.commandDtosOf(ctx.companyId, [row]);
  publishBot(ctx.companyId, { action: 'create', bot: dto as BotCommandDto });
  return dto as BotCommandDto;
}

/** PUT /bot/{companyId}/{id}: the setup's owner or an admin; a command stays in its setup. */
export async function updateBotCommand(
  ctx: UserCtx,
  companyId: number,
  id: number,
  body: unknown,
  media: BotUpload | null,
): Promise<BotCommandDto> {
  if (companyId !== ctx.companyId) throw commandNotFound();
  assertPlan(ctx);
  const before = await repo.findCommandRow(ctx.companyId, id);
  if (!before) throw commandNotFound();
  const raw = body && typeof body === 'object' ? { botSetupId: before.botSetupId, ...body } : body;
  const input = BotCommandInput.parse(raw);
  if (input.botSetupId !== before.botSetupId) throw fieldError('botSetupId', BOT_TEXTS.botSetupRequired);
  await assertCommandRefs(ctx, input);
  const stored = media
    ? await storeMedia(ctx, media, input.mediaName)
    : input.mediaUrl === '' || input.mediaUrl === null
      ? { mediaUrl: null, mediaName: null }
      : { mediaUrl: before.mediaUrl, mediaName: input.mediaName ?? before.mediaName };
  const row = await repo.withTransaction(async (tx) => {
    await manageableSetup(ctx, before.botSetupId, tx);
    const current = await repo.findCommandRow(ctx.companyId, id, tx);
    if (!current) throw commandNotFound();
    const others = (await repo.listCommandRows(ctx.companyId, { botSetupId: before.botSetupId }, tx))
      .filter((c) => c.id !== id)
      .map((c) => c.commandBot);
    const problem = commandPathReason(input.commandBot, others, current.commandBot);
    if (problem) throw pathError(problem);
    return repo.updateCommand(ctx.companyId, id, { ...commandValues(input), ...stored }, tx);
  });
  if (!row) throw commandNotFound();
  const [dto] = await repo.commandDtosOf(ctx.companyId, [row]);
  publishBot(ctx.companyId, { action: 'update', bot: dto as BotCommandDto });
  return dto as BotCommandDto;
}

/**
 * DELETE /bot/{id}: the setup's owner or an admin. Its subcommands go with it and the later siblings move up (core
 * `deleteFromTree`), so the tree keeps no gap; the list reloads live.
 */
export async function deleteBotCommand(ctx: UserCtx, id: number): Promise<void> {
  assertPlan(ctx);
  const before = await repo.findCommandRow(ctx.companyId, id);
  if (!before) throw commandNotFound();
  const result = await repo.withTransaction(async (tx) => {
    await manageableSetup(ctx, before.botSetupId, tx);
    const current = await repo.findCommandRow(ctx.companyId, id, tx);
    if (!current) throw commandNotFound();
    const paths = (await repo.listCommandRows(ctx.companyId, { botSetupId: current.botSetupId }, tx)).map(
      (c) => c.commandBot,
    );
    const { removed, renamed } = deleteFromTree(paths, current.commandBot);
    const gone = await repo.applyTreeDelete(ctx.companyId, current.botSetupId, removed, renamed, tx);
    return { gone, renamed: renamed.length };
  });
  if (result.gone.length === 1 && result.renamed === 0) publishBot(ctx.companyId, { action: 'delete', botId: id });
  else publishBot(ctx.companyId, { action: 'reload', botSetupId: before.botSetupId });
}

/**
 * The prompt of the connection's bot setup when it is of botType prompt (the AI area's runtime asks, at the
 * after-inbound hook): its botConfigId, or null (no setup, a common bot, or none chosen).
 */
export async function promptOfConnection(companyId: number, whatsappId: number): Promise<number | null> {
  const setup = await repo.setupOfConnection(companyId, whatsappId);
  return setup?.botType === 'prompt' ? setup.botConfigId : null;
}
