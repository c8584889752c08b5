import {
  type CepLookupDto,
  type CnpjLookupDto,
  DomainError,
  LOOKUP_TEXTS,
  normalizeNumber,
  type WhatsappCheckDto,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { log } from '../../platform/log';
import { LookupError, lookupCep, lookupCnpj } from '../../platform/lookups';
import { checkContactNumber } from '../contacts/contacts.whatsapp-check';
import { unsafePlatformCompanyId } from './lookups.repo';

/** A lookup's failure is silent (spec 3 §8 "CEP and CNPJ lookup failures: silent or only logged"): logged, `{}`. */
async function silent<T>(what: string, fn: () => Promise<T | null>): Promise<T | Record<string, never>> {
  try {
    return (await fn()) ?? {};
  } catch (err) {
    if (!(err instanceof LookupError)) throw err;
    log.warn({ err: err.message, reason: err.reason, what }, 'lookup failed');
    return {};
  }
}

/** GET /helper/cnpj/{digits}: the company's registration data, `{}` when unknown or when the service fails. */
export function cnpjLookup(cnpj: string): Promise<CnpjLookupDto> {
  return silent('cnpj', () => lookupCnpj(cnpj));
}

/** GET /helper/cep/{cep}: the CEP's address, `{}` when unknown or when the service fails. */
export function cepLookup(cep: string): Promise<CepLookupDto> {
  return silent('cep', () => lookupCep(cep));
}

/**
 * GET /helper/whatsapp/{number} (spec 3 §7, the billing notification contacts' blur check): asked through the
 * platform's notification connection — the default connection of the platform's company (the oldest master's). For
 * the master or a payPanelAccess user (the company pages that hold those contacts). `{ valid, number, message }`;
 * when the platform has no connected default connection the connection's own error (ERR_NO_DEF_WAPP_FOUND,
 * ERR_WAPP_CHECK_CONTACT) is answered: "could not check" is not "invalid".
 */
export async function whatsappCheck(ctx: UserCtx, digits: string): Promise<WhatsappCheckDto> {
  if (!ctx.caps.manageCompanies) assertCan(ctx, 'financialPanel');
  const companyId = await unsafePlatformCompanyId();
  if (companyId === null) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
  try {
    const number = await checkContactNumber(companyId, digits);
    return { valid: true, number, message: LOOKUP_TEXTS.whatsappValid };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'ERR_WAPP_INVALID_CONTACT') {
      return { valid: false, number: normalizeNumber(digits) || digits, message: LOOKUP_TEXTS.whatsappInvalid };
    }
    throw err;
  }
}

/** The platform's company (the oldest active master's): billing notices use its notification connection. */
export const platformCompanyId = (): Promise<number | null> => unsafePlatformCompanyId();
