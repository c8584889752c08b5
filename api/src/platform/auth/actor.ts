import { type Actor, capabilities, type PermissionGroupFlags, type PlanFlags } from '@zapdesk/core';
import type { ActorUser, UserCtx } from '../http/context';
import { type ActorRow, unsafeLoadActorRow } from './actor.repo';

export function planFlagsOf(c: ActorRow['company']): PlanFlags {
  return {
    enableReports: c.enableReports,
    enableDashboard: c.enableDashboard,
    enableCampaigns: c.enableCampaigns,
    enableSchedules: c.enableSchedules,
    enableApi: c.enableApi,
    enableBots: c.enableBots,
    enableFlows: c.enableFlows,
    iaIntegrationEnabled: c.iaIntegrationEnabled,
  };
}

export function groupFlagsOf(g: ActorRow['group']): PermissionGroupFlags | null {
  if (!g) return null;
  return {
    allowNoQueue: g.allowNoQueue,
    allowMultipleTickets: g.allowMultipleTickets,
    viewMessagesByTicket: (g.viewMessagesByTicket === 1 || g.viewMessagesByTicket === 2 ? g.viewMessagesByTicket : 0) as
      | 0
      | 1
      | 2,
    disableGreeting: g.disableGreeting,
    disableSignature: g.disableSignature,
    enableAdministration: g.enableAdministration,
    enableDash: g.enableDash,
    allowCategorizeContacts: g.allowCategorizeContacts,
    allowCreateCategoryContacts: g.allowCreateCategoryContacts,
    allowViewPendingTickets: g.allowViewPendingTickets,
    allowTicketExport: g.allowTicketExport,
  };
}

export function actorOf(row: ActorRow): Actor {
  return {
    profile: row.user.profile,
    master: row.user.master,
    payPanelAccess: row.user.payPanelAccess,
    group: groupFlagsOf(row.group),
    plan: planFlagsOf(row.company),
  };
}

export function userCtxOf(row: ActorRow): UserCtx {
  const u = row.user;
  const user: ActorUser = {
    id: u.id,
    companyId: u.companyId,
    name: u.name,
    email: u.email,
    profile: u.profile,
    master: u.master,
    payPanelAccess: u.payPanelAccess,
    userAuthorizationId: u.userAuthorizationId,
    whatsappId: u.whatsappId,
    queueIds: (row.queueIds ?? []).map(Number),
    showAllTickets: u.showAllTickets,
    signMessage: u.signMessage,
    tokenVersion: u.tokenVersion,
  };
  return { kind: 'user', companyId: u.companyId, user, caps: capabilities(actorOf(row)) };
}

/**
 * Short-lived cache so a request costs no extra statement for auth in the common case.
 * Services that change users, groups, queues membership or company flags call invalidateActors().
 */
const TTL_MS = 3000;
const cache = new Map<number, { at: number; row: ActorRow }>();

export async function loadActorRow(userId: number): Promise<ActorRow | undefined> {
  const hit = cache.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
  const row = await unsafeLoadActorRow(userId);
  if (row) cache.set(userId, { at: Date.now(), row });
  else cache.delete(userId);
  return row;
}

export function invalidateActors(userId?: number): void {
  if (userId === undefined) cache.clear();
  else cache.delete(userId);
}
