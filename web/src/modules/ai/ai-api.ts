import type {
  AiUsageDto,
  BotConfigDto,
  BotConfigInputRaw,
  BotConfigListDto,
  BotSimulatorDto,
  IntegrationDto,
  IntegrationInput,
  IntegrationListDto,
} from '@zapdesk/core';
import { apiJson } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** The AI screens' calls (spec 2 §7 "AI prompts and integrations"), typed by the core DTOs. */

const query = (searchParam: string, pageNumber: number) =>
  new URLSearchParams({ searchParam, pageNumber: String(pageNumber) }).toString();

// ---- prompts (bot configs)

/** `GET /botConfigs` (searchParam, pageNumber) → `{ botConfigs, count, hasMore }` (deleted ones are not listed). */
export async function fetchPromptsPage(searchParam: string, pageNumber: number): Promise<Page<BotConfigDto>> {
  const res = await apiJson<BotConfigListDto>('GET', `/botConfigs?${query(searchParam, pageNumber)}`);
  return { items: res.botConfigs, hasMore: res.hasMore };
}

export const fetchPrompt = (id: number) => apiJson<BotConfigDto>('GET', `/botConfigs/${id}`);
export const createPrompt = (body: BotConfigInputRaw) => apiJson<BotConfigDto>('POST', '/botConfigs', body);
export const updatePrompt = (id: number, body: BotConfigInputRaw) =>
  apiJson<BotConfigDto>('PUT', `/botConfigs/${id}`, body);
/** soft delete (isDeleted) */
export const deletePrompt = (id: number) => apiJson<unknown>('DELETE', `/botConfigs/${id}`);

// ---- simulator

/** `GET /botSimulator/{botConfigId}` → the simulator's conversation and status. */
export const fetchSimulator = (botConfigId: number) => apiJson<BotSimulatorDto>('GET', `/botSimulator/${botConfigId}`);

/** `POST /botSimulator`: a customer message to the prompt, or `clearConversation` to start again. */
export const postSimulator = (botConfigId: number, body: string | null, clearConversation = false) =>
  apiJson<BotSimulatorDto>('POST', '/botSimulator', {
    botConfigId,
    clearConversation,
    message: body === null ? null : { body, fromMe: false },
  });

// ---- integrations

/** `GET /integration` (searchParam, pageNumber) → `{ integrations, count, hasMore }`; keys come masked. */
export async function fetchIntegrationsPage(searchParam: string, pageNumber: number): Promise<Page<IntegrationDto>> {
  const res = await apiJson<IntegrationListDto>('GET', `/integration?${query(searchParam, pageNumber)}`);
  return { items: res.integrations, hasMore: res.hasMore };
}

/** Every integration of the company (the prompt dialog's picker). */
export async function fetchAllIntegrations(): Promise<IntegrationDto[]> {
  const all: IntegrationDto[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await fetchIntegrationsPage('', page);
    all.push(...res.items);
    if (!res.hasMore) break;
  }
  return all;
}

export const createIntegration = (body: IntegrationInput) => apiJson<IntegrationDto>('POST', '/integration/', body);
/** an empty apiToken keeps the saved key */
export const updateIntegration = (id: number, body: IntegrationInput) =>
  apiJson<IntegrationDto>('PUT', `/integration/${id}`, body);
export const deleteIntegration = (id: number) => apiJson<unknown>('DELETE', `/integration/${id}`);

// ---- usage

/** `GET /aiUsage` → the company's model calls and tokens of the current month. */
export const fetchAiUsage = () => apiJson<AiUsageDto>('GET', '/aiUsage');
