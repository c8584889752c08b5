import type {
  CampaignDetail,
  CampaignDispatchDto,
  CampaignDispatchList,
  CampaignDto,
  CampaignList,
  CampaignProcessAction,
  CampaignSetupDto,
  CampaignSetupList,
  SendListContact,
  SendListEntry,
} from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api, apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';
import type { Page } from '../../ui/use-paged-list';

/**
 * The campaign screens' calls (spec 2 §7 "Campaigns"). The campaign routes are typed by their core DTOs; the send-list
 * sources (`/contactsall`, `/tagcontacts`) go through the typed client.
 */

export type CampaignPage = Page<CampaignDto> & { count: number };

/** `GET /Campaign/` (searchParam, pageNumber) → `{ campaigns, count, hasMore }`. */
export async function fetchCampaignsPage(searchParam: string, pageNumber: number): Promise<CampaignPage> {
  const q = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const res = await apiJson<CampaignList>('GET', `/Campaign/?${q.toString()}`);
  return { items: res.campaigns, hasMore: res.hasMore, count: res.count };
}

/** `GET /Campaign/{id}` → the campaign and its first page of dispatches. */
export const fetchCampaign = (id: number) => apiJson<CampaignDetail>('GET', `/Campaign/${id}`);

/** `PUT /campaign/{id}`: name, setup, schedule (null clears it); the spec's empty campaignDispatchs goes along. */
export const updateCampaign = (
  id: number,
  body: { name?: string; campaignSetupId?: number; schedule?: string | null },
): Promise<CampaignDto> => apiJson<CampaignDto>('PUT', `/campaign/${id}`, { ...body, campaignDispatchs: [] });

export async function deleteCampaign(id: number): Promise<void> {
  await apiJson('DELETE', `/campaign/${id}`);
}

export type DispatchPage = Page<CampaignDispatchList['campaignDispatches'][number]> & {
  counts: CampaignCounts;
};

/** The manager's counters (spec: count, sentCount, failCount; ours: uncertainCount). */
export type CampaignCounts = {
  count: number;
  sentCount: number;
  failCount: number;
  uncertainCount: number;
  /** dispatches being sent now — only the engine's live counters carry it (undefined: not known) */
  inFlightCount?: number;
};

export const countsOf = (l: Partial<CampaignCounts>): CampaignCounts => ({
  count: l.count ?? 0,
  sentCount: l.sentCount ?? 0,
  failCount: l.failCount ?? 0,
  uncertainCount: l.uncertainCount ?? 0,
  ...(l.inFlightCount !== undefined ? { inFlightCount: l.inFlightCount } : {}),
});

/** `GET /CampaignDispatch/{campaignId}` (pageNumber) → `{ campaignDispatches, hasMore, count, sentCount, failCount }`. */
export async function fetchDispatchPage(campaignId: number, pageNumber: number): Promise<DispatchPage> {
  const res = await apiJson<CampaignDispatchList>('GET', `/CampaignDispatch/${campaignId}?pageNumber=${pageNumber}`);
  return { items: res.campaignDispatches, hasMore: res.hasMore, counts: countsOf(res) };
}

export async function deleteDispatch(id: number): Promise<void> {
  await apiJson('DELETE', `/CampaignDispatch/${id}`);
}

/**
 * An administrator sends an uncertain dispatch again (it goes back to pending; on a finalized campaign it is sent at
 * once by itself, the campaign staying finalized). Answers the row as it is now.
 */
export const resendDispatch = (id: number) => apiJson<CampaignDispatchDto>('POST', `/CampaignDispatch/${id}/resend`);

/** `POST /CampaignProcess/{id}/{start|pause|finalized}` → the campaign as it is now. */
export const processCampaign = (id: number, action: CampaignProcessAction) =>
  apiJson<CampaignDto>('POST', `/CampaignProcess/${id}/${action}`);

/** The setup selector (`GET /CampaignSetup`): every setup of the company, page after page (setups are few). */
export async function fetchSetupOptions(): Promise<CampaignSetupDto[]> {
  const all: CampaignSetupDto[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await apiJson<CampaignSetupList>('GET', `/CampaignSetup?pageNumber=${page}`);
    all.push(...res.campaignSetups);
    if (!res.hasMore) break;
  }
  return all;
}

export const fetchSetup = (id: number) => apiJson<CampaignSetupDto>('GET', `/campaignSetup/${id}`);

/** `GET /contactsall` (selectedContactCategories) → the contacts of those categories. */
export async function contactsOfCategories(ids: number[]): Promise<SendListContact[]> {
  const res = await parseResponse(api.contactsall.$get({ query: { selectedContactCategories: JSON.stringify(ids) } }));
  return (res as { contacts: SendListContact[] }).contacts;
}

/** `GET /tagcontacts` (tags as JSON, dateInitial, dateFinal: YYYY-MM-DD) → the contacts of tickets so tagged. */
export async function contactsOfTags(
  tags: number[],
  dateInitial: string,
  dateFinal: string,
): Promise<SendListContact[]> {
  const query: Record<string, string> = { tags: JSON.stringify(tags) };
  if (dateInitial) query.dateInitial = dateInitial;
  if (dateFinal) query.dateFinal = dateFinal;
  const res = await parseResponse(api.tagcontacts.$get({ query: query as { tags: string } }));
  return (res as { uniqueContacts: SendListContact[] }).uniqueContacts;
}

export type CreatorMessage = { greeting: string; body: string; media: File | null };

/**
 * The creator's save (spec 2 §7): `POST /api/campaign/v1` multipart — field `campaign` (JSON with name, schedule,
 * messages, sendList), the chosen setup's `campaignSetupId` and one `messageMedias` part per message with a file, in
 * message order; the session's token authorises it. Answers the new campaign's id; a refusal's `error` text is thrown as ApiError.
 */
export async function createCampaignV1(input: {
  setupId: number;
  name: string;
  schedule: string | null;
  messages: CreatorMessage[];
  sendList: SendListEntry[];
}): Promise<number> {
  const form = new FormData();
  form.append(
    'campaign',
    JSON.stringify({
      name: input.name,
      schedule: input.schedule,
      campaignSetupId: input.setupId,
      messages: input.messages.map((m) => ({ greeting: m.greeting, body: m.body, mediaName: m.media?.name ?? null })),
      sendList: input.sendList.map((e) => ({ number: e.number, name: e.name, email_opcional: e.email })),
    }),
  );
  form.append('campaignSetupId', String(input.setupId));
  for (const m of input.messages) if (m.media) form.append('messageMedias', m.media, m.media.name);
  const res = await apiFetch('/api/campaign/v1', { method: 'POST', body: form });
  const body = await readJson<{ id: number }>(res);
  return body.id;
}
