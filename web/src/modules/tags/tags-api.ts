import type { TagDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

export type TagInput = { name: string; color: string; kanban: 0 | 1 };

/** `GET /tags/` (searchParam, pageNumber) → `{ tags, hasMore }`, each tag with ticketsCount. */
export async function fetchTagsPage(searchParam: string, pageNumber: number): Promise<Page<TagDto>> {
  const res = (await parseResponse(api.tags.$get({ query: { searchParam, pageNumber: String(pageNumber) } }))) as {
    tags: TagDto[];
    hasMore: boolean;
  };
  return { items: res.tags, hasMore: res.hasMore };
}

export async function createTag(input: TagInput): Promise<TagDto> {
  return (await parseResponse(api.tags.$post({ json: input }))) as TagDto;
}

export async function updateTag(id: number, input: TagInput): Promise<TagDto> {
  return (await parseResponse(api.tags[':id'].$put({ param: { id: String(id) }, json: input }))) as TagDto;
}

export async function deleteTag(id: number): Promise<void> {
  await parseResponse(api.tags[':id'].$delete({ param: { id: String(id) } }));
}
