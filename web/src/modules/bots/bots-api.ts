import type { BotCommandDto, BotCommandInput, BotSetupDto, BotSetupInput, BotSetupList } from '@zapdesk/core';
import { apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';
import type { Page } from '../../ui/use-paged-list';

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

/** `GET /flows/?type=Bot`: the flows a command may run (spec 2 §7 "generic search selector … flows, type Bot"). */
/** the company's prompts for a selector (`GET /botConfigs`, the first pages; deleted ones are not listed) */
export async function fetchPromptOptions(): Promise<Named[]> {
  const out: Named[] = [];
  for (let page = 1; page <= 5; page++) {
    const res = await apiJson<{ botConfigs: Named[]; hasMore: boolean }>('GET', `/botConfigs?pageNumber=${page}`);
    out.push(...res.botConfigs.map((c) => ({ id: c.id, name: c.name })));
    if (!res.hasMore) break;
  }
  return out;
}

export async function fetchBotFlows(): Promise<Named[]> {
  const res = await apiJson<{ flows: Named[] }>('GET', '/flows/?type=Bot&pageNumber=1');
  return res.flows;
}
