import type { ApiTokenCreatedDto, ApiTokenDto, ApiTokenInput, ApiTokenRevealDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

export type ApiTokenForm = Omit<ApiTokenInput, 'companyId'>;

/**
 * `GET /ApiSendMessageToken/` (searchParam, pageNumber) → `{ apiSendMessageTokens, hasMore }`; POST (answers the
 * full secret once, `plainToken`), PUT, DELETE; `GET /ApiSendMessageToken/{id}/reveal` → `{ token }` (admins).
 */
const tokens = recordsApi<ApiTokenDto, ApiTokenForm>(api.ApiSendMessageToken, 'apiSendMessageTokens');
export const { fetchPage: fetchApiTokensPage, update: updateApiToken, remove: deleteApiToken } = tokens;
export const createApiToken = (input: ApiTokenForm) => tokens.create(input) as Promise<ApiTokenCreatedDto>;

export async function revealApiToken(id: number): Promise<string> {
  const res = (await parseResponse(
    api.ApiSendMessageToken[':id'].reveal.$get({ param: { id: String(id) } }),
  )) as ApiTokenRevealDto;
  return res.token;
}

/** The attendant picker: `GET /users/list` (every user of the company). */
export async function fetchAllUsers(): Promise<{ id: number; name: string }[]> {
  return (await parseResponse(api.users.list.$get())) as { id: number; name: string }[];
}
