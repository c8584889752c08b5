import { z } from 'zod';
import {
  CHANNELS,
  type ChannelSettings,
  NOTICE_DAYS,
  NOTICE_SWITCHES,
  type SubscriptionDto,
  type SubscriptionFields,
  type SubscriptionInput,
} from './notices-api';

/** spec 3 §9: notification days 0–10 (0 = Desativado), default 5; the on/off notices default on */
export const DAY_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const DEFAULT_DAYS = 5;

/** spec 3 §4: the WhatsApp number is checked on blur once it has at least 3 characters */
export const WHATSAPP_CHECK_MIN = 3;

function defaultChannels(): ChannelSettings {
  const out: Record<string, boolean | number> = {};
  for (const ch of CHANNELS) {
    for (const s of NOTICE_SWITCHES) out[`${s}${ch}`] = true;
    for (const d of NOTICE_DAYS) out[`${d}${ch}`] = DEFAULT_DAYS;
  }
  return out as ChannelSettings;
}

export const NEW_SUBSCRIPTION: SubscriptionFields = {
  contactName: '',
  email: '',
  whatsapp: '',
  whatsappVAlidatedNumber: null,
  ...defaultChannels(),
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

/** spec 3 §5: contactName required, 2–50; e-mail valid when given */
export const SubscriptionForm = z.object({
  contactName: z.string().trim().min(1, 'Nome é obrigatório').min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(254, 'Too Long!')
      .pipe(z.email({ error: 'Email é inválido' })),
  ]),
  whatsapp: z.string().trim().max(30, 'Too Long!'),
});

/**
 * spec 3 §5: a contact whose WhatsApp number (longer than 3 characters) was found invalid cannot be saved; true when
 * the form must refuse the save.
 */
export const whatsappBlocks = (whatsapp: string, validated: SubscriptionFields['whatsappVAlidatedNumber']) =>
  whatsapp.trim().length > WHATSAPP_CHECK_MIN && validated === 'invalido';
