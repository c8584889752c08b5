import type {
  NoticeKind,
  NotificationSubscriptionDto,
  NotificationTemplateDto,
  SubscriptionFlags,
} from '@zapdesk/core';
import { apiJson } from '../../lib/api';

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

/** `GET /notification/subscription/list/{companyId}` → the company's subscriptions */
export const fetchSubscriptions = (companyId: number) =>
  apiJson<SubscriptionDto[]>('GET', `/notification/subscription/list/${companyId}`);

/** `POST /notification/subscription/store` (master): the server checks the WhatsApp number again */
export const storeSubscription = (companyId: number, input: SubscriptionInput) =>
  apiJson<SubscriptionDto>('POST', '/notification/subscription/store', { ...input, companyId });

export const editSubscription = (id: number, companyId: number, input: SubscriptionInput) =>
  apiJson<SubscriptionDto>('PUT', `/notification/subscription/edit/${id}`, { ...input, companyId });

/** `DELETE /notification/subscription/{id}` with the body `{ companyId }` (spec 3 §7) */
export const deleteSubscription = (id: number, companyId: number) =>
  apiJson<unknown>('DELETE', `/notification/subscription/${id}`, { companyId });

/** `GET /helper/whatsapp/{number}`: `{ valid, number (normalized), message }` */
export type WhatsappCheck = { valid: boolean; number: string; message: string };
export const checkWhatsapp = (number: string) =>
  apiJson<WhatsappCheck>('GET', `/helper/whatsapp/${encodeURIComponent(number)}`);

export type TemplateDto = NotificationTemplateDto;
export type TemplateFields = Omit<NotificationTemplateDto, 'id' | 'createdAt' | 'updatedAt'>;

/** `GET /notification/template/` → the templates */
export const fetchTemplates = () => apiJson<TemplateDto[]>('GET', '/notification/template');
export const fetchTemplate = (id: number) => apiJson<TemplateDto>('GET', `/notification/template/${id}`);
/** `POST /notification/template/` → its id (spec 3 §7) */
export const createTemplate = (fields: TemplateFields) =>
  apiJson<{ id: number }>('POST', '/notification/template', fields);
export const updateTemplate = (id: number, fields: Partial<TemplateFields>) =>
  apiJson<TemplateDto>('PUT', `/notification/template/${id}`, fields);
export const deleteTemplate = (id: number) => apiJson<unknown>('DELETE', `/notification/template/${id}`);

/** `GET /n/{platform}/{id}` (public) → where the notice's link leads */
export const fetchRedirect = (platform: string, id: string) =>
  apiJson<{ urlRedirect: string }>('GET', `/n/${encodeURIComponent(platform)}/${encodeURIComponent(id)}`);

/** ours `GET /notification/template/placeholders`: the markers a template may use (`{{name}}`) */
export type Placeholder = { name: string; placeholder: string; description: string };
export const fetchPlaceholders = () => apiJson<Placeholder[]>('GET', '/notification/template/placeholders');

/** what a preview renders: the editor's unsaved texts, for one notice */
export type PreviewInput = Pick<TemplateFields, 'thumbnailWpHtml' | 'textWp' | 'emailHtml' | 'emailTitle'> & {
  notice: NoticeKind;
};
export type PreviewDto = Pick<TemplateFields, 'thumbnailWpHtml' | 'textWp' | 'emailHtml' | 'emailTitle'> & {
  values: Record<string, string>;
};
/** ours `POST /notification/template/preview`: the texts rendered with the sample invoice's values */
export const previewTemplate = (input: PreviewInput) =>
  apiJson<PreviewDto>('POST', '/notification/template/preview', input);
