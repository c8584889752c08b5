import type { UserCreateInput, UserDto, UserUpdateInput, WhatsappDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

/** `GET /users/` (searchParam, pageNumber) → `{ users, hasMore }`; POST, PUT, DELETE. */
const users = recordsApi<UserDto, UserCreateInput | UserUpdateInput>(api.users, 'users');
export const fetchUsersPage = users.fetchPage;
export const createUser = (input: UserCreateInput): Promise<UserDto> => users.create(input);
export const updateUser = (id: number, input: UserUpdateInput): Promise<UserDto> => users.update(id, input);
export const deleteUser = users.remove;

/** The default-connection picker: `GET /whatsapp/` (the company's connections). */
export async function fetchConnections(): Promise<Pick<WhatsappDto, 'id' | 'name' | 'status' | 'isDefault'>[]> {
  return (await parseResponse(api.whatsapp.$get())) as WhatsappDto[];
}
