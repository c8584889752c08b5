import type { MessageDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api, apiFetch, apiJson } from '../../lib/api';
import { apiUrl } from '../../lib/config';
import { readJson } from '../../lib/errors';
import { getSessionToken } from '../auth/session-store';

export type MessagePage = { messages: MessageDto[]; hasMore: boolean };

export function fetchMessages(ticketId: number, pageNumber: number, searchTerm?: string): Promise<MessagePage> {
  return parseResponse(
    api.messages[':ticketId'].$get({
      param: { ticketId: String(ticketId) },
      query: { pageNumber: String(pageNumber), ...(searchTerm ? { searchTerm } : {}) },
    }),
  ) as Promise<MessagePage>;
}

/** `POST /messages/{ticketId}/{companyId}` with JSON (spec 1 §7: read, fromMe, body, quotedMsg). */
export async function sendText(
  ticketId: number,
  companyId: number,
  body: string,
  quotedMsgId: number | null,
): Promise<MessageDto[]> {
  const r = await apiJson<{ messages: MessageDto[] }>('POST', `/messages/${ticketId}/${companyId}`, {
    read: 1,
    fromMe: true,
    mediaUrl: null,
    body,
    quotedMsg: quotedMsgId,
  });
  return r.messages;
}

/** A saved location (spec 2 §7): `POST /messages/{ticketId}/{companyId}` with locationId, ticketId, quotedMsg. */
export async function sendLocation(
  ticketId: number,
  companyId: number,
  locationId: number,
  quotedMsgId: number | null,
): Promise<MessageDto[]> {
  const r = await apiJson<{ messages: MessageDto[] }>('POST', `/messages/${ticketId}/${companyId}`, {
    locationId,
    ticketId,
    quotedMsg: quotedMsgId,
  });
  return r.messages;
}

/** The multipart form (medias, body, fromMe): files are validated and stored before anything is sent. */
export async function sendMedia(
  ticketId: number,
  companyId: number,
  files: File[],
  body: string,
  quotedMsgId: number | null,
): Promise<MessageDto[]> {
  const form = new FormData();
  for (const f of files) form.append('medias', f, f.name);
  form.append('body', body);
  form.append('fromMe', 'true');
  if (quotedMsgId) form.append('quotedMsgId', String(quotedMsgId));
  const res = await apiFetch(`/messages/${ticketId}/${companyId}`, { method: 'POST', body: form });
  return (await readJson<{ messages: MessageDto[] }>(res)).messages;
}

export async function deleteMessage(id: number): Promise<void> {
  await apiJson('DELETE', `/messages/${id}/whatsapp`);
}

export type QuickAnswer = { id: number; shortcut: string; message: string };

export async function searchQuickAnswers(text: string): Promise<QuickAnswer[]> {
  const r = await apiJson<{ quickAnswers: QuickAnswer[] }>(
    'GET',
    `/quickAnswers/?searchParam=${encodeURIComponent(text)}&pageNumber=1`,
  );
  return r.quickAnswers;
}

/** A stored media path made loadable by <img>/<audio>/<a> (GET with `?token=`). */
export function mediaSrc(path: string | null): string | null {
  return path ? apiUrl(path, getSessionToken()) : null;
}
