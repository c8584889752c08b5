import {
  CONNECTION_TEXT,
  type CreateWhatsapp,
  checkCanAddConnection,
  checkGreeting,
  checkImportDates,
  DomainError,
  limitsOf,
  refuse,
  type UpdateWhatsapp,
  type WhatsappDto,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { toWhatsappDto } from './whatsapp.dto';
import { emitWhatsappDelete, emitWhatsappUpdate } from './whatsapp.events';
import * as repo from './whatsapp.repo';
import { reportSessionError, startConnectionSession, stopConnectionSession } from './whatsapp.sessions';

const isAdmin = (ctx: UserCtx) => ctx.caps.manageConnections;

/** The connection of the company, or 404 ERR_NO_WAPP_FOUND (also for another company's id). */
export async function getWhatsappInCompany(companyId: number, id: number): Promise<repo.WhatsappWithQueues> {
  const w = await repo.findWhatsapp(companyId, id);
  if (!w) throw new DomainError('ERR_NO_WAPP_FOUND');
  return w;
}

/** The company's default connection, or 404 ERR_NO_DEF_WAPP_FOUND. */
export async function getDefaultWhatsapp(companyId: number): Promise<repo.WhatsappRow> {
  const w = await repo.findDefaultWhatsappRow(companyId);
  if (!w) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
  return w;
}

export async function listWhatsapps(ctx: UserCtx): Promise<WhatsappDto[]> {
  const rows = await repo.listWhatsapps(ctx.companyId);
  return rows.map((w) => toWhatsappDto(w, isAdmin(ctx)));
}

export async function showWhatsapp(ctx: UserCtx, id: number): Promise<WhatsappDto> {
  return toWhatsappDto(await getWhatsappInCompany(ctx.companyId, id), isAdmin(ctx));
}

async function assertQueues(companyId: number, queueIds: number[]): Promise<number[]> {
  const ids = [...new Set(queueIds)];
  if (ids.length && (await repo.countCompanyQueues(companyId, ids)) !== ids.length) {
    throw new DomainError('ERR_VALIDATION', CONNECTION_TEXT.invalidQueue);
  }
  return ids;
}

function assertLib(lib: 'baileys' | 'simulator' | undefined): void {
  if (lib === 'simulator' && !platform().env.simulatorEnabled) {
    throw new DomainError('ERR_VALIDATION', CONNECTION_TEXT.simulatorDisabled);
  }
}

function assertDates(old: Date | null | undefined, recent: Date | null | undefined): void {
  const r = checkImportDates(old, recent, nowDate());
  if (!r.ok) throw new DomainError(r.error, r.message);
}

function assertNotificationCenter(ctx: UserCtx, value: boolean | undefined): void {
  // the SaaS notification-centre toggle is shown to the master only (spec 1 §6)
  if (value && !ctx.caps.isMaster) throw new DomainError('ERR_NO_PERMISSION');
}

async function startQuietly(w: repo.WhatsappRow): Promise<void> {
  try {
    await startConnectionSession(w);
  } catch (err) {
    // e.g. no adapter for the lib in this process: the connection stays DISCONNECTED, the admin can retry
    log.warn({ err, connId: w.id }, 'session start failed');
    await reportSessionError(w.companyId, w.id, 'startFailed').catch(() => {});
  }
}

/** One more connection within the plan's limit (spec 1: ERR_NO_LIMIT_WHATSAPP), or throws. */
function admitConnection(company: repo.CompanyLimitsRow | null, existing: number): void {
  const lim = company ? checkCanAddConnection(limitsOf(company), existing) : refuse('ERR_NO_COMPANY_PLAN');
  if (!lim.ok) throw new DomainError(lim.error);
}

export async function createWhatsapp(ctx: UserCtx, input: CreateWhatsapp): Promise<WhatsappDto> {
  assertCan(ctx, 'manageConnections');
  const companyId = ctx.companyId;
  assertLib(input.lib);
  assertNotificationCenter(ctx, input.saasNotificationCenter);
  // checked here to refuse before the other checks, and again under the company's lock where the row is inserted
  admitConnection(await repo.companyLimitsRow(companyId), await repo.countWhatsapps(companyId));
  if (await repo.nameTaken(companyId, input.name)) throw new DomainError('ERR_NAME_EXISTS');
  const queueIds = await assertQueues(companyId, input.queueIds ?? []);
  const greeting = checkGreeting(queueIds.length, input.greetingMessage);
  if (!greeting.ok) throw new DomainError(greeting.error);
  assertDates(input.importOldMessages, input.importRecentMessages);

  const id = (await repo.insertCountedWhatsapp(companyId, queueIds, (company, existing) => {
    admitConnection(company, existing);
    return {
      name: input.name,
      greetingMessage: input.greetingMessage ?? '',
      farewellMessage: input.farewellMessage ?? '',
      // the first connection is the default whatever was asked: at least one default must exist
      isDefault: existing === 0 ? true : (input.isDefault ?? false),
      disableGroupMessages: input.disableGroupMessages ?? true,
      lib: input.lib ?? 'baileys',
      isNotificationCenter: input.saasNotificationCenter ?? false,
      importOldMessages: input.importOldMessages ?? null,
      importRecentMessages: input.importRecentMessages ?? null,
      importOldMessagesGroups: input.importOldMessagesGroups ?? false,
      closedTicketsPostImported: input.closedTicketsPostImported ?? false,
      status: 'DISCONNECTED',
    };
  })) as number;
  const created = await getWhatsappInCompany(companyId, id);
  emitWhatsappUpdate(created);
  await startQuietly(created);
  return toWhatsappDto(await getWhatsappInCompany(companyId, id), true);
}

export async function updateWhatsapp(ctx: UserCtx, id: number, input: UpdateWhatsapp): Promise<WhatsappDto> {
  assertCan(ctx, 'manageConnections');
  const companyId = ctx.companyId;
  const current = await getWhatsappInCompany(companyId, id);
  assertLib(input.lib && input.lib !== current.lib ? input.lib : undefined);
  if (input.saasNotificationCenter !== undefined && input.saasNotificationCenter !== current.isNotificationCenter) {
    assertNotificationCenter(ctx, true);
  }
  if (input.isDefault === false && current.isDefault) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
  if (input.name !== undefined && (await repo.nameTaken(companyId, input.name, id))) {
    throw new DomainError('ERR_NAME_EXISTS');
  }
  const queueIds = input.queueIds ? await assertQueues(companyId, input.queueIds) : undefined;
  const greeting = checkGreeting(
    (queueIds ?? current.queues.map((q) => q.id)).length,
    input.greetingMessage !== undefined ? input.greetingMessage : current.greetingMessage,
  );
  if (!greeting.ok) throw new DomainError(greeting.error);
  const old = input.importOldMessages !== undefined ? input.importOldMessages : current.importOldMessages;
  const recent = input.importRecentMessages !== undefined ? input.importRecentMessages : current.importRecentMessages;
  const datesChanged =
    (old?.getTime() ?? null) !== (current.importOldMessages?.getTime() ?? null) ||
    (recent?.getTime() ?? null) !== (current.importRecentMessages?.getTime() ?? null);
  if (datesChanged) assertDates(old, recent);

  const values: repo.WhatsappValues = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.greetingMessage !== undefined) values.greetingMessage = input.greetingMessage;
  if (input.farewellMessage !== undefined) values.farewellMessage = input.farewellMessage;
  if (input.isDefault) values.isDefault = true;
  if (input.disableGroupMessages !== undefined) values.disableGroupMessages = input.disableGroupMessages;
  if (input.lib !== undefined) values.lib = input.lib;
  if (input.saasNotificationCenter !== undefined) values.isNotificationCenter = input.saasNotificationCenter;
  if (input.importOldMessagesGroups !== undefined) values.importOldMessagesGroups = input.importOldMessagesGroups;
  if (input.closedTicketsPostImported !== undefined) {
    values.closedTicketsPostImported = input.closedTicketsPostImported;
  }
  if (datesChanged) {
    values.importOldMessages = old ?? null;
    values.importRecentMessages = recent ?? null;
    // a new range is imported at the next connection (the QR code must be scanned again)
    values.statusImportMessages = null;
  }
  const libChanged = input.lib !== undefined && input.lib !== current.lib;
  await repo.updateWhatsappRow(companyId, id, values, queueIds);
  if (libChanged) {
    // another transport: the old pairing means nothing to it
    await stopConnectionSession(companyId, id, true);
  }
  const updated = await getWhatsappInCompany(companyId, id);
  emitWhatsappUpdate(updated);
  return toWhatsappDto(updated, true);
}

