import {
  checkCanAddUser,
  checkUserCreate,
  checkUserDelete,
  checkUserUpdate,
  DomainError,
  events,
  limitsOf,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  type Result,
  type UserCreateInput,
  type UserDto,
  type UserEvent,
  type UserUpdateInput,
} from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { disconnectUserStreams, refreshUserStreams } from '../../platform/events/sse';
import type { UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { forgetMailSecretsOf } from '../../platform/mail';
import { checkCurrentPassword, endOtherSessions, revokeSessionsOfUser } from '../auth/auth.service';
import { isUniqueViolation } from '../companies/defaults.service';
import { emitTicketEvent, loadTicketDto } from '../tickets/tickets.service';
import * as repo from './users.repo';

const rulesActor = (ctx: UserCtx) => ({ id: ctx.user.id, caps: ctx.caps });

function must(r: Result<unknown>): void {
  if (!r.ok) throw new DomainError(r.error, r.message);
}

export function toUserDto(row: repo.UserListRow, queues: { id: number; name: string; color: string }[]): UserDto {
  const u = row.user;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    master: u.master ? 1 : 0,
    payPanelAccess: u.payPanelAccess,
    companyId: u.companyId,
    queues,
    whatsappId: u.whatsappId,
    whatsapp: u.whatsappId && row.whatsappName !== null ? { id: u.whatsappId, name: row.whatsappName } : null,
    userAuthorizationId: u.userAuthorizationId,
    userAuthorization:
      u.userAuthorizationId && row.groupName !== null ? { id: u.userAuthorizationId, name: row.groupName } : null,
    greetingMessage: u.greetingMessage,
    enableGreeting: u.enableGreeting,
    signMessage: u.signMessage,
    showAllTickets: u.showAllTickets,
    volume: u.volume,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

async function toDtos(companyId: number, rows: repo.UserListRow[]): Promise<UserDto[]> {
  const queues = await repo.queuesOfUsers(
    companyId,
    rows.map((r) => r.user.id),
  );
  return rows.map((r) => toUserDto(r, queues.get(r.user.id) ?? []));
}

/** Load-or-404: another company's user is indistinguishable from a missing one. */
export async function getUserDto(companyId: number, id: number): Promise<UserDto> {
  const row = await repo.findUserInCompany(companyId, id);
  if (!row) throw new DomainError('ERR_NO_USER_FOUND');
  const [dto] = await toDtos(companyId, [row]);
  return dto;
}

function publish(ctx: UserCtx, data: UserEvent, targetUserId?: number): void {
  emit({ companyId: ctx.companyId, channel: events.user.of(ctx.companyId), data });
  // the edited user's own session refreshes its profile (spec: channel `user`, action update)
  if (targetUserId !== undefined)
    emit({ companyId: ctx.companyId, channel: events.self.of(), userId: targetUserId, data });
}

/** GET /users/ — every user of the company may list (the transfer modal searches users). */
export async function listUsers(ctx: UserCtx, q: PageQuery) {
  const page = await repo.listUsersPage(ctx.companyId, q.searchParam, pageWindow(q.pageNumber, PAGE_SIZE.records));
  return { users: await toDtos(ctx.companyId, page.rows), count: page.count, hasMore: page.hasMore };
}

/** GET /users/list — all users of the company (pickers). */
export async function listAllUsers(ctx: UserCtx): Promise<UserDto[]> {
  return toDtos(ctx.companyId, await repo.listAllUsers(ctx.companyId));
}

export function getUser(ctx: UserCtx, id: number): Promise<UserDto> {
  return getUserDto(ctx.companyId, id);
}

/** Referenced ids must belong to the caller's company; another company's id answers 404 like a missing one. */
async function checkReferences(
  companyId: number,
  input: { queueIds?: number[]; userAuthorizationId?: number | null; whatsappId?: number | null },
): Promise<void> {
  if (input.queueIds?.length && (await repo.countQueuesInCompany(companyId, input.queueIds)) !== input.queueIds.length)
    throw new DomainError('ERR_NOT_FOUND', 'Fila não encontrada.');
  if (input.userAuthorizationId && !(await repo.groupExistsInCompany(companyId, input.userAuthorizationId)))
    throw new DomainError('ERR_NOT_FOUND', 'Grupo de permissões não encontrado.');
  if (input.whatsappId && !(await repo.whatsappExistsInCompany(companyId, input.whatsappId)))
    throw new DomainError('ERR_NO_WAPP_FOUND');
}

/** One more user within the plan's limit (spec 1: ERR_NO_LIMIT_USER), or throws. */
function admitUser(company: repo.CompanyLimitsRow | null, users: number): void {
  if (!company) throw new DomainError('ERR_NO_COMPANY_PLAN');
  must(checkCanAddUser(limitsOf(company), users));
}

/** POST /users: admins (`manageUsers`), within the plan's user limit, unless user creation is disabled. */
export async function createUser(ctx: UserCtx, input: UserCreateInput): Promise<UserDto> {
  must(checkUserCreate(rulesActor(ctx), input));
  if (!ctx.user.master && (await repo.settingValue(ctx.companyId, 'userCreation')) === 'disabled')
    throw new DomainError('ERR_USER_CREATION_DISABLED');
  // checked here to refuse early (before hashing), and again under the company's lock where the user is inserted
  admitUser(await repo.companyLimits(ctx.companyId), await repo.countUsers(ctx.companyId));
  if (await repo.unsafeEmailTaken(input.email)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
  await checkReferences(ctx.companyId, input);
  let created: repo.UserRow;
  try {
    created = await repo.insertUser(
      ctx.companyId,
      {
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        profile: input.profile,
        master: input.master ?? false,
        payPanelAccess: input.payPanelAccess ?? false,
        whatsappId: input.whatsappId ?? null,
        userAuthorizationId: input.userAuthorizationId ?? null,
        greetingMessage: input.greetingMessage ?? null,
        enableGreeting: input.enableGreeting ?? false,
        signMessage: input.signMessage ?? false,
        showAllTickets: input.showAllTickets ?? false,
        volume: input.volume ?? 50,
      },
      input.queueIds,
      admitUser,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
  const dto = await getUserDto(ctx.companyId, created.id);
  publish(ctx, { action: 'create', user: dto });
  return dto;
}

/**
 * PUT /users/{id}. An admin edits anyone of the company (a master account only by a master); any user edits their
 * own name, e-mail, password, greeting, volume, signature and default connection, but not profile, queues, group,
 * showAllTickets, master or payPanelAccess (see core user-rules).
 */
export async function updateUser(ctx: UserCtx, id: number, input: UserUpdateInput): Promise<UserDto> {
  const row = await repo.findUserInCompany(ctx.companyId, id);
  if (!row) throw new DomainError('ERR_NO_USER_FOUND');
  const target = row.user;
  const currentQueueIds = await repo.queueIdsOfUser(ctx.companyId, id);
  must(
    checkUserUpdate(
      rulesActor(ctx),
      { ...target, queueIds: currentQueueIds },
      {
        profile: input.profile,
        master: input.master,
        payPanelAccess: input.payPanelAccess,
        queueIds: input.queueIds,
        userAuthorizationId: input.userAuthorizationId,
        showAllTickets: input.showAllTickets,
        enableGreeting: input.enableGreeting,
        signMessage: input.signMessage,
      },
    ),
  );
  if (input.email && input.email !== target.email && (await repo.unsafeEmailTaken(input.email, id)))
    throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
  await checkReferences(ctx.companyId, {
    queueIds: input.queueIds,
    userAuthorizationId: input.userAuthorizationId,
    whatsappId: input.whatsappId,
  });
  const { password, currentPassword, queueIds, ...fields } = input;
  const self = ctx.user.id === id;
  // your own password only with the current one (a session left open must not be enough to take the account)
  if (password && self) await checkCurrentPassword(target, currentPassword);
  const values: Partial<repo.NewUserRow> = { ...fields };
  if (password) values.passwordHash = await hashPassword(password);
  // a password change (yours or by an admin), or your rights shrinking, ends your other sessions: every access
  // token dies with the tokenVersion bump; your own change keeps the session that made it (its refresh family)
  const demoted =
    (input.profile !== undefined && input.profile !== target.profile && input.profile === 'user') ||
    (input.master === false && target.master);
  const bump = !!password || demoted;
  try {
    await repo.updateUser(ctx.companyId, id, values, queueIds, { bumpTokenVersion: bump });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
  if (bump) {
    if (self && password && !demoted) await endOtherSessions(ctx.companyId, id, ctx.sessionFamily);
    else await revokeSessionsOfUser(ctx.companyId, id);
  }
  // the mailed password (the embedded outbox's access e-mail) is no longer theirs: the outbox forgets it
  if (password) await forgetMailSecretsOf(target.email);
  invalidateActors(id);
  // their queues, profile or group decide which ticket events their live streams carry
  await refreshUserStreams(ctx.companyId, [id]);
  const dto = await getUserDto(ctx.companyId, id);
  publish(ctx, { action: 'update', user: dto }, id);
  return dto;
}

/** DELETE /users/{id}: admins only; never yourself; a master account only by a master. */
export async function deleteUser(ctx: UserCtx, id: number): Promise<void> {
  const row = await repo.findUserInCompany(ctx.companyId, id);
  if (!row) throw new DomainError('ERR_NO_USER_FOUND');
  must(checkUserDelete(rulesActor(ctx), row.user));
  const reopened = await repo.deleteUser(ctx.companyId, id);
  invalidateActors(id);
  publish(ctx, { action: 'delete', userId: id }, id);
  disconnectUserStreams(ctx.companyId, id);
  for (const ticketId of reopened) {
    try {
      emitTicketEvent(ctx.companyId, { action: 'update', ticket: await loadTicketDto(ctx.companyId, ticketId) });
    } catch (err) {
      log.warn({ err, ticketId }, 'ticket update after user removal not published');
    }
  }
}
