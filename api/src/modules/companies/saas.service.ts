import {
  type AddressDto,
  type CompanyCreateInput,
  type CompanyDto,
  type CompanyPageDto,
  type CompanyPlanDto,
  type CompanyUpdateInput,
  DEFAULT_COUNTRY,
  DomainError,
  events,
  PAGE_SIZE,
  type PageQuery,
  PLAN_DEFAULTS,
  type PlanCreateInput,
  type PlanDto,
  type PlanEvent,
  type PlanPageDto,
  type PlanUpdateInput,
  type PublicPlanDto,
  pageWindow,
  planDisplayValues,
  SAAS_TEXTS,
  toCents,
  trialState,
} from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import { now } from '../../platform/clock';
import { runCompanyLifecycle } from '../../platform/company-lifecycle';
import { disconnectUserStreams } from '../../platform/events/sse';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { companyValuesFromPlan, type NewCompany } from './defaults.repo';
import { createCompanyWithAdmin, ensureStandardPlan } from './defaults.service';
import { deleteCompanyJob } from './deletion.jobs';
import * as repo from './saas.repo';

const notFound = (what: 'company' | 'plan') =>
  new DomainError('ERR_NOT_FOUND', what === 'company' ? 'Empresa não encontrada.' : 'Plano não encontrado.');

// ---------- shapes

const reais = (v: string | number) => (toCents(v) ?? 0) / 100;
const toNumeric = (cents: number) => (cents / 100).toFixed(2);

function toAddress(a: Record<string, string> | null): AddressDto {
  const s = (k: string) => (typeof a?.[k] === 'string' ? a[k] : '');
  return {
    cep: s('cep'),
    street: s('street'),
    numberAddress: s('numberAddress'),
    complement: s('complement'),
    district: s('district'),
    city: s('city'),
    state: s('state'),
    country: s('country') || DEFAULT_COUNTRY,
  };
}

const planFlagsOf = (r: repo.PlanRow | repo.CompanyRow) => ({
  enableReports: r.enableReports,
  enableDashboard: r.enableDashboard,
  enableCampaigns: r.enableCampaigns,
  enableSchedules: r.enableSchedules,
  enableApi: r.enableApi,
  enableBots: r.enableBots,
  enableFlows: r.enableFlows,
  iaIntegrationEnabled: r.iaIntegrationEnabled,
  campaignSendLimitPerHour: r.campaignSendLimitPerHour,
});

export function toCompanyDto(r: repo.CompanyListRow): CompanyDto {
  return {
    id: r.id,
    name: r.name,
    companyName: r.companyName,
    slogan: r.slogan,
    email: r.email,
    logoUrl: r.logoUrl,
    documentNumber: r.documentNumber,
    inscrMunicipal: r.inscrMunicipal,
    inscrEstadual: r.inscrEstadual,
    emailsOfNotifications: r.emailsOfNotifications,
    whatsappsOfNotifications: r.whatsappsOfNotifications,
    address: toAddress(r.address),
    observation: r.observation,
    status: r.status ? 1 : 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    leadId: r.leadId,
    userName: r.userName,
    numberAttendants: r.numberAttendants,
    numberConections: r.numberConections,
    ...planFlagsOf(r),
    planId: r.planId,
    planName: r.planName,
    trialEndsAt: r.trialEndsAt ? r.trialEndsAt.toISOString() : null,
    trial: trialState(r.trialEndsAt, now()),
    usersCount: r.usersCount,
    connectionsCount: r.connectionsCount,
  };
}

const pricesOf = (r: repo.PlanRow) => ({
  value1Month: reais(r.value1Month),
  value3Months: reais(r.value3Months),
  value6Months: reais(r.value6Months),
  value12Months: reais(r.value12Months),
});

/**
 * The master sees every field; a payPanelAccess user the plan without prices, the campaigns switch and its hourly
 * cap, invoicing, highlight.
 */
