import type { CategoryContactDto } from '@zapdesk/core';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

export type CategoryInput = { name: string; color: string };

/** `GET /categorycontacts/` (searchParam, pageNumber) → `{ categoryContact, hasMore }` (spec 2 §7); POST, PUT, DELETE. */
const categories = recordsApi<CategoryContactDto, CategoryInput>(api.categorycontacts, 'categoryContact');
export const {
  fetchPage: fetchCategoriesPage,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
} = categories;
