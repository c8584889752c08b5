import { DomainError } from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { findGroupByName, insertUserWithQueues, unsafeFindCompanyByName, unsafeFindUserByEmail } from './defaults.repo';
import { createCompanyWithAdmin, ensureCompanyDefaults, isUniqueViolation } from './defaults.service';

/** Company of a master created without `--company`. */
export const DEFAULT_MASTER_COMPANY = 'Plataforma';

/**
 * CLI create-master: a master admin (payPanelAccess, group Administradores) in the named company — created on the
 * standard plan when it does not exist yet.
 */
export async function createMasterUser(input: { email: string; password: string; name: string; company?: string }) {
  const email = input.email.toLowerCase();
  if (await unsafeFindUserByEmail(email)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
  const companyName = input.company ?? DEFAULT_MASTER_COMPANY;
  const existing = await unsafeFindCompanyByName(companyName);
  if (!existing) {
    const { company, admin } = await createCompanyWithAdmin({
      company: { name: companyName },
      admin: { name: input.name, email, password: input.password, master: true, payPanelAccess: true },
    });
    return { company, user: admin };
  }
  await ensureCompanyDefaults(existing.id);
  const group = await findGroupByName(existing.id, 'Administradores');
  try {
    const user = await insertUserWithQueues(
      {
        companyId: existing.id,
        name: input.name,
        email,
        passwordHash: await hashPassword(input.password),
        profile: 'admin',
        master: true,
        payPanelAccess: true,
        userAuthorizationId: group?.id ?? null,
      },
      [],
    );
    invalidateActors();
    return { company: existing, user };
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
}
