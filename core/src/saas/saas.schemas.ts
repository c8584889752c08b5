/**
 * Companies and plans of the SaaS administration (spec 3 §3, §5, §7): the zod inputs of the API (the web's forms use
 * the same) and the answers' shapes. Route list and shapes: docs/DECISIONS.md "SaaS API (issue 20)".
 */
import { z } from 'zod';
import { ID_MAX } from '../ids/ids';
import { emailField, flagField, passwordField, TEXT } from '../users/user.fields';
import { checkDocumentNumber } from './documents';
import { BILLING_TYPES, type PlanDisplayValues, RECURRENCES, toCents } from './plan-prices';
import type { TrialState } from './trial';

export const SAAS_TEXTS = {
  nameRequired: 'Nome é obrigatório',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'Email é inválido',
  invalidNumber: 'Deve ser um número',
  invalidPrice: 'Valor inválido',
  /** DELETE /company/{id}: the deletion runs in the background (spec 3 §8) */
  deleting: 'A exclusão da empresa foi iniciada e pode levar alguns minutos.',
} as const;

const text = (max: number) => z.string({ error: 'Invalid value' }).trim().max(max, TEXT.tooLong);
const optText = (max: number) => text(max).nullable().optional();

/** name: required, 2 to `max` characters (company forms 150, plan modal 50: spec 3 §5) */
const requiredName = (max: number) =>
  z
    .string({ error: SAAS_TEXTS.nameRequired })
    .trim()
    .min(1, SAAS_TEXTS.nameRequired)
    .min(2, TEXT.tooShort)
    .max(max, TEXT.tooLong);

const companyEmail = () =>
  z
    .string({ error: SAAS_TEXTS.emailRequired })
    .trim()
    .min(1, SAAS_TEXTS.emailRequired)
    .max(254, TEXT.tooLong)
    .pipe(z.email({ error: SAAS_TEXTS.emailInvalid }))
    .transform((s) => s.toLowerCase());

/** A limit or count: a whole number 0…100000 (numeric text accepted, as the modal sends it). */
const count = () =>
  z.coerce
    .number({ error: SAAS_TEXTS.invalidNumber })
    .int(SAAS_TEXTS.invalidNumber)
    .min(0, SAAS_TEXTS.invalidNumber)
    .max(100_000, SAAS_TEXTS.invalidNumber);

