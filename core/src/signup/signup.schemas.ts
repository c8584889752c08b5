import { z } from 'zod';
import { checkDocumentNumber } from '../saas/documents';
import { BILLING_TYPES, DEFAULT_BILLING_TYPE, DEFAULT_RECURRENCE, RECURRENCES } from '../saas/plan-prices';
import { AddressInput, SAAS_TEXTS } from '../saas/saas.schemas';
import { TEXT } from '../users/user.fields';

/**
 * The public store and self-subscription (spec 3 §2 /store/{planId?}, /subscription/{leadId?}; §3 Lead; §4 new lead;
 * §5 lead form; §7 POST /lead, GET /lead/{leadId}, POST /subscription; §8 texts). docs/DECISIONS.md "Public store".
 */
export const SIGNUP_TEXTS = {
  // lead form (spec 3 §5)
  leadNameShort: 'Muito curto',
  leadNameLong: 'Muito Longo',
  leadNameRequired: 'Digite e Nome',
  leadEmailInvalid: 'Email Invalido',
  leadEmailRequired: 'Digite um email',
  /** `{phone}` is PHONE_EXAMPLE */
  leadPhoneFormat: 'Digite o numero no formato ddi ddd numero Ex: {phone}',
  /** spec 3 §4/§8: after the store form */
  leadSent: 'Você recebera um email para concluir o cadastro',
  /** spec 3 §8: after the registration form */
  subscriptionDone: 'Cadastro concluído com exito, verifique seu email com os dados de acesso para fazer login',
  // ours
  leadNotFound: 'Link de cadastro inválido ou expirado. Escolha um plano para começar de novo.',
  leadDone: 'Este cadastro já foi concluído. Entre com o e-mail e a senha que você recebeu.',
  /** the same words whoever owns the e-mail: nothing tells which e-mails are customers */
  emailUnavailable: 'Não foi possível concluir o cadastro com este e-mail. Entre com a sua conta ou use outro e-mail.',
  planUnavailable: 'Este plano não está disponível. Escolha outro plano.',
  /** one free trial per CPF/CNPJ: a document a company already has cannot start another */
  documentUnavailable:
    'Este CPF ou CNPJ já tem um cadastro e não pode iniciar outro período de teste. Entre com a conta existente ou fale conosco.',
  documentRequired: 'CPF ou CNPJ é obrigatório',
  limited: 'Muitas tentativas seguidas. Aguarde e tente de novo.',
} as const;

/** the phone example of the lead form's hint (country 55, area 11, a mobile number) */
export const PHONE_EXAMPLE = '5511999999999';
/** spec 3 §4 */
export const LEAD_STATUS_WAITING = 'aguardando completar o cadastro';
/** ours: the subscription was completed (the company exists) */
export const LEAD_STATUS_DONE = 'cadastro concluído';
export const LEAD_ORIGIN_STORE = 'myStore';
/** a sign-up link older than this is refused (ours) */
export const LEAD_VALID_DAYS = 30;
/** spec 3 §8: the lead message stays 2 s, the registration message 3.5 s, then the page moves on */
export const LEAD_REDIRECT_MS = 2_000;
export const SUBSCRIPTION_REDIRECT_MS = 3_500;

/** POST /lead per client IP per hour; per e-mail per hour (nobody's inbox is flooded with sign-up links) */
export const LEAD_RULE_IP = { limit: 10, windowMs: 3_600_000 } as const;
export const LEAD_RULE_EMAIL = { limit: 3, windowMs: 3_600_000 } as const;
/** POST /subscription per client IP per hour; GET /lead/{id} per client IP per minute */
export const SUBSCRIPTION_RULE_IP = { limit: 10, windowMs: 3_600_000 } as const;
export const LEAD_READ_RULE = { limit: 60, windowMs: 60_000 } as const;

/** whatsAppNumber: country code, area code, number — 12 or 13 digits once marks are dropped (spec 3 §5) */
export const leadPhoneField = () =>
  z
    .string({ error: SIGNUP_TEXTS.leadPhoneFormat.replace('{phone}', PHONE_EXAMPLE) })
    .max(40, SIGNUP_TEXTS.leadPhoneFormat.replace('{phone}', PHONE_EXAMPLE))
    .transform((v, ctx) => {
      const d = v.replace(/\D/g, '');
      if (d.length < 12 || d.length > 13 || /[^\d\s()+.-]/.test(v)) {
        ctx.addIssue({ code: 'custom', message: SIGNUP_TEXTS.leadPhoneFormat.replace('{phone}', PHONE_EXAMPLE) });
        return z.NEVER;
      }
      return d;
    });