export async function deleteWhatsapp(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'manageConnections');
  const companyId = ctx.companyId;
  const current = await getWhatsappInCompany(companyId, id);
  // the default cannot go while other connections remain: one of them must be made default first
  if (current.isDefault && (await repo.countWhatsapps(companyId)) > 1) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
  await stopConnectionSession(companyId, id, true).catch((err) => log.warn({ err, id }, 'stop before delete failed'));
  await repo.deleteWhatsappRow(companyId, id);
  emitWhatsappDelete(companyId, id);
}

/** POST /whatsappsession/{id}: start (or restart) the session — a QR code, or a reconnect when paired. */
export async function startSession(ctx: UserCtx, id: number): Promise<WhatsappDto> {
  assertCan(ctx, 'manageConnections');
  const w = await getWhatsappInCompany(ctx.companyId, id);
  // a person's start or stop decides: a later reactivation of the company does not touch it again
  await repo.setResumeOnReactivation(ctx.companyId, [id], false);
  await startConnectionSession(w);
  return toWhatsappDto(await getWhatsappInCompany(ctx.companyId, id), true);
}

/** PUT /whatsappsession/{id}: a new QR code — forget the pairing and start again. */
export async function renewQrCode(ctx: UserCtx, id: number): Promise<WhatsappDto> {
  assertCan(ctx, 'manageConnections');
  const w = await getWhatsappInCompany(ctx.companyId, id);
  await stopConnectionSession(ctx.companyId, id, true);
  await startConnectionSession(w);
  return toWhatsappDto(await getWhatsappInCompany(ctx.companyId, id), true);
}