/** Document number: empty → none; else a valid CPF or CNPJ (numeric or alphanumeric), stored normalized. */
export const documentNumberField = () =>
  z
    .string({ error: 'Invalid value' })
    .max(40, TEXT.tooLong)
    .nullable()
    .transform((v, ctx) => {
      if (v === null || !v.trim()) return null;
      const r = checkDocumentNumber(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      return r.value;
    });

export const AddressInput = z.object({
  cep: optText(20),
  street: optText(200),
  numberAddress: optText(30),
  complement: optText(200),
  district: optText(120),
  city: optText(120),
  state: optText(60),
  country: optText(60),
});
export type AddressInput = z.infer<typeof AddressInput>;
export const DEFAULT_COUNTRY = 'Brasil';

const planFlagInputs = {
  enableReports: flagField().optional(),
  enableDashboard: flagField().optional(),
  enableCampaigns: flagField().optional(),
  enableSchedules: flagField().optional(),
  enableApi: flagField().optional(),
  enableBots: flagField().optional(),
  enableFlows: flagField().optional(),
  iaIntegrationEnabled: flagField().optional(),
  campaignSendLimitPerHour: count().optional(),
};

/** What the company form edits (spec 3 §3), all optional: PUT /company/{id}. */
const companyFields = {
  name: requiredName(150).optional(),
  companyName: optText(150),
  slogan: optText(200),
  email: companyEmail().optional(),
  logoUrl: optText(2000),
  documentNumber: documentNumberField().optional(),
  inscrMunicipal: optText(40),
  inscrEstadual: optText(40),
  emailsOfNotifications: optText(2000),
  whatsappsOfNotifications: optText(2000),
  address: AddressInput.nullable().optional(),
  observation: optText(5000),
  /** 'Empresa Ativada' (spec 3 §4: sent as 1 or 0) — master only */
  status: flagField().optional(),
  numberAttendants: count().optional(),
  numberConections: count().optional(),
  ...planFlagInputs,
};

export const CompanyUpdateInput = z.object(companyFields);
export type CompanyUpdateInput = z.infer<typeof CompanyUpdateInput>;

/**
 * POST /company (/CreateNewCompany): the company fields with name and e-mail required, its first user (`userName`,
 * logging in with the company `email` unless `userEmail` is given, password `passwordDefault`) and its plan
 * (`planId`; the standard plan when absent). The plan's flags and limits are copied, then any given here win.
 */
export const CompanyCreateInput = z.object({
  ...companyFields,
  name: requiredName(150),
  email: companyEmail(),
  userName: requiredName(50),
  userEmail: emailField().optional(),
  passwordDefault: passwordField(),
  planId: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(ID_MAX, 'Invalid id')
    .optional(),
});
export type CompanyCreateInput = z.infer<typeof CompanyCreateInput>;

/** A price in reais with cents: a number or its text ("99,90", "99.90"); stored as numeric(12,2). */
const price = () =>
  z.union([z.number(), z.string()], { error: SAAS_TEXTS.invalidPrice }).transform((v, ctx) => {
    const cents = toCents(v);
    if (cents === null || cents < 0 || cents > 99_999_999_99) {
      ctx.addIssue({ code: 'custom', message: SAAS_TEXTS.invalidPrice });
      return z.NEVER;
    }
    return cents;
  });

const planFields = {
  name: requiredName(50),
  slogan: optText(200),
  description: optText(5000),
  numberAttendants: count().optional(),
  numberConnections: count().optional(),
  status: flagField().optional(),
  isStandard: flagField().optional(),
  /** offered to companies (GET /publicplan, the store, the company's plan modal) */
  isPublic: flagField().optional(),
  automaticInvoice: flagField().optional(),
  recurrence: z.enum(RECURRENCES, { error: 'Invalid value' }).optional(),
  billingType: z.enum(BILLING_TYPES, { error: 'Invalid value' }).optional(),
  highlighted: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Invalid value' }).optional(),
  media: optText(2000),
  ...planFlagInputs,
  value1Month: price().optional(),
  value3Months: price().optional(),
  value6Months: price().optional(),
  value12Months: price().optional(),
};

/** POST /plan (spec 3 §5 plan modal: name 2–50 required; limits numeric). Prices come in reais, kept as cents. */
export const PlanCreateInput = z.object(planFields);
export type PlanCreateInput = z.infer<typeof PlanCreateInput>;
export const PlanUpdateInput = z.object({ ...planFields, name: requiredName(50).optional() });
export type PlanUpdateInput = z.infer<typeof PlanUpdateInput>;

export type AddressDto = {
  cep: string;
  street: string;
  numberAddress: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  country: string;
};

export type PlanFlagsDto = {
  enableReports: boolean;
  enableDashboard: boolean;
  enableCampaigns: boolean;
  enableSchedules: boolean;
  enableApi: boolean;
  enableBots: boolean;
  enableFlows: boolean;
  iaIntegrationEnabled: boolean;
  campaignSendLimitPerHour: number;
};

/**
 * A plan as the master sees it (GET /plan/{id}). A non-master with payPanelAccess gets it read-only WITHOUT the
 * master-only fields (prices and their display values, enableCampaigns and campaignSendLimitPerHour, automaticInvoice,
 * highlighted: spec 3 §6).
 */
export type PlanDto = PlanFlagsDto &
  Partial<PlanDisplayValues> & {
    id: number;
    name: string;
    slogan: string | null;
    description: string | null;
    numberAttendants: number;
    numberConnections: number;
    status: boolean;
    isStandard: boolean;
    isPublic: boolean;
    automaticInvoice?: boolean;
    recurrence: string;
    billingType: string;
    highlighted?: 0 | 1 | 2;
    media: string | null;
    /** reais (e.g. 99.9) */
    value1Month?: number;
    value3Months?: number;
    value6Months?: number;
    value12Months?: number;
    companyId: number | null;
    /** companies on the plan (master only) */
    companiesCount?: number;
    createdAt: string;
    updatedAt: string;
  };

/** GET /publicplan: what the store and a company's plan modal show (no internal fields). */
export type PublicPlanDto = PlanFlagsDto &
  PlanDisplayValues & {
    id: number;
    name: string;
    slogan: string | null;
    description: string | null;
    numberAttendants: number;
    numberConnections: number;
    recurrence: string;
    billingType: string;
    highlighted: 0 | 1 | 2;
    media: string | null;
    value1Month: number;
    value3Months: number;
    value6Months: number;
    value12Months: number;
  };

/** GET /companyPlan/{companyId}: the company's plan list (spec 3 §3 Company "plan list"): its current plan, or []. */
export type CompanyPlanDto = PlanDisplayValues & {
  id: number;
  name: string;
  numberAttendants: number;
  numberConnections: number;
  billingType: string;
  recurrence: string;
  value1Month: number;
  value3Months: number;
  value6Months: number;
  value12Months: number;
};

export type CompanyDto = PlanFlagsDto & {
  id: number;
  name: string;
  companyName: string | null;
  slogan: string | null;
  email: string | null;
  logoUrl: string | null;
  documentNumber: string | null;
  inscrMunicipal: string | null;
  inscrEstadual: string | null;
  emailsOfNotifications: string | null;
  whatsappsOfNotifications: string | null;
  address: AddressDto;
  observation: string | null;
  /** 'Empresa Ativada' (spec 3 §4: 1 or 0) */
  status: 0 | 1;
  createdAt: string;
  updatedAt: string;
  leadId: number | null;
  /** the first user's name (spec 3 §3 userName) */
  userName: string | null;
  numberAttendants: number;
  numberConections: number;
  planId: number | null;
  /** the plan's name (null without a plan) */
  planName: string | null;
  trialEndsAt: string | null;
  trial: TrialState;
  /** users and connections in use, beside their limits */
  usersCount: number;
  connectionsCount: number;
};

/** GET /company/: a page of companies (spec 3 §7 answer `company, hasMore`). */
export type CompanyPageDto = { company: CompanyDto[]; hasMore: boolean; count: number };
export type PlanPageDto = { plans: PlanDto[]; hasMore: boolean; count: number };

/** Live event of plan-{companyId} (spec 3 §7: create, update, delete) */
export type PlanEvent = { action: 'create' | 'update'; plan: PlanDto } | { action: 'delete'; planId: number };
