import { randomInt } from 'node:crypto';
import {
  CAMPAIGN_MACHINE_TEXTS,
  CAMPAIGN_TEXTS,
  type CampaignDetail,
  type CampaignDispatchList,
  type CampaignDto,
  type CampaignList,
  type CampaignListQuery,
  type CampaignMessageInput,
  type CampaignStatus,
  type CampaignUpdate,
  campaignCreate,
  campaignUpdate,
  campaignV1,
  DomainError,
  PAGE_SIZE,
  pageWindow,
  type SendListEntry,
} from '@zapdesk/core';
import { now } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { log } from '../../platform/log';
import { beginCampaign, scheduleCampaign } from '../campaign-engine/campaign-engine.service';
import { saveMediaFile } from '../media/media.service';
import { emitCampaignEvent, emitCampaignListEvent, publishCampaignChange, ZERO_COUNTERS } from './campaigns.events';
import * as repo from './campaigns.repo';
import { readSendListSheet, SEND_LIST_SHEET_TEXTS, SendListSheetError } from './campaigns.spreadsheet';

/**
 * Campaigns (spec 2 §3 Campaign / CampaignDispatch, §4, §5 Campaign creation, §7 Campaigns). Every route needs the
 * capability `useCampaigns` (an administrator of a company whose plan enables campaigns); editing and deleting are
 * the owner's (the campaign's user) or an administrator's. The send list is frozen into dispatch rows at creation.
 * The engine (sending, START/PAUSE/Concluir) is modules/campaign-engine. Decisions: docs/DECISIONS.md `## Campaigns`.
 */

export const CAMPAIGN_API_TEXTS = {
  notFound: 'Campanha não encontrada.',
  setupNotFound: 'Configuração de campanha não encontrada.',
  dispatchNotFound: 'Envio não encontrado.',
  running: 'Pause a campanha antes de alterá-la ou excluí-la.',
  finalized: 'Uma campanha finalizada só pode ter o nome alterado.',
  dispatchClaimed: 'Este envio está sendo feito agora. Tente de novo em instantes.',
  mediaMissing: 'Envie o arquivo da mensagem',
} as const;

const notFound = () => new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.notFound);
const invalidMove = (message: string) => new DomainError('ERR_INVALID_CAMPAIGN_TRANSITION', message);

/** An uploaded file of a message (`messageMedias`), or null for a text message. */
export type CampaignUpload = { data: Uint8Array; mimeType?: string; fileName?: string };

function assertMayEdit(ctx: UserCtx, c: { userId: number | null }): void {
  if (!ctx.caps.isAdmin && c.userId !== ctx.user.id) throw new DomainError('ERR_NO_PERMISSION');
}

// ---------------------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------------------