/** DELETE /whatsappsession/{id}: log out and disconnect. */
export async function disconnectSession(ctx: UserCtx, id: number): Promise<WhatsappDto> {
  assertCan(ctx, 'manageConnections');
  await getWhatsappInCompany(ctx.companyId, id);
  await repo.setResumeOnReactivation(ctx.companyId, [id], false);
  await stopConnectionSession(ctx.companyId, id, true);
  return toWhatsappDto(await getWhatsappInCompany(ctx.companyId, id), true);
}

/**
 * A new company's default connection (spec 1 §9): 'Principal', lib baileys, default, group messages disabled.
 * Idempotent: does nothing when the company already has a connection. Answers the company's default.
 */
export async function ensureDefaultConnection(
  companyId: number,
  opts: { lib?: 'baileys' | 'simulator'; queueIds?: number[]; greetingMessage?: string } = {},
): Promise<repo.WhatsappRow> {
  if ((await repo.countWhatsapps(companyId)) === 0) {
    const queueIds = opts.queueIds ?? [];
    const greeting = checkGreeting(queueIds.length, opts.greetingMessage);
    if (!greeting.ok) throw new DomainError(greeting.error);
    // counted again under the company's lock: two concurrent callers make one 'Principal'
    await repo.insertCountedWhatsapp(companyId, queueIds, (_company, existing) =>
      existing > 0
        ? null
        : {
            name: 'Principal',
            lib: opts.lib ?? 'baileys',
            isDefault: true,
            disableGroupMessages: true,
            greetingMessage: opts.greetingMessage ?? '',
          },
    );
  }
  return getDefaultWhatsapp(companyId);
}

/**
 * The connection billing notices go out on (issue 21): a connection flagged saasNotificationCenter (connected first),
 * else the default connection of the platform's company (`platformCompanyId`, the one GET /helper/whatsapp asks
 * through); null when neither exists.
 */
export async function notificationCenterWhatsapp(platformCompanyId: number | null): Promise<repo.WhatsappRow | null> {
  const [flagged] = await repo.unsafeNotificationCenterWhatsapps();
  if (flagged) return flagged;
  if (platformCompanyId === null) return null;
  return getDefaultWhatsapp(platformCompanyId).catch(() => null);
}

/** Flags a connection of the company as the SaaS notification centre (the demo's billing notices connection). */
export async function markNotificationCenter(companyId: number, id: number): Promise<void> {
  await repo.updateWhatsappRow(companyId, id, { isNotificationCenter: true }, undefined);
}