const leadEmail = () =>
  z
    .string({ error: SIGNUP_TEXTS.leadEmailRequired })
    .trim()
    .min(1, SIGNUP_TEXTS.leadEmailRequired)
    .max(254, SIGNUP_TEXTS.leadEmailInvalid)
    .pipe(z.email({ error: SIGNUP_TEXTS.leadEmailInvalid }))
    .transform((s) => s.toLowerCase());

const planIdField = () =>
  z.coerce
    .number({ error: SIGNUP_TEXTS.planUnavailable })
    .int(SIGNUP_TEXTS.planUnavailable)
    .positive(SIGNUP_TEXTS.planUnavailable)
    .max(2_147_483_647, SIGNUP_TEXTS.planUnavailable);

/**
 * POST /lead (spec 3 §7: name, email, whatsAppNumber, planId, origin, status, recurrence). `origin` and `status` are
 * accepted for the spec's payload but the server sets them (myStore, 'aguardando completar o cadastro'). Ours:
 * billingType (the store's picker).
 */
export const LeadInput = z.object({
  name: z
    .string({ error: SIGNUP_TEXTS.leadNameRequired })
    .trim()
    .min(1, SIGNUP_TEXTS.leadNameRequired)
    .min(2, SIGNUP_TEXTS.leadNameShort)
    .max(50, SIGNUP_TEXTS.leadNameLong),
  email: leadEmail(),
  whatsAppNumber: leadPhoneField(),
  planId: planIdField(),
  origin: z.string().max(50).optional(),
  status: z.string().max(100).optional(),
  recurrence: z.enum(RECURRENCES, { error: 'Invalid value' }).default(DEFAULT_RECURRENCE),
  billingType: z.enum(BILLING_TYPES, { error: 'Invalid value' }).default(DEFAULT_BILLING_TYPE),
});
export type LeadInput = z.infer<typeof LeadInput>;

/** a lead's public id: a random UUID (the /subscription/{leadId} link must not be guessable) */
export const LeadIdParam = z.object({
  leadId: z
    .string()
    .max(64, SIGNUP_TEXTS.leadNotFound)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, SIGNUP_TEXTS.leadNotFound)
    .transform((s) => s.toLowerCase()),
});

/**
 * POST /subscription (spec 3 §7 "registration form body"; §5 company and registration form): the lead, the
 * company's name (2–50) and document (CPF or CNPJ, required here), optional legal name, the admin's name, the
 * address, the period and billing type. The login e-mail is the lead's (the link proved that inbox); the password
 * is generated and e-mailed with the access data.
 */
export const SubscriptionInput = z.object({
  leadId: LeadIdParam.shape.leadId,
  name: z
    .string({ error: SAAS_TEXTS.nameRequired })
    .trim()
    .min(1, SAAS_TEXTS.nameRequired)
    .min(2, TEXT.tooShort)
    .max(50, TEXT.tooLong),
  companyName: z.string().trim().max(150, TEXT.tooLong).nullable().optional(),
  documentNumber: z
    .string({ error: SIGNUP_TEXTS.documentRequired })
    .max(40, TEXT.tooLong)
    .transform((v, ctx) => {
      if (!v.trim()) {
        ctx.addIssue({ code: 'custom', message: SIGNUP_TEXTS.documentRequired });
        return z.NEVER;
      }
      const r = checkDocumentNumber(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      return r.value;
    }),
  userName: z
    .string({ error: SAAS_TEXTS.nameRequired })
    .trim()
    .min(1, SAAS_TEXTS.nameRequired)
    .min(2, TEXT.tooShort)
    .max(50, TEXT.tooLong),
  whatsAppNumber: leadPhoneField().optional(),
  address: AddressInput.nullable().optional(),
  recurrence: z.enum(RECURRENCES, { error: 'Invalid value' }).optional(),
  billingType: z.enum(BILLING_TYPES, { error: 'Invalid value' }).optional(),
});
export type SubscriptionInput = z.infer<typeof SubscriptionInput>;

/** GET /lead/{leadId} (spec 3 §7 "lead"): what the registration form is prefilled from */
export type LeadDto = {
  id: string;
  name: string;
  email: string;
  whatsAppNumber: string;
  planId: number;
  planName: string | null;
  origin: string;
  status: string;
  recurrence: string;
  billingType: string;
  createdAt: string;
};

export type LeadAnswer = { message: string };
export type SubscriptionAnswer = { message: string; planName: string; trialEndsAt: string };
