import {
  DEFAULT_GROUP_FLAGS,
  DomainError,
  events,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  type UserAuthorizationDto,
  type UserAuthorizationEvent,
  type UserAuthorizationInput,
  type UserAuthorizationUpdateInput,
} from '@zapdesk/core';
import { groupFlagsOf, invalidateActors } from '../../platform/auth/actor';
import { refreshUserStreams } from '../../platform/events/sse';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import * as repo from './user-authorizations.repo';

/** Permission groups are managed from the users screen: admins with the administration flag (`manageUsers`). */
const CAP = 'manageUsers' as const;

export function toUserAuthorizationDto(g: repo.GroupRow): UserAuthorizationDto {
  return {
    id: g.id,
    name: g.name,
    companyId: g.companyId,
    ...(groupFlagsOf(g) ?? DEFAULT_GROUP_FLAGS),
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

function publish(companyId: number, data: UserAuthorizationEvent): void {
  emit({ companyId, channel: events.userAuthorization.of(companyId), data });
}

async function load(companyId: number, id: number): Promise<repo.GroupRow> {
  const g = await repo.findGroupInCompany(companyId, id);
  if (!g) throw new DomainError('ERR_NOT_FOUND', 'Grupo de permissões não encontrado.');
  return g;
}

export async function listGroups(ctx: UserCtx, q: PageQuery) {
  assertCan(ctx, CAP);
  const page = await repo.listGroupsPage(ctx.companyId, q.searchParam, pageWindow(q.pageNumber, PAGE_SIZE.records));
  return { userAuthorizations: page.rows.map(toUserAuthorizationDto), count: page.count, hasMore: page.hasMore };
}

export async function getGroup(ctx: UserCtx, id: number): Promise<UserAuthorizationDto> {
  assertCan(ctx, CAP);
  return toUserAuthorizationDto(await load(ctx.companyId, id));
}

/** New groups start from the spec 1 §9 defaults (allowNoQueue 1, allowMultipleTickets 0, enableAdministration 1, enableDash 1). */
export async function createGroup(ctx: UserCtx, input: UserAuthorizationInput): Promise<UserAuthorizationDto> {
  assertCan(ctx, CAP);
  if (await repo.groupNameTaken(ctx.companyId, input.name)) throw new DomainError('ERR_NAME_EXISTS');
  const flags = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const g = await repo.insertGroup(ctx.companyId, { ...DEFAULT_GROUP_FLAGS, ...flags, name: input.name });
  const dto = toUserAuthorizationDto(g);
  publish(ctx.companyId, { action: 'create', userAuthorization: dto });
  return dto;
}

export async function updateGroup(
  ctx: UserCtx,
  id: number,
  input: UserAuthorizationUpdateInput,
): Promise<UserAuthorizationDto> {
  assertCan(ctx, CAP);
  await load(ctx.companyId, id);
  if (input.name && (await repo.groupNameTaken(ctx.companyId, input.name, id)))
    throw new DomainError('ERR_NAME_EXISTS');
  const g = await repo.updateGroup(ctx.companyId, id, input);
  // deleted meanwhile
  if (!g) throw new DomainError('ERR_NOT_FOUND', 'Grupo de permissões não encontrado.');
  // every member's capabilities change with the group, what their live streams carry too
  invalidateActors();
  await refreshUserStreams(ctx.companyId, await repo.groupMemberIds(ctx.companyId, id));
  const dto = toUserAuthorizationDto(g);
  publish(ctx.companyId, { action: 'update', userAuthorization: dto });
  return dto;
}

export async function deleteGroup(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, CAP);
  await load(ctx.companyId, id);
  const members = await repo.deleteGroup(ctx.companyId, id);
  invalidateActors();
  await refreshUserStreams(ctx.companyId, members);
  publish(ctx.companyId, { action: 'delete', userAuthorizationId: id });
  for (const userId of members) {
    emit({ companyId: ctx.companyId, channel: events.self.of(), userId, data: { action: 'update', userId } });
  }
}
