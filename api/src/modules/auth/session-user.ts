import type { SessionUserDto } from '@zapdesk/core';
import { groupFlagsOf, planFlagsOf } from '../../platform/auth/actor';
import type { SessionUserRow } from './auth.repo';

/** The `user` of `{ token, user }` (login, refresh, sign-up). */
export function toSessionUserDto(row: SessionUserRow): SessionUserDto {
  const { user: u, company: c, group: g } = row;
  const flags = groupFlagsOf(g);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    master: u.master ? 1 : 0,
    payPanelAccess: u.payPanelAccess,
    companyId: u.companyId,
    company: {
      id: c.id,
      name: c.name,
      companyName: c.companyName,
      logoUrl: c.logoUrl,
      slogan: c.slogan,
      timezone: c.timezone,
      enableCampaigns: c.enableCampaigns,
      plan: { ...planFlagsOf(c), numberAttendants: c.numberAttendants, numberConnections: c.numberConections },
    },
    queues: row.queues,
    whatsappId: u.whatsappId,
    userAuthorizationId: u.userAuthorizationId,
    userAuthorization: g && flags ? { id: g.id, name: g.name, ...flags } : null,
    greetingMessage: u.greetingMessage,
    enableGreeting: u.enableGreeting,
    signMessage: u.signMessage,
    showAllTickets: u.showAllTickets,
    volume: u.volume,
  };
}