/** GET /Campaign/ (and /Campaign) → { campaigns, count, hasMore }: newest first, search on the name. */
export async function listCampaigns(ctx: UserCtx, q: CampaignListQuery): Promise<CampaignList> {
  assertCan(ctx, 'useCampaigns');
  const page = await repo.listCampaigns(
    ctx.companyId,
    { search: q.searchParam, userId: q.user },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { campaigns: page.rows, count: page.count, hasMore: page.hasMore };
}

async function getCampaign(companyId: number, id: number): Promise<CampaignDto> {
  const c = await repo.findCampaign(companyId, id);
  if (!c) throw notFound();
  return c;
}

/** GET /CampaignDispatch/{campaignId} → { campaignDispatches, hasMore, count, sentCount, failCount, uncertainCount }. */
export async function listCampaignDispatches(
  ctx: UserCtx,
  campaignId: number,
  pageNumber: number,
): Promise<CampaignDispatchList> {
  assertCan(ctx, 'useCampaigns');
  // read together (a missing campaign has no rows either; its 404 is decided after)
  const [row, page] = await Promise.all([
    repo.findCampaignRow(ctx.companyId, campaignId),
    repo.listDispatches(ctx.companyId, campaignId, pageWindow(pageNumber, PAGE_SIZE.records)),
  ]);
  if (!row) throw notFound();
  return { campaignDispatches: page.rows, hasMore: page.hasMore, ...page.counters };
}

/** GET /Campaign/{id} → { campaign, dispatchs }: the campaign and the first page of its dispatches with counters. */
export async function showCampaign(ctx: UserCtx, id: number): Promise<CampaignDetail> {
  assertCan(ctx, 'useCampaigns');
  const [campaign, page] = await Promise.all([
    getCampaign(ctx.companyId, id),
    repo.listDispatches(ctx.companyId, id, pageWindow(1, PAGE_SIZE.records)),
  ]);
  return { campaign, dispatchs: { campaignDispatches: page.rows, hasMore: page.hasMore, ...page.counters } };
}

// ---------------------------------------------------------------------------------------------------------------
// Creation (POST /Campaign, POST /api/campaign/v1)
// ---------------------------------------------------------------------------------------------------------------

export type CampaignCreated = CampaignDto & {
  /** dispatch rows frozen (the send list after normalising and deduplicating) */
  dispatchCount: number;
  /** entries of the sent list dropped: short (under 10 digits) and repeated numbers */
  dropped: { short: number; duplicates: number };
};

type CreateInput = {
  name: string;
  campaignSetupId: number;
  schedule: string | null;
  messages: CampaignMessageInput[];
  sendList: SendListEntry[];
  dropped: { short: number; duplicates: number };
};

async function storedMessages(ctx: UserCtx, messages: CampaignMessageInput[], files: (CampaignUpload | null)[]) {
  const out: repo.NewCampaignMessage[] = [];
  for (const [i, m] of messages.entries()) {
    const file = files[i] ?? null;
    if (m.mediaName && !file) {
      throw new DomainError('ERR_VALIDATION', CAMPAIGN_API_TEXTS.mediaMissing, {
        fields: { [`messages.${i}.mediaName`]: CAMPAIGN_API_TEXTS.mediaMissing },
      });
    }
    if (m.mediaName && file) {
      const saved = await saveMediaFile(ctx.companyId, file);
      out.push({
        greeting: m.greeting,
        body: m.body,
        typeMessage: 'Mídia',
        mediaUrl: saved.url,
        mediaName: m.mediaName,
      });
    } else {
      out.push({ greeting: m.greeting, body: m.body, typeMessage: 'Texto', mediaUrl: null, mediaName: null });
    }
  }
  return out;
}

/**
 * A new campaign: its setup the company's with a connection, media stored, then the campaign (created), its messages
 * and its frozen send list in one transaction. Then the engine takes it: without a schedule it begins at once
 * (`beginCampaign`: start when the setup's autoStart, else pause); with one it waits (`scheduleCampaign`). Should the
 * engine refuse or fail, the campaign stays created (START in the manager) — never an error after the rows exist,
 * or the creator would make it a second time.
 */
async function createFrom(
  ctx: UserCtx,
  input: CreateInput,
  files: (CampaignUpload | null)[],
): Promise<CampaignCreated> {
  assertCan(ctx, 'useCampaigns');
  const setup = await repo.findSetupForCampaign(ctx.companyId, input.campaignSetupId);
  if (!setup) throw new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.setupNotFound);
  if (setup.whatsappCount === 0) throw new DomainError('ERR_VALIDATION', CAMPAIGN_TEXTS.connectionRequired);
  const messages = await storedMessages(ctx, input.messages, files);
  const { id, dispatches } = await repo.insertCampaign(
    ctx.companyId,
    {
      name: input.name,
      status: 'created',
      schedule: null,
      initialized: null,
      userId: ctx.user.id,
      campaignSetupId: setup.id,
      seed: randomInt(0, 2 ** 31 - 1),
    },
    messages,
    input.sendList,
  );
  if (dispatches >= repo.DISPATCH_STATS_AFTER) {
    repo.refreshDispatchStats().catch((err) => log.warn({ err }, 'campaigns: analyze after a big send list failed'));
  }
  try {
    if (input.schedule !== null) await scheduleCampaign(ctx, id, Date.parse(input.schedule));
    else await beginCampaign(ctx, id);
  } catch (err) {
    log.error({ err, companyId: ctx.companyId, campaignId: id }, 'campaigns: the engine did not take the new campaign');
  }
  const campaign = await getCampaign(ctx.companyId, id);
  emitCampaignListEvent(ctx.companyId, { action: 'create', campaign });
  return { ...campaign, dispatchCount: dispatches, dropped: input.dropped };
}

