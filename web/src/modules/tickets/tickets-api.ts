import type { ContactDto, TicketDto, TicketStatus } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api, apiJson } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** Query of `GET /tickets` (spec 1 §7), before serialisation. */
export type TicketListParams = {
  tab: 'open' | 'pending' | 'closed' | 'search';
  pageNumber: number;
  showAll?: boolean;
  /** null: every queue (admins) */
  queueIds?: readonly number[] | null;
  searchParam?: string;
  tags?: readonly number[];
  contactCategories?: readonly number[];
  searchContactId?: number | null;
  searchUserId?: number | null;
  searchInitialDate?: string;
  searchFinalDate?: string;
  searchTicketStatus?: 'all' | TicketStatus;
  /** only tickets with unread messages */
  withUnreadMessages?: boolean;
};

export type TicketPage = { tickets: TicketDto[]; hasMore: boolean; count: number };

const list = (ids: readonly number[] | null | undefined) => (ids?.length ? JSON.stringify(ids) : undefined);

/** The query string object, without empty values (what the web sends; the API's schema parses the same). */
export function ticketListQuery(p: TicketListParams): Record<string, string> {
  const q: Record<string, string | undefined> = {
    pageNumber: String(p.pageNumber),
    tab: p.tab,
    status: p.tab === 'search' ? undefined : p.tab,
    showAll: p.showAll ? 'true' : undefined,
    queueIds: list(p.queueIds),
    searchParam: p.searchParam?.trim() || undefined,
    tags: list(p.tags),
    contactCategories: list(p.contactCategories),
    searchContactId: p.searchContactId ? String(p.searchContactId) : undefined,
    searchUserId: p.searchUserId ? String(p.searchUserId) : undefined,
    searchInitialDate: p.searchInitialDate || undefined,
    searchFinalDate: p.searchFinalDate || undefined,
    searchTicketStatus: p.tab === 'search' && p.searchTicketStatus !== 'all' ? p.searchTicketStatus : undefined,
    withUnreadMessages: p.withUnreadMessages ? 'true' : undefined,
  };
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
}

export function fetchTickets(p: TicketListParams): Promise<TicketPage> {
  return parseResponse(api.tickets.$get({ query: ticketListQuery(p) })) as Promise<TicketPage>;
}

export function fetchTicket(id: number): Promise<TicketDto> {
  return parseResponse(api.tickets[':id'].$get({ param: { id: String(id) } })) as Promise<TicketDto>;
}

export type TicketUpdate = {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  transf?: boolean;
};

export function updateTicket(id: number, json: TicketUpdate): Promise<TicketDto> {
  return parseResponse(api.tickets[':id'].$put({ param: { id: String(id) }, json })) as Promise<TicketDto>;
}

export async function deleteTicket(id: number): Promise<void> {
  await parseResponse(api.tickets[':id'].$delete({ param: { id: String(id) } }));
}

export function createTicket(json: {
  contactId: number;
  queueId: number | null;
  userId: number | null;
  status: 'open';
}): Promise<TicketDto> {
  return parseResponse(api.tickets.$post({ json })) as Promise<TicketDto>;
}

export async function checkContactOpen(contactId: number): Promise<TicketDto | null> {
  const r = (await parseResponse(api.tickets.checkcontactopen.$post({ json: { contactId } }))) as {
    ticket: TicketDto | null;
  };
  return r.ticket;
}

/** Unfinished tickets of a range for the bulk resolve dialog. */
export async function queryTicketIds(q: {
  initialDate: string;
  finalDate: string;
  selectedQueueIds: number[];
  selectedUserIds: number[];
}): Promise<number[]> {
  const r = (await parseResponse(
    api.ticketsquery.$get({
      query: {
        initialDate: q.initialDate,
        finalDate: q.finalDate,
        ...(q.selectedQueueIds.length ? { selectedQueueIds: JSON.stringify(q.selectedQueueIds) } : {}),
        ...(q.selectedUserIds.length ? { selectedUserIds: JSON.stringify(q.selectedUserIds) } : {}),
      },
    }),
  )) as { reportData: { tickets: number[] } };
  return r.reportData.tickets;
}

export async function closeTickets(ids: number[]): Promise<number> {
  const r = (await parseResponse(api.ticketsclosed.$post({ json: { Tickets: ids } }))) as { count: number };
  return r.count;
}

/** `POST /ticketsExport` then downloads the xlsx it points to (same auth as every call). */
export async function exportTicketsXlsx(input: {
  initialDate: string;
  finalDate: string;
  contact: number | string | null;
}): Promise<void> {
  const { url } = (await parseResponse(api.ticketsExport.$post({ json: input }))) as { url: string };
  await downloadFile(url, 'tickets.xlsx');
}

// --- pickers (other areas' read APIs) ---------------------------------------------------------------------------

export type QueueRef = { id: number; name: string; color: string };
export type UserRef = { id: number; name: string; queues: QueueRef[] };
export type WhatsappRef = { id: number; name: string; status: string; isDefault?: boolean };
export type TagRef = { id: number; name: string; color: string };
export type CategoryRef = { id: number; name: string; color: string | null };

export const fetchQueues = () => apiJson<QueueRef[]>('GET', '/queue');
export const fetchAllUsers = () => apiJson<UserRef[]>('GET', '/users/list');
export const fetchWhatsapps = () => apiJson<WhatsappRef[]>('GET', '/whatsapp');
export const fetchTags = () => apiJson<TagRef[]>('GET', '/tags/list');
export const fetchCategories = () => apiJson<CategoryRef[]>('GET', '/categoryContacts/list');

export async function searchUsers(text: string): Promise<UserRef[]> {
  const r = await apiJson<{ users: UserRef[] }>('GET', `/users/?searchParam=${encodeURIComponent(text)}&pageNumber=1`);
  return r.users;
}

export async function searchContacts(text: string): Promise<ContactDto[]> {
  const r = await apiJson<{ contacts: ContactDto[] }>(
    'GET',
    `/contacts?searchParam=${encodeURIComponent(text)}&pageNumber=1`,
  );
  return r.contacts;
}

export const fetchContact = (id: number) => apiJson<ContactDto>('GET', `/contacts/${id}`);
export const createContact = (body: { name: string; number: string; email?: string }) =>
  apiJson<ContactDto>('POST', '/contacts', body);
export const updateContact = (
  id: number,
  body: { name?: string; number?: string; email?: string; extraInfo?: { id?: number; name: string; value: string }[] },
) => apiJson<ContactDto>('PUT', `/contacts/${id}`, body);

/** `GET /tickets/u/{uuid}`: the ticket behind a `/tickets/{uuid}` link (kanban cards, the message API's ticketUrl). */
export function fetchTicketByUuid(uuid: string): Promise<TicketDto> {
  return parseResponse(api.tickets.u[':uuid'].$get({ param: { uuid } })) as Promise<TicketDto>;
}