export function toPlanDto(r: repo.PlanListRow, master: boolean): PlanDto {
  const base: PlanDto = {
    id: r.id,
    name: r.name,
    slogan: r.slogan,
    description: r.description,
    numberAttendants: r.numberAttendants,
    numberConnections: r.numberConnections,
    status: r.status,
    isStandard: r.isStandard,
    isPublic: r.isPublic,
    recurrence: r.recurrence,
    billingType: r.billingType,
    media: r.media,
    ...planFlagsOf(r),
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (!master) {
    const { enableCampaigns: _hidden, campaignSendLimitPerHour: _cap, ...rest } = base;
    return rest as PlanDto;
  }
  return {
    ...base,
    automaticInvoice: r.automaticInvoice,
    highlighted: highlightOf(r.highlighted),
    ...pricesOf(r),
    ...planDisplayValues(r),
    companiesCount: r.companiesCount,
  };
}

const highlightOf = (n: number): 0 | 1 | 2 => (n === 1 || n === 2 ? n : 0);

export function toPublicPlanDto(r: repo.PlanRow): PublicPlanDto {
  return {
    id: r.id,
    name: r.name,
    slogan: r.slogan,
    description: r.description,
    numberAttendants: r.numberAttendants,
    numberConnections: r.numberConnections,
    recurrence: r.recurrence,
    billingType: r.billingType,
    highlighted: highlightOf(r.highlighted),
    media: r.media,
    ...planFlagsOf(r),
    ...pricesOf(r),
    ...planDisplayValues(r),
  };
}

function toCompanyPlanDto(r: repo.PlanRow): CompanyPlanDto {
  return {
    id: r.id,
    name: r.name,
    numberAttendants: r.numberAttendants,
    numberConnections: r.numberConnections,
    billingType: r.billingType,
    recurrence: r.recurrence,
    ...pricesOf(r),
    ...planDisplayValues(r),
  };
}

// ---------- access

const isMaster = (ctx: UserCtx) => ctx.caps.manageCompanies;

/**
 * A company the caller may read: the master any; a payPanelAccess user their own (/clientCompanyManager). Another
 * company's id answers 404 to a non-master (indistinguishable from a missing one); the own company without
 * payPanelAccess 403.
 */
async function companyFor(ctx: UserCtx, companyId: number): Promise<repo.CompanyListRow> {
  if (!isMaster(ctx)) {
    if (companyId !== ctx.companyId) throw notFound('company');
    assertCan(ctx, 'financialPanel');
  }
  const c = await repo.findCompany(companyId);
  if (!c) throw notFound('company');
  return c;
}

async function companyDto(companyId: number): Promise<CompanyDto> {
  const c = await repo.findCompany(companyId);
  if (!c) throw notFound('company');
  return toCompanyDto(c);
}

// ---------- companies

/** GET /company/: master only. */
export async function listCompanies(ctx: UserCtx, q: PageQuery): Promise<CompanyPageDto> {
  assertCan(ctx, 'manageCompanies');
  return listCompaniesPage(q);
}

export async function showCompany(ctx: UserCtx, companyId: number): Promise<CompanyDto> {
  return toCompanyDto(await companyFor(ctx, companyId));
}

const addressOf = (a: CompanyCreateInput['address']): Record<string, string> | null | undefined => {
  if (a === undefined) return undefined;
  if (a === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string') out[k] = v;
  if (!out.country) out.country = DEFAULT_COUNTRY;
  return out;
};

/** The company columns a form gives (undefined fields left out: the stored or copied value stays). */
function companyPatchOf(input: CompanyUpdateInput): repo.CompanyPatch {
  const patch: repo.CompanyPatch = {};
  const set = <K extends keyof repo.CompanyPatch>(k: K, v: repo.CompanyPatch[K] | undefined) => {
    if (v !== undefined) patch[k] = v;
  };
  set('name', input.name);
  set('companyName', input.companyName);
  set('slogan', input.slogan);
  set('email', input.email);
  set('logoUrl', input.logoUrl);
  set('documentNumber', input.documentNumber);
  set('inscrMunicipal', input.inscrMunicipal);
  set('inscrEstadual', input.inscrEstadual);
  set('emailsOfNotifications', input.emailsOfNotifications);
  set('whatsappsOfNotifications', input.whatsappsOfNotifications);
  set('address', addressOf(input.address));
  set('observation', input.observation);
  set('status', input.status);
  set('numberAttendants', input.numberAttendants);
  set('numberConections', input.numberConections);
  set('enableReports', input.enableReports);
  set('enableDashboard', input.enableDashboard);
  set('enableCampaigns', input.enableCampaigns);
  set('enableSchedules', input.enableSchedules);
  set('enableApi', input.enableApi);
  set('enableBots', input.enableBots);
  set('enableFlows', input.enableFlows);
  set('iaIntegrationEnabled', input.iaIntegrationEnabled);
  set('campaignSendLimitPerHour', input.campaignSendLimitPerHour);
  return patch;
}

/**
 * What only the master edits on a company (spec 3 §6): the active flag, the limits, the plan flags and the
 * subscription contact fields (the e-mails/WhatsApps of notifications: "disabled for others").
 */
const MASTER_FIELDS = [
  'status',
  'emailsOfNotifications',
  'whatsappsOfNotifications',
  'numberAttendants',
  'numberConections',
  'enableReports',
  'enableDashboard',
  'enableCampaigns',
  'enableSchedules',
  'enableApi',
  'enableBots',
  'enableFlows',
  'iaIntegrationEnabled',
  'campaignSendLimitPerHour',
] as const;

/**
 * POST /company (/CreateNewCompany): master only. The company on the plan (standard when none), the plan's flags and
 * limits copied then the form's own values, default queues and groups, and its first user (admin, Administradores,
 * payPanelAccess). A deactivated company created directly (status 0) starts out of service.
 */
export async function createCompany(ctx: UserCtx, input: CompanyCreateInput): Promise<CompanyDto> {
  assertCan(ctx, 'manageCompanies');
  return createCompanyOnPlan(input);
}

/** The platform's company creation (POST /company and the CLI's company:create). */
export async function createCompanyOnPlan(input: CompanyCreateInput): Promise<CompanyDto> {
  const plan = input.planId ? await repo.findPlan(input.planId) : await ensureStandardPlan();
  if (!plan) throw notFound('plan');
  const patch = companyPatchOf(input);
  const company: Omit<NewCompany, 'id'> = {
    ...patch,
    name: input.name,
    email: input.email,
    address: addressOf(input.address ?? {}) ?? null,
  };
  const { company: created } = await createCompanyWithAdmin({
    company,
    admin: {
      name: input.userName,
      email: input.userEmail ?? input.email,
      password: input.passwordDefault,
      payPanelAccess: true,
    },
    plan,
  });
  return companyDto(created.id);
}

/** The platform's company list (the CLI's companies:list): one page. */
export async function listCompaniesPage(q: PageQuery): Promise<CompanyPageDto> {
  const page = await repo.listCompanies(q.searchParam, pageWindow(q.pageNumber, PAGE_SIZE.records));
  return { company: page.rows.map(toCompanyDto), hasMore: page.hasMore, count: page.count };
}

/**
 * PUT /company/{id}. The master edits every field of any company (their own too: spec 3 §6, the switch in the
 * own-company form — masters keep working in an inactive company, its other users are out); a
 * payPanelAccess user their own company's descriptive fields (a changed master-only field → ERR_NO_PERMISSION).
 * Turning the company off ends its users' sessions and stops its WhatsApp sessions; turning it on again starts the
 * WhatsApp sessions that were running when it went off (DECISIONS: reactivation resumes connections).
 */
export async function updateCompany(ctx: UserCtx, companyId: number, input: CompanyUpdateInput): Promise<CompanyDto> {
  const current = await companyFor(ctx, companyId);
  const patch = companyPatchOf(input);
  if (!isMaster(ctx)) {
    for (const k of MASTER_FIELDS) {
      if (patch[k] !== undefined && patch[k] !== current[k]) throw new DomainError('ERR_NO_PERMISSION');
      delete patch[k];
    }
  }
  if (Object.keys(patch).length && !(await repo.updateCompany(companyId, patch))) throw notFound('company');
  invalidateActors();
  if (patch.status === false && current.status) await companyLeftService(companyId);
  if (patch.status === true && !current.status) await runCompanyLifecycle('reactivated', companyId);
  return companyDto(companyId);
}

/** Turns a company's service off now: sessions of its users end, live streams close, WhatsApp sessions stop. */
async function companyLeftService(companyId: number): Promise<void> {
  await repo.endCompanySessions(companyId);
  invalidateActors();
  disconnectUserStreams(companyId);
  await runCompanyLifecycle('deactivated', companyId);
}

/**
 * 'Empresa Ativada' by the platform (CLI, billing): the same effects as the master's switch. Answers the company.
 * `resume: false` (the CLI, a process that runs no WhatsApp session): the reactivation does not start the sessions the
 * deactivation stopped — they keep their mark for an admin's start or the next reactivation from the app.
 */
export async function setCompanyActive(
  companyId: number,
  active: boolean,
  opts: { resume?: boolean } = {},
): Promise<CompanyDto> {
  const current = await repo.findCompany(companyId);
  if (!current) throw notFound('company');
  await repo.updateCompany(companyId, { status: active });
  invalidateActors();
  if (!active && current.status) await companyLeftService(companyId);
  if (active && !current.status && opts.resume !== false) await runCompanyLifecycle('reactivated', companyId);
  return companyDto(companyId);
}

/**
 * DELETE /company/{id}: master only, never their own company. The company leaves service at once (status off,
 * sessions ended) and a background job removes its rows and files; the answer does not wait for it.
 */
export async function deleteCompany(ctx: UserCtx, companyId: number): Promise<{ message: string; companyId: number }> {
  assertCan(ctx, 'manageCompanies');
  if (companyId === ctx.companyId) throw new DomainError('ERR_NO_PERMISSION');
  const current = await repo.findCompany(companyId);
  if (!current) throw notFound('company');
  await repo.updateCompany(companyId, { status: false });
  invalidateActors();
  await companyLeftService(companyId);
  await deleteCompanyJob.enqueue(
    { companyId: ctx.companyId, targetCompanyId: companyId },
    { jobId: `companies-delete-${companyId}` },
  );
  return { message: SAAS_TEXTS.deleting, companyId };
}

/** GET /companyPlan/{companyId}: the company's plan list (its plan, or none). */
export async function companyPlans(ctx: UserCtx, companyId: number): Promise<CompanyPlanDto[]> {
  const c = await companyFor(ctx, companyId);
  if (!c.planId) return [];
  const plan = await repo.findPlan(c.planId);
  return plan ? [toCompanyPlanDto(plan)] : [];
}

/**
 * POST /savePlanInCompany/{companyId}/{planId}: the company takes the plan and a copy of its flags and limits. The
 * master any plan for any company; a payPanelAccess user a public active plan for their own company (another plan
 * → 404).
 */
export async function savePlanInCompany(ctx: UserCtx, companyId: number, planId: number): Promise<CompanyDto> {
  await companyFor(ctx, companyId);
  const plan = await repo.findPlan(planId);
  if (!plan || (!isMaster(ctx) && !(plan.isPublic && plan.status))) throw notFound('plan');
  await repo.updateCompany(companyId, companyValuesFromPlan(plan));
  invalidateActors();
  return companyDto(companyId);
}

// ---------- plans

function emitPlan(ctx: UserCtx, data: PlanEvent) {
  emit({ companyId: ctx.companyId, channel: events.plan.of(ctx.companyId), data, adminOnly: true });
}

/** GET /plan/: the master every plan; a payPanelAccess user public active plans and their own, read-only. */
export async function listPlans(ctx: UserCtx, q: PageQuery): Promise<PlanPageDto> {
  const master = isMaster(ctx);
  if (!master) assertCan(ctx, 'financialPanel');
  const visibleTo = master ? undefined : { ownPlanId: (await repo.findCompany(ctx.companyId))?.planId ?? null };
  const page = await repo.listPlans(q.searchParam, pageWindow(q.pageNumber, PAGE_SIZE.records), visibleTo);
  return { plans: page.rows.map((p) => toPlanDto(p, master)), hasMore: page.hasMore, count: page.count };
}

export async function showPlan(ctx: UserCtx, planId: number): Promise<PlanDto> {
  const master = isMaster(ctx);
  if (!master) assertCan(ctx, 'financialPanel');
  const plan = await repo.findPlan(planId);
  if (!plan) throw notFound('plan');
  if (!master) {
    const own = (await repo.findCompany(ctx.companyId))?.planId ?? null;
    if (!(plan.isPublic && plan.status) && plan.id !== own) throw notFound('plan');
  }
  return toPlanDto(plan, master);
}

function planValuesOf(input: PlanUpdateInput): Partial<repo.NewPlan> {
  const v: Partial<repo.NewPlan> = {};
  for (const [k, val] of Object.entries(input)) {
    if (val === undefined) continue;
    if (k === 'value1Month' || k === 'value3Months' || k === 'value6Months' || k === 'value12Months')
      (v as Record<string, unknown>)[k] = toNumeric(val as number);
    else (v as Record<string, unknown>)[k] = val;
  }
  return v;
}

/** A plan made by the platform (POST /plan, CLI, demo seed). */
export async function insertPlanWithDefaults(input: PlanCreateInput): Promise<repo.PlanListRow> {
  const created = await repo.insertPlan({ ...PLAN_DEFAULTS, ...planValuesOf(input), name: input.name });
  if (created.isStandard) await repo.clearStandardExcept(created.id);
  return { ...created, companiesCount: 0 };
}

export async function createPlan(ctx: UserCtx, input: PlanCreateInput): Promise<PlanDto> {
  assertCan(ctx, 'managePlans');
  const plan = toPlanDto(await insertPlanWithDefaults(input), true);
  emitPlan(ctx, { action: 'create', plan });
  return plan;
}

/** PUT /plan/{id}: master only. Companies on the plan keep their copies until the plan is saved in them again. */
export async function updatePlan(ctx: UserCtx, planId: number, input: PlanUpdateInput): Promise<PlanDto> {
  assertCan(ctx, 'managePlans');
  const values = planValuesOf(input);
  if (Object.keys(values).length) {
    if (!(await repo.updatePlan(planId, values))) throw notFound('plan');
    if (values.isStandard) await repo.clearStandardExcept(planId);
  }
  const row = await repo.findPlan(planId);
  if (!row) throw notFound('plan');
  const plan = toPlanDto(row, true);
  emitPlan(ctx, { action: 'update', plan });
  return plan;
}

/** DELETE /plan/{id}: master only; its companies keep their copied flags and limits, without a plan. */
export async function deletePlan(ctx: UserCtx, planId: number): Promise<{ message: string }> {
  assertCan(ctx, 'managePlans');
  if (!(await repo.deletePlan(planId))) throw notFound('plan');
  invalidateActors();
  emitPlan(ctx, { action: 'delete', planId });
  return { message: 'Plano excluído' };
}

/** A plan a company may take on its own (public and active, as savePlanInCompany's rule): the store's lead and
 * POST /subscription. */
export async function findPublicPlan(planId: number): Promise<repo.PlanRow | undefined> {
  const plan = await repo.findPlan(planId);
  return plan?.isPublic && plan.status ? plan : undefined;
}

/** The platform shows or hides a plan on the store (the demo seed). */
export async function setPlanPublic(planId: number, isPublic: boolean): Promise<void> {
  if (!(await repo.updatePlan(planId, { isPublic }))) throw notFound('plan');
}

/** GET /publicplan (no session): active public plans, cheapest first. */
export async function publicPlans(): Promise<PublicPlanDto[]> {
  return (await repo.listPublicPlans()).map(toPublicPlanDto);
}