/** POST /Campaign (JSON: name, campaignSetupId, schedule, text messages, sendList). */
export async function createCampaign(ctx: UserCtx, body: unknown): Promise<CampaignCreated> {
  assertCan(ctx, 'useCampaigns');
  const input = campaignCreate(now()).parse(body);
  return createFrom(ctx, input, []);
}

/**
 * POST /api/campaign/v1 (multipart): `campaign` JSON (name, schedule, messages, sendList, optionally
 * campaignSetupId), the setup id (the JSON's or the `campaignSetupId` field), and the `messageMedias` files: as
 * many parts as messages = by position (an empty part for a text message), else one per message with a mediaName,
 * in order. Answers `{ id, … }`.
 */
export async function createCampaignV1(
  ctx: UserCtx,
  form: {
    campaign: unknown;
    campaignSetupId: unknown;
    messageMedias: (CampaignUpload | null)[];
    sendListFile?: Uint8Array | null;
  },
): Promise<CampaignCreated> {
  assertCan(ctx, 'useCampaigns');
  let campaign = form.campaign;
  let sheetDropped = { short: 0, duplicates: 0 };
  if (form.sendListFile && campaign && typeof campaign === 'object' && !Array.isArray(campaign)) {
    // the sheet's contacts join the JSON's list (the same rules then apply to the whole list)
    const sheet = await importSendListSheet(ctx, form.sendListFile);
    const listed = (campaign as { sendList?: unknown }).sendList;
    const rows = sheet.sendList.map((e) => ({ number: e.number, name: e.name, email_opcional: e.email }));
    campaign = { ...campaign, sendList: [...(Array.isArray(listed) ? listed : []), ...rows] };
    sheetDropped = { short: sheet.short, duplicates: sheet.duplicates };
  }
  const parsed = campaignV1(now()).parse(campaign);
  const v = {
    ...parsed,
    dropped: {
      short: parsed.dropped.short + sheetDropped.short,
      duplicates: parsed.dropped.duplicates + sheetDropped.duplicates,
    },
  };
  const setupId = v.campaignSetupId ?? Number(form.campaignSetupId);
  if (!Number.isSafeInteger(setupId) || setupId <= 0) {
    throw new DomainError('ERR_VALIDATION', CAMPAIGN_TEXTS.setupRequired, {
      fields: { campaignSetupId: CAMPAIGN_TEXTS.setupRequired },
    });
  }
  const parts = form.messageMedias;
  let files: (CampaignUpload | null)[];
  if (parts.length === v.messages.length) files = parts;
  else {
    const queue = parts.filter((p): p is CampaignUpload => p !== null);
    files = v.messages.map((m) => (m.mediaName ? (queue.shift() ?? null) : null));
  }
  return createFrom(ctx, { ...v, campaignSetupId: setupId }, files);
}

