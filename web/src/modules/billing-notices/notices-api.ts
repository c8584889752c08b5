import type {
  NoticeKind,
  NotificationSubscriptionDto,
  NotificationTemplateDto,
  SubscriptionFlags,
  WhatsappCheckDto,
} from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/**
 * The billing notices' calls (spec 3 §7): notification subscriptions of a company, notification templates, the
 * template placeholders and preview, the WhatsApp check of a subscription contact and the public `/n` redirect.
 */

/** the two channels of a subscription (spec 3 §3 "per channel (Wp and Email)") */
export const CHANNELS = ['Wp', 'Email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** the notices of a channel; the two day counts are 0 (Desativado) to 10, the others on/off */
export const NOTICE_SWITCHES = ['invoiceCreated', 'invoiceDay', 'delayedPayment', 'invoiceConfirmedPayment'] as const;
export const NOTICE_DAYS = ['invoiceDaysBeforeExpiration', 'invoiceDaysAfterExpiration'] as const;
export type NoticeSwitch = (typeof NOTICE_SWITCHES)[number];
export type NoticeDays = (typeof NOTICE_DAYS)[number];

/** the channel settings (spec 3 §3 names: `invoiceCreatedWp`, `invoiceDaysBeforeExpirationEmail`…) */
export type ChannelSettings = SubscriptionFlags;

/** the contact of a subscription (the master's to change: spec 3 §6) */
export type SubscriptionContact = { contactName: string; email: string; whatsapp: string };

/** the form's values: the contact, the channel settings and the last WhatsApp check (spec 3 §3) */
export type SubscriptionFields = ChannelSettings &
  SubscriptionContact & { whatsappVAlidatedNumber: 'valido' | 'invalido' | null };

export type SubscriptionDto = NotificationSubscriptionDto;

/** what a save sends: the channel settings, and the contact when the user may change it */
export type SubscriptionInput = ChannelSettings & Partial<SubscriptionContact>;

const sub = api.notification.subscription;
const call = async <T>(answer: ReturnType<typeof parseResponse>): Promise<T> => (await answer) as T;

/** `GET /notification/subscription/list/{companyId}` → the company's subscriptions */
export const fetchSubscriptions = (companyId: number) =>
  call<SubscriptionDto[]>(parseResponse(sub.list[':companyId'].$get({ param: { companyId: String(companyId) } })));

/** `POST /notification/subscription/store` (master): the server checks the WhatsApp number again */
export const storeSubscription = (companyId: number, input: SubscriptionInput) =>
  call<SubscriptionDto>(
    parseResponse(sub.store.$post({ json: { ...input, contactName: input.contactName ?? '', companyId } })),
  );

export const editSubscription = (id: number, companyId: number, input: SubscriptionInput) =>
  call<SubscriptionDto>(
    parseResponse(sub.edit[':id'].$put({ param: { id: String(id) }, json: { ...input, companyId } })),
  );

/** `DELETE /notification/subscription/{id}` with the body `{ companyId }` (spec 3 §7) */
export const deleteSubscription = (id: number, companyId: number) =>
  call<unknown>(parseResponse(sub[':id'].$delete({ param: { id: String(id) }, json: { companyId } })));

/** `GET /helper/whatsapp/{number}`: `{ valid, number (normalized), message }` */
export const checkWhatsapp = (number: string) =>
  call<WhatsappCheckDto>(parseResponse(api.helper.whatsapp[':number'].$get({ param: { number } })));

export type TemplateDto = NotificationTemplateDto;
export type TemplateFields = Omit<NotificationTemplateDto, 'id' | 'createdAt' | 'updatedAt'>;

const tpl = api.notification.template;

/** `GET /notification/template/` → the templates */
export const fetchTemplates = () => call<TemplateDto[]>(parseResponse(tpl.$get()));
export const fetchTemplate = (id: number) =>
  call<TemplateDto>(parseResponse(tpl[':id'].$get({ param: { id: String(id) } })));
/** `POST /notification/template/` → its id (spec 3 §7) */
export const createTemplate = (fields: TemplateFields) =>
  call<{ id: number }>(parseResponse(tpl.$post({ json: fields })));
export const updateTemplate = (id: number, fields: Partial<TemplateFields>) =>
  call<TemplateDto>(parseResponse(tpl[':id'].$put({ param: { id: String(id) }, json: fields })));
export const deleteTemplate = (id: number) =>
  call<unknown>(parseResponse(tpl[':id'].$delete({ param: { id: String(id) } })));

/** `GET /n/{platform}/{id}` (public) → where the notice's link leads */
export const fetchRedirect = (platform: string, id: string) =>
  call<{ urlRedirect: string }>(parseResponse(api.n[':platform'][':id'].$get({ param: { platform, id } })));

/** ours `GET /notification/template/placeholders`: the markers a template may use (`{{name}}`) */
export type Placeholder = { name: string; placeholder: string; description: string };
export const fetchPlaceholders = () => call<Placeholder[]>(parseResponse(tpl.placeholders.$get()));

/** what a preview renders: the editor's unsaved texts, for one notice */
export type PreviewInput = Pick<TemplateFields, 'thumbnailWpHtml' | 'textWp' | 'emailHtml' | 'emailTitle'> & {
  notice: NoticeKind;
};
export type PreviewDto = Pick<TemplateFields, 'thumbnailWpHtml' | 'textWp' | 'emailHtml' | 'emailTitle'> & {
  values: Record<string, string>;
};
/** ours `POST /notification/template/preview`: the texts rendered with the sample invoice's values */
export const previewTemplate = (input: PreviewInput) =>
  call<PreviewDto>(parseResponse(tpl.preview.$post({ json: input })));
