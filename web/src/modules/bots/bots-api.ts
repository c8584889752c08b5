import type { BotCommandDto, BotCommandInput, BotSetupDto, BotSetupInput, BotSetupList } from '@zapdesk/core';
import { apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';
import type { Page } from '../../ui/use-paged-list';
import { collectPages, selectorPath } from './search-select';

/** The bot screens' calls (spec 2 §7 "Bot setups", "Bot commands"), typed by the core DTOs. */

export type BotSetupPage = Page<BotSetupDto> & { count: number };

/** `GET /BotSetup/` (searchParam, pageNumber) → `{ botSetups, count, hasMore }`. */
export async function fetchBotSetupsPage(searchParam: string, pageNumber: number): Promise<BotSetupPage> {
  const q = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const res = await apiJson<BotSetupList>('GET', `/BotSetup/?${q.toString()}`);
  return { items: res.botSetups, hasMore: res.hasMore, count: res.count };
}

export const fetchBotSetup = (id: number) => apiJson<BotSetupDto>('GET', `/BotSetup/${id}`);
export const createBotSetup = (body: BotSetupInput) => apiJson<BotSetupDto>('POST', '/BotSetup', body);
export const updateBotSetup = (id: number, body: BotSetupInput) => apiJson<BotSetupDto>('PUT', `/BotSetup/${id}`, body);
export const deleteBotSetup = (id: number) => apiJson<{ message: string }>('DELETE', `/botSetup/${id}`);

/** `GET /botBySetup/{botSetupId}`: the setup's commands in book order. */
export const fetchSetupCommands = (botSetupId: number) => apiJson<BotCommandDto[]>('GET', `/botBySetup/${botSetupId}`);

function commandForm(body: BotCommandInput, media: File | null): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  if (media) {
    form.append('media', media, media.name);
    form.append('mediaName', media.name);
  }
  return form;
}

/** `POST /bot/{companyId}` multipart: `body` = the command's JSON, `media` = a file, `mediaName`. */
export async function createBotCommand(companyId: number, body: BotCommandInput, media: File | null) {
  return readJson<BotCommandDto>(
    await apiFetch(`/bot/${companyId}`, { method: 'POST', body: commandForm(body, media) }),
  );
}

/** `PUT /bot/{companyId}/{id}` multipart, like the create. */
export async function updateBotCommand(companyId: number, id: number, body: BotCommandInput, media: File | null) {
  return readJson<BotCommandDto>(
    await apiFetch(`/bot/${companyId}/${id}`, { method: 'PUT', body: commandForm(body, media) }),
  );
}

export const deleteBotCommand = (id: number) => apiJson<{ message: string }>('DELETE', `/bot/${id}`);

type Named = { id: number; name: string };

/** `GET /tags/list` and `GET /categoryContacts/list`: the pickers of a command's tags and contact categories. */
export const fetchTagOptions = () => apiJson<(Named & { color: string })[]>('GET', '/tags/list');
export const fetchCategoryOptions = () => apiJson<Named[]>('GET', '/categoryContacts/list');

/** Spec 2 §7 "generic search selector": the prompts matching the typed text (`GET /botConfigs?searchParam=…`, paged). */
export const searchPrompts = (text: string) =>
  collectPages(async (page) => {
    const res = await apiJson<{ botConfigs: Named[]; hasMore: boolean }>(
      'GET',
      selectorPath('/botConfigs', text, page),
    );
    return { items: res.botConfigs, hasMore: res.hasMore };
  });

/** The flows a command may run matching the typed text (`GET /flows/?searchParam=…&type=Bot`, paged). */
export const searchBotFlows = (text: string) =>
  collectPages(async (page) => {
    const res = await apiJson<{ flows: Named[]; hasMore: boolean }>(
      'GET',
      selectorPath('/flows/', text, page, { type: 'Bot' }),
    );
    return { items: res.flows, hasMore: res.hasMore };
  });

/** the chosen prompt's / flow's name when editing (`GET /botConfigs/{id}`, `GET /flows/{id}`) */
export const fetchPromptRef = async (id: number): Promise<Named> => {
  const c = await apiJson<Named>('GET', `/botConfigs/${id}`);
  return { id: c.id, name: c.name };
};
export const fetchFlowRef = async (id: number): Promise<Named> => {
  const f = await apiJson<Named>('GET', `/flows/${id}`);
  return { id: f.id, name: f.name };
};
