import type { CategoryContactRef, ContactDto, ContactImportReport } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api, apiFetch } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { readJson } from '../../lib/errors';

export type ContactPage = { items: ContactDto[]; hasMore: boolean; count: number };

export type ContactFilters = { searchParam: string; categoryIds: number[] };

/** `GET /contacts` (searchParam, pageNumber, selectedContactCategories) → `{ contacts, hasMore, count }`. */
export async function fetchContactsPage(filters: ContactFilters, pageNumber: number): Promise<ContactPage> {
  const res = (await parseResponse(
    api.contacts.$get({
      query: {
        searchParam: filters.searchParam,
        pageNumber: String(pageNumber),
        ...(filters.categoryIds.length ? { selectedContactCategories: JSON.stringify(filters.categoryIds) } : {}),
      },
    }),
  )) as { contacts: ContactDto[]; hasMore: boolean; count: number };
  return { items: res.contacts, hasMore: res.hasMore, count: res.count };
}

export type ContactInput = {
  name: string;
  number: string;
  email: string;
  extraInfo: { id?: number; name: string; value: string }[];
};

export async function createContact(input: ContactInput): Promise<ContactDto> {
  return (await parseResponse(api.contacts.$post({ json: input }))) as ContactDto;
}

export async function updateContact(id: number, input: Partial<ContactInput>): Promise<ContactDto> {
  return (await parseResponse(api.contacts[':id'].$put({ param: { id: String(id) }, json: input }))) as ContactDto;
}

export async function deleteContact(id: number): Promise<void> {
  await parseResponse(api.contacts[':id'].$delete({ param: { id: String(id) } }));
}

/** `GET /categoryContacts/list`: every category of the company (filters, contact modal). */
export async function fetchCategoryOptions(): Promise<CategoryContactRef[]> {
  return (await parseResponse(api.categoryContacts.list.$get())) as CategoryContactRef[];
}

/** `POST /categoryContacts/sync`: replaces the contact's categories; answers the contact. */
export async function syncContactCategories(contactId: number, categoryIds: number[]): Promise<ContactDto> {
  return (await parseResponse(
    api.categoryContacts.sync.$post({ json: { contactId, categoryContacts: categoryIds } }),
  )) as ContactDto;
}

/** `POST /contactsImport`: one contact of the client-side import; 201 = created, 200 = it already existed. */
export async function importOneContact(row: {
  name: string;
  number: string;
  email: string;
}): Promise<{ contact: ContactDto; created: boolean }> {
  const res = await apiFetch('/contactsImport', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(row),
  });
  const contact = await readJson<ContactDto>(res);
  return { contact, created: res.status === 201 };
}

/** `POST /tickets` for the contact's "new ticket" button: open, for the caller. */
export async function openTicketFor(input: {
  contactId: number;
  queueId: number | null;
  userId: number;
}): Promise<{ id: number }> {
  return (await parseResponse(api.tickets.$post({ json: { ...input, status: 'open' } }))) as { id: number };
}

/** `GET /contacts/export` (same filters as the list): the whole address book as one xlsx. */
export function downloadContactsExport(filters?: Partial<ContactFilters>): Promise<void> {
  const q = new URLSearchParams();
  if (filters?.searchParam) q.set('searchParam', filters.searchParam);
  if (filters?.categoryIds?.length) q.set('selectedContactCategories', JSON.stringify(filters.categoryIds));
  const qs = q.toString();
  return downloadFile(`/contacts/export${qs ? `?${qs}` : ''}`, 'contatos.xlsx');
}

/** `GET /contacts/import-template`: the model spreadsheet (name, number, email and one example row). */
export function downloadImportTemplate(): Promise<void> {
  return downloadFile('/contacts/import-template', 'modelo-contatos.xlsx');
}

/** `POST /contacts/import` (multipart `file`): the whole spreadsheet at once, answered with a per-row report. */
export async function importContactsFile(file: File): Promise<ContactImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return readJson<ContactImportReport>(await apiFetch('/contacts/import', { method: 'POST', body: form }));
}
