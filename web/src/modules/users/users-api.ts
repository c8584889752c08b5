import type { UserCreateInput, UserDto, UserUpdateInput, WhatsappDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** `GET /users/` (searchParam, pageNumber) → `{ users, hasMore }`. */
export async function fetchUsersPage(searchParam: string, pageNumber: number): Promise<Page<UserDto>> {
  const res = (await parseResponse(api.users.$get({ query: { searchParam, pageNumber: String(pageNumber) } }))) as {
    users: UserDto[];
    hasMore: boolean;
  };
  return { items: res.users, hasMore: res.hasMore };
}

export async function createUser(input: UserCreateInput): Promise<UserDto> {
  return (await parseResponse(api.users.$post({ json: input }))) as UserDto;
}

export async function updateUser(id: number, input: UserUpdateInput): Promise<UserDto> {
  return (await parseResponse(api.users[':id'].$put({ param: { id: String(id) }, json: input }))) as UserDto;
}

export async function deleteUser(id: number): Promise<void> {
  await parseResponse(api.users[':id'].$delete({ param: { id: String(id) } }));
}

/** The default-connection picker: `GET /whatsapp/` (the company's connections). */
export async function fetchConnections(): Promise<Pick<WhatsappDto, 'id' | 'name' | 'status' | 'isDefault'>[]> {
  return (await parseResponse(api.whatsapp.$get())) as WhatsappDto[];
}
