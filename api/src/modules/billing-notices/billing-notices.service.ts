import {
  DomainError,
  defaultTemplates,
  type NotificationSubscriptionDto,
  type NotificationTemplateDto,
  renderTemplate,
  SUBSCRIPTION_FLAG_DEFAULTS,
  SUBSCRIPTION_TEXTS,
  type SubscriptionCreateInput,
  type SubscriptionUpdateInput,
  sampleValues,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TEXTS,
  type TemplateCreateInput,
  type TemplatePreviewInput,
  type TemplateUpdateInput,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { log } from '../../platform/log';
import { showCompany } from '../companies/saas.service';
import { whatsappCheck } from '../lookups/lookups.service';
import { invoiceSource } from './billing-notices.invoices';
import * as repo from './billing-notices.repo';

/**
 * Billing notification subscriptions and templates (spec 3 §3, §5, §6, §7; issue 21). Who may do what:
 * - subscriptions of a company: the master any company's; a payPanelAccess user their own company's (another
 *   company's id → 404, like the company page). Contact fields (contactName, email, whatsapp), creating and deleting:
 *   master only (spec 3 §6 "edit subscription contact fields (disabled for others)"); the others change the channel
 *   flags only (a changed contact field → 403 ERR_NO_PERMISSION).
 * - templates: master only (platform-level rows).
 */

export const PLATFORM_NAME = 'ZapDesk';

const isMaster = (ctx: UserCtx) => ctx.caps.manageCompanies;
const subNotFound = () => new DomainError('ERR_NOT_FOUND', SUBSCRIPTION_TEXTS.notFound);
const templateNotFound = () => new DomainError('ERR_NOT_FOUND', TEMPLATE_TEXTS.notFound);

/** The company page's access rule (404 for another company's id, 403 without payPanelAccess). */
async function assertCompanyPage(ctx: UserCtx, companyId: number): Promise<void> {
  await showCompany(ctx, companyId);
}

/**
 * The subscription `id` as the caller may see it: the master any company's; others their own company's only (another
 * company's → 404, before the page's own permission check → 403 without payPanelAccess).
 */
async function subscriptionFor(ctx: UserCtx, id: number): Promise<NotificationSubscriptionDto> {
  const companyId = isMaster(ctx) ? await repo.unsafeSubscriptionCompanyId(id) : ctx.companyId;
  if (companyId === null) throw subNotFound();
  const s = await repo.findSubscription(companyId, id);
  if (!s) throw subNotFound();
  await assertCompanyPage(ctx, companyId);
  return s;
}

/**
 * The body's companyId (spec 3 §7 sends it on edit and delete): a non-master's must be their own company (another
 * → 404); for the master the subscription's id decides (it manages every company).
 */
function assertBodyCompany(ctx: UserCtx, companyId: number | undefined): void {
  if (companyId !== undefined && !isMaster(ctx) && companyId !== ctx.companyId) throw subNotFound();
}

/**
 * The WhatsApp number checked through GET /helper/whatsapp's service (the platform's connection): a number without
 * WhatsApp is refused ('Este numero não possui um WhatsApp'); when the check cannot be made (no platform connection,
 * not connected) the number is kept unverified (null) — "could not check" is not "invalid" — and gets no WhatsApp
 * notice until checked again (an edit, or the daily job's re-check).
 */
async function checkedWhatsapp(
  ctx: UserCtx,
  number: string | null,
): Promise<{ whatsapp: string | null; whatsappValidated: 'valido' | 'invalido' | null }> {
  if (!number) return { whatsapp: null, whatsappValidated: null };
  if (number.length < 8 || number.length > 15)
    throw new DomainError('ERR_VALIDATION', SUBSCRIPTION_TEXTS.whatsappInvalid);
  try {
    const r = await whatsappCheck(ctx, number);
    if (!r.valid) throw new DomainError('ERR_VALIDATION', SUBSCRIPTION_TEXTS.whatsappInvalid);
    return { whatsapp: r.number, whatsappValidated: 'valido' };
  } catch (err) {
    if (err instanceof DomainError && (err.code === 'ERR_NO_DEF_WAPP_FOUND' || err.code === 'ERR_WAPP_CHECK_CONTACT')) {
      log.warn({ code: err.code }, 'notification subscription: WhatsApp not checked (no platform connection)');
      return { whatsapp: number, whatsappValidated: null };
    }
    throw err;
  }
}

/** GET /notification/subscription/list/{companyId} → the company's subscriptions (array). */
export async function listSubscriptions(ctx: UserCtx, companyId: number): Promise<NotificationSubscriptionDto[]> {
  await assertCompanyPage(ctx, companyId);
  return repo.listSubscriptions(companyId);
}

export const showSubscription = (ctx: UserCtx, id: number) => subscriptionFor(ctx, id);

/** POST /notification/subscription/store (master): defaults 5 days and every flag on (spec 3 §9). */
export async function createSubscription(
  ctx: UserCtx,
  input: SubscriptionCreateInput,
): Promise<NotificationSubscriptionDto> {
  assertCan(ctx, 'manageCompanies');
  await assertCompanyPage(ctx, input.companyId);
  if (!input.email && !input.whatsapp) throw new DomainError('ERR_VALIDATION', SUBSCRIPTION_TEXTS.needsChannel);
  const { companyId, contactName, email, whatsapp, ...flags } = input;
  const wp = await checkedWhatsapp(ctx, whatsapp);
  const values = { ...SUBSCRIPTION_FLAG_DEFAULTS, ...definedOnly(flags), contactName, email, ...wp };
  const id = await repo.insertSubscription(companyId, values);
  return (await repo.findSubscription(companyId, id)) as NotificationSubscriptionDto;
}

function definedOnly<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** PUT /notification/subscription/edit/{id}. */
export async function updateSubscription(
  ctx: UserCtx,
  id: number,
  input: SubscriptionUpdateInput,
): Promise<NotificationSubscriptionDto> {
  assertBodyCompany(ctx, input.companyId);
  const current = await subscriptionFor(ctx, id);
  const { companyId: _c, contactName, email, whatsapp, ...flags } = input;
  const contactChanged =
    (contactName !== undefined && contactName !== current.contactName) ||
    (email !== undefined && email !== current.email) ||
    (whatsapp !== undefined && whatsapp !== current.whatsapp);
  if (contactChanged) assertCan(ctx, 'manageCompanies');
  const values: repo.SubscriptionValues = { ...definedOnly(flags) };
  if (contactName !== undefined) values.contactName = contactName;
  if (email !== undefined) values.email = email;
  const numberChanged = whatsapp !== undefined && whatsapp !== current.whatsapp;
  if (numberChanged || (current.whatsapp && current.whatsappVAlidatedNumber === null && whatsapp !== undefined)) {
    Object.assign(values, await checkedWhatsapp(ctx, whatsapp ?? null));
  } else if (current.whatsappVAlidatedNumber === 'invalido' && (current.whatsapp?.length ?? 0) > 3) {
    // spec 3 §5: editing a contact whose number was found invalid is blocked until the number is fixed
    throw new DomainError('ERR_VALIDATION', SUBSCRIPTION_TEXTS.whatsappInvalid);
  }
  const nextEmail = values.email !== undefined ? values.email : current.email;
  const nextWp = values.whatsapp !== undefined ? values.whatsapp : current.whatsapp;
  if (!nextEmail && !nextWp) throw new DomainError('ERR_VALIDATION', SUBSCRIPTION_TEXTS.needsChannel);
  if (Object.keys(values).length && !(await repo.updateSubscription(current.companyId, id, values)))
    throw subNotFound();
  return (await repo.findSubscription(current.companyId, id)) as NotificationSubscriptionDto;
}

/** DELETE /notification/subscription/{id} with body { companyId } (master). */
export async function deleteSubscription(ctx: UserCtx, id: number, companyId: number): Promise<{ message: string }> {
  assertCan(ctx, 'manageCompanies');
  assertBodyCompany(ctx, companyId);
  const current = await subscriptionFor(ctx, id);
  if (!(await repo.deleteSubscription(current.companyId, id))) throw subNotFound();
  return { message: 'Assinatura excluída' };
}

// ---------- templates

export function listTemplates(ctx: UserCtx): Promise<NotificationTemplateDto[]> {
  assertCan(ctx, 'manageNotificationTemplates');
  return repo.listTemplates();
}

export async function showTemplate(ctx: UserCtx, id: number): Promise<NotificationTemplateDto> {
  assertCan(ctx, 'manageNotificationTemplates');
  const t = await repo.findTemplate(id);
  if (!t) throw templateNotFound();
  return t;
}

/** POST /notification/template/ → { id } (spec 3 §7 "POST returns id"). */
export async function createTemplate(ctx: UserCtx, input: TemplateCreateInput): Promise<{ id: number }> {
  assertCan(ctx, 'manageNotificationTemplates');
  return { id: await repo.insertTemplate(input) };
}

export async function updateTemplate(
  ctx: UserCtx,
  id: number,
  input: TemplateUpdateInput,
): Promise<NotificationTemplateDto> {
  await showTemplate(ctx, id);
  const values = definedOnly(input);
  if (Object.keys(values).length && !(await repo.updateTemplate(id, values))) throw templateNotFound();
  return showTemplate(ctx, id);
}

export async function deleteTemplate(ctx: UserCtx, id: number): Promise<{ message: string }> {
  await showTemplate(ctx, id);
  if (!(await repo.deleteTemplate(id))) throw templateNotFound();
  return { message: TEMPLATE_TEXTS.deleted };
}

/** GET /notification/template/placeholders → [{ name, placeholder, description }] for the editor's list. */
export function templatePlaceholders(ctx: UserCtx) {
  assertCan(ctx, 'manageNotificationTemplates');
  return Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, description]) => ({
    name,
    placeholder: `{{${name}}}`,
    description,
  }));
}

