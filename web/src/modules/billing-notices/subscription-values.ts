import {
  NOTICE_DAYS_MAX,
  SUBSCRIPTION_FLAG_DEFAULTS,
  SUBSCRIPTION_TEXTS,
  SubscriptionCreateInput,
} from '@zapdesk/core';
import type { SubscriptionDto, SubscriptionFields, SubscriptionInput } from './notices-api';

/** spec 3 §9: notification days 0 (Desativado) to 10 */
export const DAY_OPTIONS = Array.from({ length: NOTICE_DAYS_MAX + 1 }, (_, d) => d);

/** spec 3 §4: the WhatsApp number is checked on blur once it has at least 3 characters */
export const WHATSAPP_CHECK_MIN = 3;

/** a new subscription: spec 3 §9 defaults (5 days, every notice on) */
export const NEW_SUBSCRIPTION: SubscriptionFields = {
  contactName: '',
  email: '',
  whatsapp: '',
  whatsappVAlidatedNumber: null,
  ...SUBSCRIPTION_FLAG_DEFAULTS,
};

/** the form's values of a stored subscription (unknown or missing settings take the defaults) */
export function valuesOf(s: SubscriptionDto | null): SubscriptionFields {
  if (!s) return { ...NEW_SUBSCRIPTION };
  const out = { ...NEW_SUBSCRIPTION } as Record<string, unknown>;
  for (const key of Object.keys(NEW_SUBSCRIPTION)) {
    const v = (s as Record<string, unknown>)[key];
    if (v !== undefined && v !== null) out[key] = v;
  }
  out.whatsappVAlidatedNumber = s.whatsappVAlidatedNumber ?? null;
  return out as SubscriptionFields;
}

/** what a save sends: the channel settings, plus the contact for the master (the only one who may change it) */
export function inputOf(v: SubscriptionFields, master: boolean): SubscriptionInput {
  const { contactName, email, whatsapp, whatsappVAlidatedNumber: _checked, ...settings } = v;
  return master
    ? { ...settings, contactName: contactName.trim(), email: email.trim(), whatsapp: whatsapp.trim() }
    : settings;
}

/** spec 3 §5: the contact as the API checks it (name 2–50, a valid e-mail when given), with an e-mail or a WhatsApp */
export const SubscriptionForm = SubscriptionCreateInput.pick({ contactName: true, email: true, whatsapp: true }).refine(
  (v) => !!v.email || !!v.whatsapp,
  { path: ['email'], message: SUBSCRIPTION_TEXTS.needsChannel },
);

/**
 * spec 3 §5: a contact whose WhatsApp number (longer than 3 characters) was found invalid cannot be saved; true when
 * the form must refuse the save.
 */
export const whatsappBlocks = (whatsapp: string, validated: SubscriptionFields['whatsappVAlidatedNumber']) =>
  whatsapp.trim().length > WHATSAPP_CHECK_MIN && validated === 'invalido';
