import type { PermissionGroupFlags, PlanFlags } from '../permissions/capabilities';

/** The user as `POST /auth/login` and `POST /auth/refresh_token` answer it (`{ token, user }`). */
export type SessionUserDto = {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  /** 0 or 1 (spec) */
  master: 0 | 1;
  payPanelAccess: boolean;
  companyId: number;
  company: {
    id: number;
    name: string;
    companyName: string | null;
    logoUrl: string | null;
    slogan: string | null;
    /** IANA zone of the company's schedules (Settings; default America/Sao_Paulo) */
    timezone: string;
    enableCampaigns: boolean;
    plan: PlanFlags & { numberAttendants: number; numberConnections: number };
  };
  queues: { id: number; name: string; color: string }[];
  whatsappId: number | null;
  userAuthorizationId: number | null;
  userAuthorization: (PermissionGroupFlags & { id: number; name: string }) | null;
  greetingMessage: string | null;
  enableGreeting: boolean;
  signMessage: boolean;
  showAllTickets: boolean;
  volume: number;
};

/** A user as the users API answers it (`GET /users/`, `/users/{id}`, SSE `user-{companyId}`). Never the password. */
export type UserDto = {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  /** 0 or 1 (spec) */
  master: 0 | 1;
  payPanelAccess: boolean;
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  userAuthorizationId: number | null;
  userAuthorization: { id: number; name: string } | null;
  greetingMessage: string | null;
  enableGreeting: boolean;
  signMessage: boolean;
  showAllTickets: boolean;
  volume: number;
  createdAt: string;
  updatedAt: string;
};

/** A permission group as `/usersAuthorizations` answers it (SSE `userAuthorization-{companyId}`). */
export type UserAuthorizationDto = PermissionGroupFlags & {
  id: number;
  name: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** `user-{companyId}` and the targeted `user` channel. */
export type UserEvent = { action: 'create' | 'update'; user: UserDto } | { action: 'delete'; userId: number };
/** `userAuthorization-{companyId}`. */
export type UserAuthorizationEvent =
  | { action: 'create' | 'update'; userAuthorization: UserAuthorizationDto }
  | { action: 'delete'; userAuthorizationId: number };
