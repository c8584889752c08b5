import { DomainError, normalizeDocumentNumber } from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import {
  type CompanyRow,
  companyValuesFromPlan,
  ensureStandardPlanRow,
  findGroupByName,
  insertCompany,
  insertCompanyDefaults,
  insertUserWithQueues,
  inTransaction,
  type NewCompany,
  type PlanRow,
  unsafeCompanyWithDocumentExists,
  unsafeFindUserByEmail,
} from './defaults.repo';

export type { CompanyRow, PlanRow };

/** The plan new companies get (spec 3 §9 defaults); created on first use. */
export function ensureStandardPlan(): Promise<PlanRow> {
  return ensureStandardPlanRow();
}

/** Whether a user already logs in with this e-mail (any company): the public sign-up must not tell anyone. */
export async function emailHasAccount(email: string): Promise<boolean> {
  return !!(await unsafeFindUserByEmail(email.toLowerCase()));
}

/** Whether a company already has this CPF/CNPJ (any form: normalized before comparing). */
export async function documentHasCompany(documentNumber: string): Promise<boolean> {
  return unsafeCompanyWithDocumentExists(normalizeDocumentNumber(documentNumber));
}

/**
 * Default queues (Financeiro, Vendas, Suporte in green, blue, orange) when the company has no queue, and default
 * permission groups (Administradores, Gerentes, Operacionais) when it has no group (spec 1 §7). Idempotent and safe
 * to call concurrently. Called at sign-up, at company creation and by the demo seed.
 */
export async function ensureCompanyDefaults(companyId: number) {
  const created = await insertCompanyDefaults(companyId);
  if (created.groups.length || created.queues.length) invalidateActors();
  return created;
}

export type NewCompanyWithAdmin = {
  company: Omit<NewCompany, 'id'>;
  admin: { name: string; email: string; password: string; master?: boolean; payPanelAccess?: boolean };
  /** plan whose flags and limits the company copies; the standard plan when omitted */
  plan?: PlanRow;
};

/**
 * One transaction: the company (with its plan's flags and limits), its default queues and groups, and its first
 * user as admin in the Administradores group. Used by sign-up, the CLI and the companies area.
 */
export async function createCompanyWithAdmin(input: NewCompanyWithAdmin) {
  const email = input.admin.email.toLowerCase();
  if (await unsafeFindUserByEmail(email)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
  const plan = input.plan ?? (await ensureStandardPlan());
  const passwordHash = await hashPassword(input.admin.password);
  try {
    const result = await inTransaction(async (tx) => {
      const company = await insertCompany({ ...companyValuesFromPlan(plan), ...input.company }, tx);
      await insertCompanyDefaults(company.id, tx);
      const group = await findGroupByName(company.id, 'Administradores', tx);
      const admin = await insertUserWithQueues(
        {
          companyId: company.id,
          name: input.admin.name,
          email,
          passwordHash,
          profile: 'admin',
          master: input.admin.master ?? false,
          payPanelAccess: input.admin.payPanelAccess ?? false,
          userAuthorizationId: group?.id ?? null,
        },
        [],
        tx,
      );
      return { company, admin };
    });
    invalidateActors();
    return result;
  } catch (err) {
    // a concurrent sign-up with the same e-mail loses on the unique index
    if (isUniqueViolation(err)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