/** POST /CampaignSendList/import: the creator's Excel import (the rows back, for the contact list builder). */
export async function importSendListSheet(
  ctx: UserCtx,
  data: Uint8Array,
): Promise<{ sendList: SendListEntry[]; rows: number; short: number; duplicates: number }> {
  assertCan(ctx, 'useCampaigns');
  try {
    const built = await readSendListSheet(data);
    return { sendList: built.entries, rows: built.rows, short: built.short, duplicates: built.duplicates };
  } catch (err) {
    if (err instanceof SendListSheetError) {
      throw new DomainError(err.tooLarge ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION', err.message);
    }
    throw err;
  }
}

export { SEND_LIST_SHEET_TEXTS };

// ---------------------------------------------------------------------------------------------------------------
// Edit, delete
// ---------------------------------------------------------------------------------------------------------------

/**
 * PUT /campaign/{id}: name, setup and the manager's schedule (now … +2 months; null or '' clears it). A running
 * campaign (`start`) is not edited (409: pause it first); a finalized one only renamed; the setup changes only
 * before it is finalized. The schedule is the machine's `schedule` move (its effects go to the engine).
 */
export async function updateCampaign(ctx: UserCtx, id: number, body: unknown): Promise<CampaignDto> {
  assertCan(ctx, 'useCampaigns');
  const before = await repo.findCampaignRow(ctx.companyId, id);
  if (!before) throw notFound();
  assertMayEdit(ctx, before);
  const input: CampaignUpdate = campaignUpdate(now()).parse(body);
  const status: CampaignStatus = before.status;
  if (status === 'start') throw invalidMove(CAMPAIGN_API_TEXTS.running);

  const patch: repo.CampaignPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  const setupChanged = input.campaignSetupId !== undefined && input.campaignSetupId !== before.campaignSetupId;
  const scheduleChanged =
    input.schedule !== undefined &&
    (input.schedule === null ? null : Date.parse(input.schedule)) !== (before.schedule?.getTime() ?? null);
  if (status === 'finalized' && (setupChanged || scheduleChanged)) throw invalidMove(CAMPAIGN_API_TEXTS.finalized);
  if (setupChanged && input.campaignSetupId !== undefined) {
    const setup = await repo.findSetupForCampaign(ctx.companyId, input.campaignSetupId);
    if (!setup) throw new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.setupNotFound);
    if (setup.whatsappCount === 0) throw new DomainError('ERR_VALIDATION', CAMPAIGN_TEXTS.connectionRequired);
    patch.campaignSetupId = setup.id;
  }
  // the schedule first: the engine applies the machine's move (and plans or drops the start job); a refusal is a 409
  if (scheduleChanged && input.schedule !== undefined) {
    await scheduleCampaign(ctx, id, input.schedule === null ? null : Date.parse(input.schedule));
  }
  if (Object.keys(patch).length) {
    const now = await repo.findCampaignRow(ctx.companyId, id);
    if (!now) throw notFound();
    if (now.status === 'start') throw invalidMove(CAMPAIGN_API_TEXTS.running);
    const after = await repo.updateCampaignFrom(ctx.companyId, id, now.status, patch);
    // it moved meanwhile (the engine began it, another tab): the caller reloads
    if (!after) throw invalidMove(CAMPAIGN_MACHINE_TEXTS.invalidTransition);
  }
  if (scheduleChanged || Object.keys(patch).length) await publishCampaignChange(ctx.companyId, id);
  return getCampaign(ctx.companyId, id);
}

/** DELETE /campaign/{id}: the owner or an admin; not while running (409: pause it first). Rows cascade. */
export async function deleteCampaign(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useCampaigns');
  const before = await repo.findCampaignRow(ctx.companyId, id);
  if (!before) throw notFound();
  assertMayEdit(ctx, before);
  const r = await repo.deleteCampaignUnlessRunning(ctx.companyId, id);
  if (r === 'missing') throw notFound();
  if (r === 'running') throw invalidMove(CAMPAIGN_API_TEXTS.running);
  // a scheduled start job left behind finds no campaign and does nothing (the engine reads the row)
  emitCampaignEvent(ctx.companyId, id, { action: 'delete', campaignId: id, counters: { ...ZERO_COUNTERS } });
  emitCampaignListEvent(ctx.companyId, { action: 'delete', campaignId: id });
}

/** DELETE /CampaignDispatch/{id}: a contact out of the list (owner or admin), unless it is being sent right now. */
export async function deleteCampaignDispatch(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useCampaigns');
  const d = await repo.findDispatch(ctx.companyId, id);
  if (!d) throw new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.dispatchNotFound);
  const c = await repo.findCampaignRow(ctx.companyId, d.campaignId);
  if (!c) throw new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.dispatchNotFound);
  assertMayEdit(ctx, c);
  const r = await repo.deleteDispatchUnlessClaimed(ctx.companyId, id);
  if (r.result === 'missing') throw new DomainError('ERR_NOT_FOUND', CAMPAIGN_API_TEXTS.dispatchNotFound);
  if (r.result === 'claimed') throw invalidMove(CAMPAIGN_API_TEXTS.dispatchClaimed);
  const counters = await repo.dispatchCounters(ctx.companyId, d.campaignId);
  emitCampaignEvent(ctx.companyId, d.campaignId, { action: 'delete', campaignDispatchId: id, counters });
}
