import {
  DEFAULT_COUNTRY,
  DomainError,
  LEAD_ORIGIN_STORE,
  LEAD_READ_RULE,
  LEAD_RULE_EMAIL,
  LEAD_RULE_IP,
  LEAD_STATUS_DONE,
  LEAD_STATUS_WAITING,
  LEAD_VALID_DAYS,
  type LeadAnswer,
  type LeadDto,
  type LeadInput,
  type Recurrence,
  SIGNUP_TEXTS,
  SUBSCRIPTION_RULE_IP,
  type SubscriptionAnswer,
  type SubscriptionInput,
  trialEndsAt,
} from '@zapdesk/core';
import { now, nowDate } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { sendMail } from '../../platform/mail';
import { type RateRule, rateLimiter } from '../../platform/ratelimit';
import {
  createCompanyWithAdmin,
  documentHasCompany,
  emailHasAccount,
  isUniqueViolation,
  type PlanRow,
} from '../companies/defaults.service';
import { findPublicPlan } from '../companies/saas.service';
import { accessMail, existingAccountMail, leadMail } from './signup.mail';
import { claimLead, findLeadByPublicId, insertLead, type LeadRow, updateLead } from './signup.repo';

/** a lead being turned into a company right now (between the claim and the end of POST /subscription) */
const LEAD_STATUS_CLAIMED = 'processando cadastro';
/** a claim older than this was left by a process that stopped mid-subscription: the link works again */
const CLAIM_STALE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

async function limit(key: string, rule: RateRule): Promise<void> {
  const s = await rateLimiter().hit(key, rule);
  if (s.count > rule.limit) {
    throw new DomainError('ERR_TOO_MANY_REQUESTS', SIGNUP_TEXTS.limited, { retryAfterS: s.retryAfterS });
  }
}

const frontend = () => platform().env.frontendUrl.replace(/\/+$/, '');

/** DD/MM/YYYY in Brasília time (spec 3 §1 dates; the platform's companies default to America/Sao_Paulo) */
export function formatDateBr(d: Date): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
}

async function planOrRefuse(planId: number | null): Promise<PlanRow> {
  const plan = planId ? await findPublicPlan(planId) : undefined;
  if (!plan) throw new DomainError('ERR_PLAN_UNAVAILABLE', SIGNUP_TEXTS.planUnavailable);
  return plan;
}

/**
 * POST /lead (spec 3 §4 new lead): a public, active plan; the lead stored as 'aguardando completar o cadastro' from
 * myStore; an e-mail with the /subscription/{leadId} link. The answer is the same 'Você recebera um email…' whether
 * or not the e-mail already has an account — then no lead is made and its owner is told by e-mail instead (nothing
 * here reveals who is a customer). Rate limited per IP and per e-mail.
 */
export async function createLead(input: LeadInput, ip: string): Promise<LeadAnswer> {
  await limit(`lead:ip:${ip}`, LEAD_RULE_IP);
  await limit(`lead:email:${input.email}`, LEAD_RULE_EMAIL);
  const plan = await planOrRefuse(input.planId);
  if (await emailHasAccount(input.email)) {
    log.info({ planId: plan.id }, 'store lead with an e-mail that already has an account: owner notified');
    await sendMail(existingAccountMail({ email: input.email, loginUrl: `${frontend()}/login` }));
    return { message: SIGNUP_TEXTS.leadSent };
  }
  const at = nowDate();
  const lead = await insertLead({
    publicId: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    whatsAppNumber: input.whatsAppNumber,
    planId: plan.id,
    origin: LEAD_ORIGIN_STORE,
    status: LEAD_STATUS_WAITING,
    recurrence: input.recurrence,
    billingType: input.billingType,
    createdAt: at,
    updatedAt: at,
  });
  const sent = await sendMail(
    leadMail({
      email: lead.email,
      name: lead.name,
      planName: plan.name,
      recurrence: input.recurrence,
      prices: plan,
      link: `${frontend()}/subscription/${lead.publicId}`,
      validDays: LEAD_VALID_DAYS,
    }),
  );
  // the lead is kept: a master can still reach the person; the person is told to try again
  if (!sent) throw new DomainError('ERR_SERVICE_UNAVAILABLE');
  return { message: SIGNUP_TEXTS.leadSent };
}

function toLeadDto(r: LeadRow, planName: string | null): LeadDto {
  return {
    id: r.publicId,
    name: r.name,
    email: r.email,
    whatsAppNumber: r.whatsAppNumber,
    planId: r.planId ?? 0,
    planName,
    origin: r.origin,
    status: r.status === LEAD_STATUS_CLAIMED ? LEAD_STATUS_WAITING : r.status,
    recurrence: r.recurrence,
    billingType: r.billingType,
    createdAt: r.createdAt.toISOString(),
  };
}

/** the lead of a sign-up link, or 404 with the link text (unknown or older than LEAD_VALID_DAYS) */
async function liveLead(publicId: string): Promise<LeadRow> {
  const lead = await findLeadByPublicId(publicId);
  if (!lead || (lead.status !== LEAD_STATUS_DONE && now() - lead.createdAt.getTime() > LEAD_VALID_DAYS * DAY_MS)) {
    throw new DomainError('ERR_LEAD_NOT_FOUND', SIGNUP_TEXTS.leadNotFound);
  }
  return lead;
}

