import type { CategoryContactDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

export type CategoryInput = { name: string; color: string };

/** `GET /categorycontacts/` (searchParam, pageNumber) → `{ categoryContact, hasMore }` (spec 2 §7). */
export async function fetchCategoriesPage(searchParam: string, pageNumber: number): Promise<Page<CategoryContactDto>> {
  const res = (await parseResponse(
    api.categorycontacts.$get({ query: { searchParam, pageNumber: String(pageNumber) } }),
  )) as { categoryContact: CategoryContactDto[]; hasMore: boolean };
  return { items: res.categoryContact, hasMore: res.hasMore };
}

export async function createCategory(input: CategoryInput): Promise<CategoryContactDto> {
  return (await parseResponse(api.categorycontacts.$post({ json: input }))) as CategoryContactDto;
}

export async function updateCategory(id: number, input: CategoryInput): Promise<CategoryContactDto> {
  return (await parseResponse(
    api.categorycontacts[':id'].$put({ param: { id: String(id) }, json: input }),
  )) as CategoryContactDto;
}

export async function deleteCategory(id: number): Promise<void> {
  await parseResponse(api.categorycontacts[':id'].$delete({ param: { id: String(id) } }));
}
