import {
  CAMPAIGN_SETUP_DEFAULTS,
  CAMPAIGN_TEXTS,
  type CampaignListQuery,
  type CampaignSetupDto,
  type CampaignSetupEvent,
  type CampaignSetupInput,
  type CampaignSetupList,
  DomainError,
  events,
  PAGE_SIZE,
  pageWindow,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { getQueueInCompany } from '../queues/queues.service';
import { getUserDto } from '../users/users.service';
import { getWhatsappInCompany } from '../whatsapp/whatsapp.service';
import * as repo from './campaign-setups.repo';

/**
 * Campaign setups (spec 2 §3 CampaignSetup, §5 Campaign setup, §7 "Campaign setups"). Every route needs the
 * capability `useCampaigns` (an administrator of a company whose plan enables campaigns). Editing and deleting are
 * the owner's (the setup's user) or an administrator's; the ban-safety fields (core SAFETY_FIELDS) an administrator's
 * only. Decisions: docs/DECISIONS.md `## Campaigns`.
 */

const NOT_FOUND = 'Configuração de campanha não encontrada.';

function publish(companyId: number, data: CampaignSetupEvent): void {
  emit({ companyId, channel: events.campaignSetup.of(companyId), adminOnly: true, data });
}

async function getSetup(companyId: number, id: number): Promise<CampaignSetupDto> {
  const s = await repo.findSetup(companyId, id);
  if (!s) throw new DomainError('ERR_NOT_FOUND', NOT_FOUND);
  return s;
}

/** Owner (the setup's user) or administrator; anyone else 403. */
function assertMayEdit(ctx: UserCtx, setup: CampaignSetupDto): void {
  if (!ctx.caps.isAdmin && setup.userId !== ctx.user.id) throw new DomainError('ERR_NO_PERMISSION');
}

/**
 * Connections: one or more (the schema), each the company's (404) and not its default one (400, spec 2 §5 text);
 * queue and user the company's (404).
 */
async function assertRefs(companyId: number, input: CampaignSetupInput): Promise<void> {
  if (!input.whatsapps.length) throw new DomainError('ERR_VALIDATION', CAMPAIGN_TEXTS.connectionRequired);
  for (const id of input.whatsapps) {
    const w = await getWhatsappInCompany(companyId, id);
    if (w.isDefault) {
      throw new DomainError('ERR_CAMPAIGN_SETUP_DEFAULT_WHATSAPP', CAMPAIGN_TEXTS.nonDefaultConnection);
    }
  }
  if (input.queueId != null) await getQueueInCompany(companyId, input.queueId);
  if (input.userId != null) await getUserDto(companyId, input.userId);
}

/** The stored values; a non-administrator's safety fields come from `keep` (defaults on create, stored on edit). */
function valuesOf(
  ctx: UserCtx,
  input: CampaignSetupInput,
  keep: Pick<
    repo.SetupValues,
    'intervalJitterPct' | 'sendWindowStart' | 'sendWindowEnd' | 'breakerThreshold' | 'warmup'
  >,
): repo.SetupValues {
  const safety = ctx.caps.isAdmin
    ? {
        intervalJitterPct: input.intervalJitterPct,
        sendWindowStart: input.sendWindowStart,
        sendWindowEnd: input.sendWindowEnd,
        breakerThreshold: input.breakerThreshold,
        warmup: input.warmup.map((t) => ({ ...t })),
      }
    : {
        // only the safety fields of `keep` (a stored setup's DTO carries every other field too)
        intervalJitterPct: keep.intervalJitterPct,
        sendWindowStart: keep.sendWindowStart,
        sendWindowEnd: keep.sendWindowEnd,
        breakerThreshold: keep.breakerThreshold,
        warmup: keep.warmup.map((t) => ({ ...t })),
      };
  return {
    name: input.name,
    queueId: input.queueId ?? null,
    userId: input.userId ?? null,
    ticketSetStatus: input.ticketSetStatus,
    tMax: input.tMax,
    tMin: input.tMin,
    intervalSeconds: input.interval,
    autoStart: input.autoStart,
    webhookUrlConcluded: input.webhookUrlConcluded,
    jsonButtonOrList: input.jsonButtonOrList ? JSON.stringify(input.jsonButtonOrList) : null,
    ...safety,
  };
}

const DEFAULT_SAFETY = {
  intervalJitterPct: CAMPAIGN_SETUP_DEFAULTS.intervalJitterPct,
  sendWindowStart: CAMPAIGN_SETUP_DEFAULTS.sendWindowStart,
  sendWindowEnd: CAMPAIGN_SETUP_DEFAULTS.sendWindowEnd,
  breakerThreshold: CAMPAIGN_SETUP_DEFAULTS.breakerThreshold,
  warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((t) => ({ ...t })),
};

/** GET /CampaignSetup/ (and /CampaignSetup) → { campaignSetups, count, hasMore } (list kit). */
export async function listCampaignSetups(ctx: UserCtx, q: CampaignListQuery): Promise<CampaignSetupList> {
  assertCan(ctx, 'useCampaigns');
  if (q.user !== null) await getUserDto(ctx.companyId, q.user);
  const { rows, count, hasMore } = await repo.listSetups(
    ctx.companyId,
    { search: q.searchParam, userId: q.user },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { campaignSetups: rows, count, hasMore };
}

export async function showCampaignSetup(ctx: UserCtx, id: number): Promise<CampaignSetupDto> {
  assertCan(ctx, 'useCampaigns');
  return getSetup(ctx.companyId, id);
}

export async function createCampaignSetup(ctx: UserCtx, input: CampaignSetupInput): Promise<CampaignSetupDto> {
  assertCan(ctx, 'useCampaigns');
  await assertRefs(ctx.companyId, input);
  const id = await repo.insertSetup(ctx.companyId, valuesOf(ctx, input, DEFAULT_SAFETY), input.whatsapps);
  const setup = await getSetup(ctx.companyId, id);
  publish(ctx.companyId, { action: 'create', campaignSetup: setup });
  return setup;
}

export async function updateCampaignSetup(
  ctx: UserCtx,
  id: number,
  input: CampaignSetupInput,
): Promise<CampaignSetupDto> {
  assertCan(ctx, 'useCampaigns');
  const before = await getSetup(ctx.companyId, id);
  assertMayEdit(ctx, before);
  await assertRefs(ctx.companyId, input);
  if (!(await repo.updateSetup(ctx.companyId, id, valuesOf(ctx, input, before), input.whatsapps, nowDate()))) {
    throw new DomainError('ERR_NOT_FOUND', NOT_FOUND);
  }
  const setup = await getSetup(ctx.companyId, id);
  publish(ctx.companyId, { action: 'update', campaignSetup: setup });
  return setup;
}

/** Refused (409 ERR_CAMPAIGN_SETUP_IN_USE) while a non-finalized campaign uses the setup. */
export async function deleteCampaignSetup(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useCampaigns');
  assertMayEdit(ctx, await getSetup(ctx.companyId, id));
  const outcome = await repo.deleteSetupUnlessInUse(ctx.companyId, id);
  if (outcome === 'missing') throw new DomainError('ERR_NOT_FOUND', NOT_FOUND);
  if (outcome === 'inUse') throw new DomainError('ERR_CAMPAIGN_SETUP_IN_USE');
  publish(ctx.companyId, { action: 'delete', campaignSetupId: id });
}
