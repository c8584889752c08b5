import type { UserAuthorizationDto, UserAuthorizationInput } from '@zapdesk/core';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

/** `GET /usersAuthorizations` (searchParam, pageNumber) → `{ userAuthorizations, hasMore }`; POST, PUT, DELETE. */
const groups = recordsApi<UserAuthorizationDto, UserAuthorizationInput>(api.usersAuthorizations, 'userAuthorizations');
export const { fetchPage: fetchGroupsPage, create: createGroup, update: updateGroup, remove: deleteGroup } = groups;

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
