import {
  AI_TEXTS,
  type AiUsageDto,
  type BotConfigDto,
  type BotConfigInput,
  type BotConfigListDto,
  DomainError,
  type IntegrationDto,
  type IntegrationInput,
  type IntegrationListDto,
  integrationModels,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { getQueueInCompany } from '../queues/queues.service';
import * as repo from './ai.repo';
import { sealAiKey } from './ai.secret';

/**
 * AI prompts and integrations (spec 2 §7 "AI prompts and integrations"): administrators of a company whose plan has
 * `iaIntegrationEnabled` (capability `useAi`), server-enforced on every route; another company's record is 404.
 * An integration's key is sealed at rest and never answered (its mask is).
 */

const validation = (path: string, message: string) =>
  new DomainError('ERR_VALIDATION', message, { fields: { [path]: message } });

// ---- integrations ----

export async function listIntegrations(ctx: UserCtx, q: PageQuery): Promise<IntegrationListDto> {
  assertCan(ctx, 'useAi');
  const { rows, hasMore, count } = await repo.listIntegrations(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { integrations: rows, count, hasMore };
}

async function getIntegration(companyId: number, id: number): Promise<IntegrationDto> {
  const i = await repo.findIntegration(companyId, id);
  if (!i) throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.integrationNotFound);
  return i;
}

export async function showIntegration(ctx: UserCtx, id: number): Promise<IntegrationDto> {
  assertCan(ctx, 'useAi');
  return getIntegration(ctx.companyId, id);
}

const integrationValues = (input: IntegrationInput): repo.IntegrationValues => ({
  name: input.name,
  integrationType: input.integrationType,
  apiUrl: input.apiUrl,
  message: input.message,
  dataJson: input.dataJson,
});

const sealed = (companyId: number, key: string) => ({
  apiTokenEnc: sealAiKey(companyId, key),
  apiTokenLast4: key.slice(-4),
});

/** Creates an integration (the route, and the demo seed); the key is required (spec 2 §5). */
export async function createIntegrationFor(companyId: number, input: IntegrationInput): Promise<IntegrationDto> {
  if (!input.apiToken) throw validation('apiToken', AI_TEXTS.required);
  const id = await repo.insertIntegration(companyId, {
    ...integrationValues(input),
    ...sealed(companyId, input.apiToken),
  });
  return getIntegration(companyId, id);
}

export async function createIntegration(ctx: UserCtx, input: IntegrationInput): Promise<IntegrationDto> {
  assertCan(ctx, 'useAi');
  return createIntegrationFor(ctx.companyId, input);
}

/** Edits an integration; an absent or empty apiToken keeps the saved key (the form shows only its mask). */
export async function updateIntegrationFor(
  companyId: number,
  id: number,
  input: IntegrationInput,
): Promise<IntegrationDto> {
  const current = await repo.findIntegrationRow(companyId, id);
  if (!current) throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.integrationNotFound);
  const key = input.apiToken && !input.apiToken.startsWith('••••') ? sealed(companyId, input.apiToken) : {};
  await repo.updateIntegration(companyId, id, { ...integrationValues(input), ...key }, nowDate());
  return getIntegration(companyId, id);
}

export async function updateIntegration(ctx: UserCtx, id: number, input: IntegrationInput): Promise<IntegrationDto> {
  assertCan(ctx, 'useAi');
  return updateIntegrationFor(ctx.companyId, id, input);
}

export async function deleteIntegration(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useAi');
  if (!(await repo.deleteIntegration(ctx.companyId, id))) {
    throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.integrationNotFound);
  }
}

// ---- prompts ----

export async function listBotConfigs(ctx: UserCtx, q: PageQuery): Promise<BotConfigListDto> {
  assertCan(ctx, 'useAi');
  const { rows, hasMore, count } = await repo.listConfigs(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { botConfigs: rows, count, hasMore };
}

async function getConfig(companyId: number, id: number): Promise<BotConfigDto> {
  const c = await repo.findConfig(companyId, id);
  if (!c) throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.promptNotFound);
  return c;
}

export async function showBotConfig(ctx: UserCtx, id: number): Promise<BotConfigDto> {
  assertCan(ctx, 'useAi');
  return getConfig(ctx.companyId, id);
}

/**
 * A prompt of the company (not deleted) for other areas (the bots area checks a setup's or a command's botConfigId):
 * null when it is not the company's.
 */
export async function findBotConfigInCompany(companyId: number, id: number): Promise<BotConfigDto | null> {
  return repo.findConfig(companyId, id);
}

/** The queue and integration must be the company's (404); the model one the integration offers (§5 + dataJson). */
async function configValues(companyId: number, input: BotConfigInput): Promise<repo.BotConfigValues> {
  if (input.lastQueueId !== null) await getQueueInCompany(companyId, input.lastQueueId);
  const integration =
    input.integrationId !== null
      ? await repo.findIntegrationRow(companyId, input.integrationId)
      : await repo.firstIntegrationRow(companyId);
  if (input.integrationId !== null && !integration) {
    throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.integrationNotFound);
  }
  if (!integrationModels(integration?.dataJson ?? '').includes(input.model)) {
    throw validation('model', AI_TEXTS.invalidOption);
  }
  return { ...input };
}

export async function createBotConfigFor(companyId: number, input: BotConfigInput): Promise<BotConfigDto> {
  const id = await repo.insertConfig(companyId, await configValues(companyId, input));
  return getConfig(companyId, id);
}

export async function createBotConfig(ctx: UserCtx, input: BotConfigInput): Promise<BotConfigDto> {
  assertCan(ctx, 'useAi');
  return createBotConfigFor(ctx.companyId, input);
}

export async function updateBotConfig(ctx: UserCtx, id: number, input: BotConfigInput): Promise<BotConfigDto> {
  assertCan(ctx, 'useAi');
  await getConfig(ctx.companyId, id);
  await repo.updateConfig(ctx.companyId, id, await configValues(ctx.companyId, input), nowDate());
  return getConfig(ctx.companyId, id);
}

/** Soft delete (isDeleted): bot setups and commands that name it stop using it; its conversations hand over. */
export async function deleteBotConfig(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useAi');
  if (!(await repo.softDeleteConfig(ctx.companyId, id, nowDate()))) {
    throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.promptNotFound);
  }
}

/** tokens used and model calls of the company since an instant (the AI's usage, recorded per call) */
export function aiUsageSince(companyId: number, since: Date) {
  return repo.usageSince(companyId, since);
}

/** GET /aiUsage: the company's model calls and tokens of the current month (from its first day, 00:00 UTC) */
export async function showAiUsage(ctx: UserCtx): Promise<AiUsageDto> {
  assertCan(ctx, 'useAi');
  const now = nowDate();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { since: since.toISOString(), ...(await repo.usageSince(ctx.companyId, since)) };
}
