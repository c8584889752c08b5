import type { TagDto } from '@zapdesk/core';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

export type TagInput = { name: string; color: string; kanban: 0 | 1 };

/** `GET /tags/` (searchParam, pageNumber) → `{ tags, hasMore }`, each tag with ticketsCount; POST, PUT, DELETE. */
const tags = recordsApi<TagDto, TagInput>(api.tags, 'tags');
export const { fetchPage: fetchTagsPage, create: createTag, update: updateTag, remove: deleteTag } = tags;
