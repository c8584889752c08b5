/**
 * The numeric plan limits of a company, beside `capabilities()` (the boolean flags). The company row carries the
 * limits copied from its plan (editable by the master); a company without a plan (its plan was deleted, or it was
 * made before it had one) may not grow: ERR_NO_COMPANY_PLAN.
 */
import { ok, type Result, refuse } from '../errors';

export type CompanyLimitsRow = {
  planId: number | null;
  numberAttendants: number;
  numberConections: number;
  campaignSendLimitPerHour: number;
};

export type PlanLimits = {
  hasPlan: boolean;
  /** users of the company (every profile) */
  users: number;
  /** WhatsApp connections */
  connections: number;
  /** campaign message sends started per sliding hour; null = no cap (the plan's 0) */
  campaignSendsPerHour: number | null;
};

export function limitsOf(company: CompanyLimitsRow): PlanLimits {
  return {
    hasPlan: company.planId !== null,
    users: company.numberAttendants,
    connections: company.numberConections,
    campaignSendsPerHour: company.campaignSendLimitPerHour > 0 ? company.campaignSendLimitPerHour : null,
  };
}

/** One more user: a plan is needed, and the company has fewer users than its limit. */
export function checkCanAddUser(
  limits: PlanLimits,
  currentUsers: number,
): Result<true, 'ERR_NO_COMPANY_PLAN' | 'ERR_NO_LIMIT_USER'> {
  if (!limits.hasPlan) return refuse('ERR_NO_COMPANY_PLAN');
  return currentUsers >= limits.users ? refuse('ERR_NO_LIMIT_USER') : ok(true);
}

/** One more connection: a plan is needed, and the company has fewer connections than its limit. */
export function checkCanAddConnection(
  limits: PlanLimits,
  currentConnections: number,
): Result<true, 'ERR_NO_COMPANY_PLAN' | 'ERR_NO_LIMIT_WHATSAPP'> {
  if (!limits.hasPlan) return refuse('ERR_NO_COMPANY_PLAN');
  return currentConnections >= limits.connections ? refuse('ERR_NO_LIMIT_WHATSAPP') : ok(true);
}

/** Campaign sends: a plan is needed (the per-hour pacing itself is core/src/campaigns/pacing.ts). */
export function checkCanSendCampaigns(limits: PlanLimits): Result<true, 'ERR_NO_COMPANY_PLAN'> {
  return limits.hasPlan ? ok(true) : refuse('ERR_NO_COMPANY_PLAN');
}

/** Spec 3 §9 plan defaults: 1 attendant, 1 connection, active, PIX, months3, no hourly cap, flags on but campaigns. */
export const PLAN_DEFAULTS = {
  numberAttendants: 1,
  numberConnections: 1,
  status: true,
  billingType: 'PIX',
  recurrence: 'months3',
  campaignSendLimitPerHour: 0,
  enableReports: true,
  enableDashboard: true,
  enableCampaigns: false,
  enableSchedules: true,
  enableApi: true,
  enableBots: true,
  enableFlows: true,
  iaIntegrationEnabled: true,
} as const;