/** POST /notification/template/preview: the editor's (unsaved) fields rendered with sample data. */
export function previewTemplate(ctx: UserCtx, input: TemplatePreviewInput) {
  assertCan(ctx, 'manageNotificationTemplates');
  const values = sampleValues(input.notice, PLATFORM_NAME);
  return { ...renderTemplate(input, values), values };
}

/** The default templates (one per notice), when the platform has none yet (startup; demo). Answers how many. */
export async function seedDefaultTemplates(): Promise<number> {
  if ((await repo.countTemplates()) > 0) return 0;
  const ds = defaultTemplates();
  for (const d of ds) await repo.insertTemplate(d);
  return ds.length;
}

// ---------- /n

export const N_PLATFORMS = ['whatsapp', 'email'] as const;
const N_NOT_FOUND = 'Link não encontrado.';

/**
 * GET /n/{platform}/{id} (public): the notice's payment link, the click recorded on the notice. The invoice is read
 * again (a link renewed by the gateway is followed; a paid invoice leads to its receipt when it has one).
 */
export async function followNoticeLink(platform: string, publicId: string): Promise<{ urlRedirect: string }> {
  const hit = await repo.unsafeRecordClick(publicId, platform);
  if (!hit) throw new DomainError('ERR_NOT_FOUND', N_NOT_FOUND);
  const inv = await invoiceSource()
    .get(hit.companyId, hit.invoiceId)
    .catch(() => null);
  const paid = inv && (inv.status === 'RECEIVED' || inv.status === 'CONFIRMED');
  const url = (paid && inv.transactionReceiptUrl) || inv?.paymentLink || hit.link;
  if (!url || !/^https?:\/\//i.test(url)) throw new DomainError('ERR_NOT_FOUND', N_NOT_FOUND);
  return { urlRedirect: url };
}
