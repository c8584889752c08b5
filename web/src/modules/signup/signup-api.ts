import type {
  CepLookupDto,
  CnpjLookupDto,
  LeadDto,
  MailOutboxDto,
  PublicPlanDto,
  SubscriptionAnswer,
} from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/** Spec 3 §7 GET /publicplan (no session): the active public plans, cheapest first. */
export async function fetchPublicPlans(): Promise<PublicPlanDto[]> {
  return (await parseResponse(api.publicplan.$get())) as PublicPlanDto[];
}

export type LeadForm = {
  name: string;
  email: string;
  whatsAppNumber: string;
  planId: number;
  recurrence: string;
  billingType: string;
};

/** Spec 3 §7 POST /lead → `{ message }` ('Você recebera um email para concluir o cadastro'). */
export async function sendLead(form: LeadForm): Promise<{ message: string }> {
  return (await parseResponse(
    api.lead.$post({
      json: { ...form, origin: 'myStore', status: 'aguardando completar o cadastro' } as never,
    }),
  )) as { message: string };
}

/** Spec 3 §7 GET /lead/{leadId}: what the registration form is prefilled from. */
export async function fetchLead(leadId: string): Promise<LeadDto> {
  return (await parseResponse(api.lead[':leadId'].$get({ param: { leadId } }))) as LeadDto;
}

export type SubscriptionForm = {
  leadId: string;
  name: string;
  companyName: string;
  documentNumber: string;
  userName: string;
  whatsAppNumber: string;
  address: {
    cep: string;
    street: string;
    numberAddress: string;
    complement: string;
    district: string;
    city: string;
    state: string;
    country: string;
  };
  recurrence: string;
  billingType: string;
};

/** Spec 3 §7 POST /subscription → the company with its trial and admin; `{ message, planName, trialEndsAt }`. */
export async function sendSubscription(form: SubscriptionForm): Promise<SubscriptionAnswer> {
  return (await parseResponse(api.subscription.$post({ json: form as never }))) as SubscriptionAnswer;
}

/** Spec 3 §7 GET /helper/cnpj/{digits}: `{}` when unknown or when the lookup failed (silent). */
export async function lookupCnpj(digits: string): Promise<CnpjLookupDto> {
  try {
    return (await parseResponse(api.helper.cnpj[':digits'].$get({ param: { digits } }))) as CnpjLookupDto;
  } catch {
    return {};
  }
}

/** GET /helper/cep/{cep} (ours): `{}` when unknown or when the lookup failed (silent). */
export async function lookupCep(cep: string): Promise<CepLookupDto> {
  try {
    return (await parseResponse(api.helper.cep[':cep'].$get({ param: { cep } }))) as CepLookupDto;
  } catch {
    return {};
  }
}

/** GET /mailOutbox (ours, master): the embedded outbox, newest first. */
export async function fetchMailOutbox(
  search: string,
  pageNumber: number,
): Promise<{ items: MailOutboxDto[]; hasMore: boolean; mode: 'smtp' | 'outbox' }> {
  const r = (await parseResponse(
    api.mailOutbox.$get({ query: { searchParam: search, pageNumber: String(pageNumber) } }),
  )) as { mails: MailOutboxDto[]; hasMore: boolean; mode: 'smtp' | 'outbox' };
  return { items: r.mails, hasMore: r.hasMore, mode: r.mode };
}