/**
 * GET /lead/{leadId} (public: the link is the credential — an unguessable UUID): the lead to prefill the registration
 * form. A completed lead answers its status ('cadastro concluído'): the page then sends the person to log in.
 */
export async function showLead(publicId: string, ip: string): Promise<LeadDto> {
  await limit(`lead:read:${ip}`, LEAD_READ_RULE);
  const lead = await liveLead(publicId);
  const plan = lead.planId ? await findPublicPlan(lead.planId) : undefined;
  return toLeadDto(lead, plan?.name ?? null);
}

/** a readable password of 10 characters (no 0/O, 1/l/I), from the platform's CSPRNG */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * POST /subscription (spec 3 §7): the lead's plan (still public and active), a company with a 15-day trial
 * (`trialEndsAt`, core's rule) and the lead's period and billing type, its default queues and groups, and its admin
 * (payPanelAccess: the own-company page) logging in with the lead's e-mail and a generated password sent by e-mail
 * with the access data. One company per lead (a second submission → 409 ERR_LEAD_COMPLETED). An e-mail that got an
 * account meanwhile → 409 ERR_SIGNUP_EMAIL_UNAVAILABLE, the same words for everyone. One trial per CPF/CNPJ: a
 * document a company already has → 409 ERR_SIGNUP_DOCUMENT_UNAVAILABLE.
 */
export async function subscribe(input: SubscriptionInput, ip: string): Promise<SubscriptionAnswer> {
  await limit(`subscription:ip:${ip}`, SUBSCRIPTION_RULE_IP);
  const lead = await liveLead(input.leadId);
  if (lead.status === LEAD_STATUS_DONE) throw new DomainError('ERR_LEAD_COMPLETED', SIGNUP_TEXTS.leadDone);
  const plan = await planOrRefuse(lead.planId);
  // one free trial per CPF/CNPJ (the schema normalized it): a document a company has, or another sign-up is using
  // right now (the lead's unique trialDocument), cannot start another
  const documentUnavailable = () =>
    new DomainError('ERR_SIGNUP_DOCUMENT_UNAVAILABLE', SIGNUP_TEXTS.documentUnavailable);
  if (await documentHasCompany(input.documentNumber)) throw documentUnavailable();
  const claimAt = nowDate();
  const staleBefore = new Date(claimAt.getTime() - CLAIM_STALE_MS);
  const from = { status: LEAD_STATUS_WAITING, orStaleClaim: { status: LEAD_STATUS_CLAIMED, before: staleBefore } };
  let claimed: boolean;
  try {
    claimed = await claimLead(lead.id, from, LEAD_STATUS_CLAIMED, claimAt, input.documentNumber);
  } catch (err) {
    if (isUniqueViolation(err)) throw documentUnavailable();
    throw err;
  }
  if (!claimed) throw new DomainError('ERR_LEAD_COMPLETED', SIGNUP_TEXTS.leadDone);
  const at = nowDate();
  const trialEnd = trialEndsAt(at.getTime());
  const password = generatePassword();
  const recurrence = (input.recurrence ?? lead.recurrence) as Recurrence;
  const billingType = input.billingType ?? lead.billingType;
  const a = input.address ?? {};
  let companyId: number;
  try {
    const { company } = await createCompanyWithAdmin({
      company: {
        name: input.name,
        companyName: input.companyName?.trim() || null,
        email: lead.email,
        documentNumber: input.documentNumber,
        emailsOfNotifications: lead.email,
        whatsappsOfNotifications: input.whatsAppNumber ?? lead.whatsAppNumber,
        address: {
          cep: a.cep ?? '',
          street: a.street ?? '',
          numberAddress: a.numberAddress ?? '',
          complement: a.complement ?? '',
          district: a.district ?? '',
          city: a.city ?? '',
          state: a.state ?? '',
          country: a.country?.trim() || DEFAULT_COUNTRY,
        },
        leadId: lead.id,
        trialEndsAt: trialEnd,
        status: true,
      },
      admin: { name: input.userName, email: lead.email, password, payPanelAccess: true },
      plan,
    });
    companyId = company.id;
  } catch (err) {
    await updateLead(lead.id, { status: LEAD_STATUS_WAITING, trialDocument: null, updatedAt: nowDate() });
    if (err instanceof DomainError && err.code === 'ERR_EMAIL_ALREADY_EXISTS') {
      throw new DomainError('ERR_SIGNUP_EMAIL_UNAVAILABLE', SIGNUP_TEXTS.emailUnavailable);
    }
    throw err;
  }
  await updateLead(lead.id, {
    status: LEAD_STATUS_DONE,
    companyId,
    recurrence,
    billingType,
    completedAt: at,
    updatedAt: at,
  });
  const sent = await sendMail(
    accessMail({
      email: lead.email,
      name: input.userName,
      companyName: input.name,
      planName: plan.name,
      password,
      loginUrl: `${frontend()}/login`,
      trialEnd: formatDateBr(trialEnd),
    }),
  );
  if (!sent) log.error({ companyId }, 'subscription done but the access e-mail was not sent');
  return { message: SIGNUP_TEXTS.subscriptionDone, planName: plan.name, trialEndsAt: trialEnd.toISOString() };
}
