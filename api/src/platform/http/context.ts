import type { Capabilities } from '@zapdesk/core';

/** The authenticated user as every service sees it (one query, cached briefly; see auth/actor.ts). */
export type ActorUser = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  master: boolean;
  payPanelAccess: boolean;
  userAuthorizationId: number | null;
  whatsappId: number | null;
  queueIds: number[];
  showAllTickets: boolean;
  signMessage: boolean;
  tokenVersion: number;
};

export type UserCtx = {
  kind: 'user';
  companyId: number;
  user: ActorUser;
  caps: Capabilities;
  /** the refresh-session family of the request's access token (the session a password change keeps) */
  sessionFamily?: string;
};
export type ApiTokenCtx = { kind: 'apiToken'; companyId: number; apiToken: { id: string; name: string } };
export type SystemCtx = { kind: 'system'; companyId: number };
export type Ctx = UserCtx | ApiTokenCtx | SystemCtx;

export const systemCtx = (companyId: number): SystemCtx => ({ kind: 'system', companyId });

export type AppEnv = {
  Variables: {
    requestId: string;
    ctx: UserCtx;
  };
};
