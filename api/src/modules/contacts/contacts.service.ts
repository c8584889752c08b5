import {
  type ContactDto,
  type ContactEvent,
  type CreateContact,
  DomainError,
  type ExtraInfoItem,
  events,
  type ImportOneContact,
  type ListContactsQuery,
  numberVariants,
  PAGE_SIZE,
  pageWindow,
  type SendListContact,
  type UpdateContact,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import {
  type ContactPatch,
  type ContactRow,
  deleteContact as deleteContactRow,
  findContactByNumbers,
  findContactDto,
  findContactRow,
  insertContact,
  listContacts as listContactRows,
  type StoredExtraInfo,
  sendListContacts,
  updateContact as updateContactRow,
} from './contacts.repo';
import { checkContactNumber } from './contacts.whatsapp-check';

type CompanyCtx = { companyId: number };

export function emitContactEvent(companyId: number, data: ContactEvent): void {
  emit({ companyId, channel: events.contact.of(companyId), data });
}

/** The contact of the company, or ERR_NO_CONTACT_FOUND (404) — also for another company's id. */
export async function getContact(ctx: CompanyCtx, id: number): Promise<ContactDto> {
  const c = await findContactDto(ctx.companyId, id);
  if (!c) throw new DomainError('ERR_NO_CONTACT_FOUND');
  return c;
}

export async function getContactRow(ctx: CompanyCtx, id: number): Promise<ContactRow> {
  const c = await findContactRow(ctx.companyId, id);
  if (!c) throw new DomainError('ERR_NO_CONTACT_FOUND');
  return c;
}

/** GET /contacts → { contacts, hasMore, count } (name order). */
export async function listContacts(ctx: CompanyCtx, q: ListContactsQuery) {
  const { rows, hasMore, count } = await listContactRows(
    ctx.companyId,
    { searchParam: q.searchParam, categoryIds: q.categoryIds },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { contacts: rows, hasMore, count };
}

/** Most contacts a send list answers at once (GET /contactsall). */
export const SEND_LIST_MAX = 50_000;

/** GET /contactsall → { contacts }: the campaign creator's contacts by category (campaigns users only). */
export async function sendListByCategories(
  ctx: UserCtx,
  categoryIds: number[],
): Promise<{ contacts: SendListContact[] }> {
  assertCan(ctx, 'useCampaigns');
  return { contacts: await sendListContacts(ctx.companyId, categoryIds, SEND_LIST_MAX) };
}

/** Keeps the id of items sent back with a known id; numbers the new ones after the highest id. */
export function assignExtraInfoIds(previous: StoredExtraInfo[], next: ExtraInfoItem[]): StoredExtraInfo[] {
  const known = new Set(previous.map((p, i) => p.id ?? i + 1));
  let max = Math.max(0, ...known);
  const used = new Set<number>();
  return next.map((item) => {
    let id = item.id;
    if (id === undefined || !known.has(id) || used.has(id)) id = ++max;
    used.add(id);
    return { id, name: item.name, value: item.value };
  });
}

async function assertNumberFree(companyId: number, number: string, exceptId?: number): Promise<void> {
  const existing = await findContactByNumbers(companyId, numberVariants(number));
  if (existing && existing.id !== exceptId) throw new DomainError('ERR_DUPLICATED_CONTACT');
}

/**
 * The number as WhatsApp knows it, checked through the company's default connection
 * (ERR_NO_DEF_WAPP_FOUND / ERR_WAPP_CHECK_CONTACT / ERR_WAPP_INVALID_CONTACT), then refused if another contact of
 * the company already has it (ERR_DUPLICATED_CONTACT).
 */
async function verifiedNumber(companyId: number, number: string, exceptId?: number): Promise<string> {
  await assertNumberFree(companyId, number, exceptId);
  const checked = await checkContactNumber(companyId, number);
  if (checked !== number) await assertNumberFree(companyId, checked, exceptId);
  return checked;
}

/** POST /contacts and POST /contact */
export async function createContact(ctx: UserCtx, input: CreateContact): Promise<ContactDto> {
  const number = await verifiedNumber(ctx.companyId, input.number);
  const row = await insertContact(ctx.companyId, {
    name: input.name,
    number,
    email: input.email,
    extraInfo: assignExtraInfoIds([], input.extraInfo ?? []),
  });
  if (!row) throw new DomainError('ERR_DUPLICATED_CONTACT');
  const contact = await getContact(ctx, row.id);
  emitContactEvent(ctx.companyId, { action: 'create', contact });
  return contact;
}

/** PUT /contacts/{id}: a changed number is checked again (duplicate + WhatsApp). */
export async function updateContact(ctx: UserCtx, id: number, input: UpdateContact): Promise<ContactDto> {
  const current = await getContactRow(ctx, id);
  const patch: ContactPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.commandBot !== undefined) patch.commandBot = input.commandBot;
  if (input.extraInfo !== undefined) {
    patch.extraInfo = assignExtraInfoIds(current.extraInfo as StoredExtraInfo[], input.extraInfo);
  }
  if (input.number !== undefined && input.number !== current.number) {
    patch.number = await verifiedNumber(ctx.companyId, input.number, id);
  }
  if (Object.keys(patch).length) {
    const r = await updateContactRow(ctx.companyId, id, patch);
    if (r === 'duplicate') throw new DomainError('ERR_DUPLICATED_CONTACT');
  }
  const contact = await getContact(ctx, id);
  emitContactEvent(ctx.companyId, { action: 'update', contact });
  return contact;
}

/** DELETE /contacts/{id}: admin only (contacts-page:deleteContact); the contact's tickets go with it. */
export async function deleteContact(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'contacts-page:deleteContact');
  const gone = await deleteContactRow(ctx.companyId, id);
  if (!gone) throw new DomainError('ERR_NO_CONTACT_FOUND');
  emitContactEvent(ctx.companyId, { action: 'delete', contactId: id });
}

