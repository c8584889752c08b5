/**
 * Who sees which figures (spec 1 §2, spec 3 §2 and §6; issue 19). The dashboard needs the plan's enableDashboard and
 * the permission group's enableDash: an administrator sees the company's figures, an attendant their own (the tickets
 * they are the attendant of). Reports need the administration menu (admin profile + group enableAdministration) and
 * the plan's enableReports; they cover the company. A plan flag off answers ERR_PLAN_FEATURE_DISABLED, a missing
 * permission ERR_NO_PERMISSION (both 403).
 */
import { ok, type Result, refuse } from '../errors';
import type { Capabilities } from '../permissions/capabilities';

export type ReportScope = { kind: 'company' } | { kind: 'own'; userId: number };

type Refusal = 'ERR_NO_PERMISSION' | 'ERR_PLAN_FEATURE_DISABLED';

export function dashboardScope(
  caps: Pick<Capabilities, 'dashboardInPlan' | 'viewDashboard' | 'viewOwnDashboard'>,
  userId: number,
): Result<ReportScope, Refusal> {
  if (!caps.dashboardInPlan) return refuse('ERR_PLAN_FEATURE_DISABLED');
  if (caps.viewDashboard) return ok({ kind: 'company' });
  if (caps.viewOwnDashboard) return ok({ kind: 'own', userId });
  return refuse('ERR_NO_PERMISSION');
}

export function reportsScope(
  caps: Pick<Capabilities, 'administration' | 'reportsInPlan'>,
): Result<ReportScope, Refusal> {
  if (!caps.administration) return refuse('ERR_NO_PERMISSION');
  if (!caps.reportsInPlan) return refuse('ERR_PLAN_FEATURE_DISABLED');
  return ok({ kind: 'company' });
}
