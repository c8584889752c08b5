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
