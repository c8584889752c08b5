import {
  type CategoryContactDto,
  type CategoryContactEvent,
  type ContactDto,
  type CreateCategoryContact,
  DomainError,
  events,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  type UpdateCategoryContact,
} from '@zapdesk/core';
import type { z } from 'zod';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { emitContactEvent, getContact } from '../contacts/contacts.service';
import {
  allCategoryContacts,
  categoryNameTaken,
  countCategoriesInCompany,
  deleteCategoryContact as deleteRow,
  findCategoryContact,
  insertCategoryContact,
  listCategoryContacts as listRows,
  replaceContactCategories,
  updateCategoryContact as updateRow,
} from './category-contacts.repo';

function emitCategoryEvent(companyId: number, data: CategoryContactEvent): void {
  emit({ companyId, channel: events.categoryContact.of(companyId), data });
}

async function getCategory(ctx: UserCtx, id: number): Promise<CategoryContactDto> {
  const c = await findCategoryContact(ctx.companyId, id);
  if (!c) throw new DomainError('ERR_NOT_FOUND', 'Categoria não encontrada.');
  return c;
}

/** GET /categorycontacts/ → { categoryContact, hasMore } (the categories screen: allowCreateCategoryContacts). */
export async function listCategoryContacts(ctx: UserCtx, q: PageQuery) {
  assertCan(ctx, 'createCategoryContacts');
  const { rows, hasMore, count } = await listRows(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { categoryContact: rows, hasMore, count };
}

/** GET /categoryContacts/list: every category (filters and the contact modal's tags; any user of the company). */
export function categoryContactsList(ctx: UserCtx): Promise<CategoryContactDto[]> {
  return allCategoryContacts(ctx.companyId);
}

export async function showCategoryContact(ctx: UserCtx, id: number): Promise<CategoryContactDto> {
  assertCan(ctx, 'createCategoryContacts');
  return getCategory(ctx, id);
}

export async function createCategoryContact(
  ctx: UserCtx,
  input: z.output<typeof CreateCategoryContact>,
): Promise<CategoryContactDto> {
  assertCan(ctx, 'createCategoryContacts');
  if (await categoryNameTaken(ctx.companyId, input.name)) throw new DomainError('ERR_NAME_EXISTS');
  const c = await insertCategoryContact(ctx.companyId, {
    name: input.name,
    color: input.color ?? null,
    userId: ctx.user.id,
  });
  emitCategoryEvent(ctx.companyId, { action: 'create', categoryContact: c });
  return c;
}

export async function updateCategoryContact(
  ctx: UserCtx,
  id: number,
  input: z.output<typeof UpdateCategoryContact>,
): Promise<CategoryContactDto> {
  assertCan(ctx, 'createCategoryContacts');
  await getCategory(ctx, id);
  if (input.name !== undefined && (await categoryNameTaken(ctx.companyId, input.name, id))) {
    throw new DomainError('ERR_NAME_EXISTS');
  }
  const patch: { name?: string; color?: string | null } = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.color !== undefined) patch.color = input.color;
  const c = await updateRow(ctx.companyId, id, patch);
  if (!c) throw new DomainError('ERR_NOT_FOUND', 'Categoria não encontrada.');
  emitCategoryEvent(ctx.companyId, { action: 'update', categoryContact: c });
  // contact lists show category chips: refresh them
  emitContactEvent(ctx.companyId, { action: 'reload' });
  return c;
}

export async function deleteCategoryContact(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'createCategoryContacts');
  if (!(await deleteRow(ctx.companyId, id))) throw new DomainError('ERR_NOT_FOUND', 'Categoria não encontrada.');
  emitCategoryEvent(ctx.companyId, { action: 'delete', categoryContactId: id });
  emitContactEvent(ctx.companyId, { action: 'reload' });
}

/**
 * POST /categoryContacts/sync: sets the contact's categories to exactly this list (allowCategorizeContacts).
 * The contact and every category must belong to the company (404 otherwise). Answers the updated contact.
 */
export async function syncContactCategories(
  ctx: UserCtx,
  input: { contactId: number; categoryContacts: number[] },
): Promise<ContactDto> {
  assertCan(ctx, 'categorizeContacts');
  await getContact(ctx, input.contactId);
  const ids = [...new Set(input.categoryContacts)];
  if ((await countCategoriesInCompany(ctx.companyId, ids)) !== ids.length) {
    throw new DomainError('ERR_NOT_FOUND', 'Categoria não encontrada.');
  }
  await replaceContactCategories(ctx.companyId, input.contactId, ids);
  const contact = await getContact(ctx, input.contactId);
  emitContactEvent(ctx.companyId, { action: 'update', contact });
  return contact;
}

/** The platform adds categories to a contact (a chatbot command, spec 2 issue 16): the company's only, others skipped. */
export async function addContactCategories(companyId: number, contactId: number, categoryIds: number[]) {
  const contact = await getContact({ companyId }, contactId);
  const known = new Set((await allCategoryContacts(companyId)).map((c) => c.id));
  const current = contact.categoryContacts.map((c) => c.id);
  const next = [...new Set([...current, ...categoryIds.filter((id) => known.has(id))])];
  if (next.length === current.length) return;
  await replaceContactCategories(companyId, contactId, next);
  emitContactEvent(companyId, { action: 'update', contact: await getContact({ companyId }, contactId) });
}
