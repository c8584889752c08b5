import type { UserAuthorizationDto, UserAuthorizationInput } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** `GET /usersAuthorizations` (searchParam, pageNumber) → `{ userAuthorizations, hasMore }`. */
export async function fetchGroupsPage(searchParam: string, pageNumber: number): Promise<Page<UserAuthorizationDto>> {
  const res = (await parseResponse(
    api.usersAuthorizations.$get({ query: { searchParam, pageNumber: String(pageNumber) } }),
  )) as { userAuthorizations: UserAuthorizationDto[]; hasMore: boolean };
  return { items: res.userAuthorizations, hasMore: res.hasMore };
}

/** Every group of the company (the user modal's picker): walks the pages. */
export async function fetchAllGroups(): Promise<UserAuthorizationDto[]> {
  const all: UserAuthorizationDto[] = [];
  for (let page = 1; page <= 50; page++) {
    const { items, hasMore } = await fetchGroupsPage('', page);
    all.push(...items);
    if (!hasMore) break;
  }
  return all;
}

export async function createGroup(input: UserAuthorizationInput): Promise<UserAuthorizationDto> {
  return (await parseResponse(api.usersAuthorizations.$post({ json: input }))) as UserAuthorizationDto;
}

export async function updateGroup(id: number, input: UserAuthorizationInput): Promise<UserAuthorizationDto> {
  return (await parseResponse(
    api.usersAuthorizations[':id'].$put({ param: { id: String(id) }, json: input }),
  )) as UserAuthorizationDto;
}

export async function deleteGroup(id: number): Promise<void> {
  await parseResponse(api.usersAuthorizations[':id'].$delete({ param: { id: String(id) } }));
}