/**
 * POST /contactsImport (client-side import, one row per call): idempotent on number. A new number is checked on
 * WhatsApp like the form's (ERR_WAPP_INVALID_CONTACT…) and inserted (`created: true`); a known number updates the name and a non-empty e-mail (`created: false`), so re-importing a
 * file never duplicates.
 */
export async function importOneContact(
  ctx: UserCtx,
  input: ImportOneContact,
): Promise<{ contact: ContactDto; created: boolean }> {
  const existing = await findContactByNumbers(ctx.companyId, numberVariants(input.number));
  if (existing) {
    const patch: ContactPatch = {};
    if (input.name !== existing.name) patch.name = input.name;
    if (input.email && input.email !== existing.email) patch.email = input.email;
    if (Object.keys(patch).length) await updateContactRow(ctx.companyId, existing.id, patch);
    const contact = await getContact(ctx, existing.id);
    if (Object.keys(patch).length) emitContactEvent(ctx.companyId, { action: 'update', contact });
    return { contact, created: false };
  }
  // a new number gets the contact form's WhatsApp check (issue 12 point 6): refused the same way
  const number = await checkContactNumber(ctx.companyId, input.number);
  const row = await insertContact(ctx.companyId, { name: input.name, number, email: input.email });
  if (!row) {
    // inserted concurrently (the same file imported twice at once): answer the contact that won
    const winner = await findContactByNumbers(ctx.companyId, numberVariants(input.number));
    if (!winner) throw new DomainError('ERR_DUPLICATED_CONTACT');
    return { contact: await getContact(ctx, winner.id), created: false };
  }
  const contact = await getContact(ctx, row.id);
  emitContactEvent(ctx.companyId, { action: 'create', contact });
  return { contact, created: true };
}

/**
 * The platform stores one answer in a contact's extra info (a chatbot's question, spec 2 issue 16): the item named
 * `name` gets `value` (added when absent, replaced when present), then the contact is published.
 */
export async function setContactExtraInfo(companyId: number, contactId: number, name: string, value: string) {
  const current = await getContactRow({ companyId }, contactId);
  const previous = current.extraInfo as StoredExtraInfo[];
  const at = previous.findIndex((i) => i.name === name);
  const next: ExtraInfoItem[] =
    at >= 0
      ? previous.map((i, k) => ({ id: i.id ?? k + 1, name: i.name, value: k === at ? value : i.value }))
      : [...previous.map((i, k) => ({ id: i.id ?? k + 1, name: i.name, value: i.value })), { name, value }];
  await updateContactRow(companyId, contactId, { extraInfo: assignExtraInfoIds(previous, next) });
  const contact = await getContact({ companyId }, contactId);
  emitContactEvent(companyId, { action: 'update', contact });
}
