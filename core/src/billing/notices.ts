import { z } from 'zod';
import { addDaysToDay, dayIn, daysBetween } from './invoices';

/**
 * Billing notices (spec 3 §3 Subscription notification, §5, §9; issue 21 "Dispatcher"): which notices a subscription
 * asks for on a given local day about an invoice. Pure: the day is given (the caller reads its clock), the rule never
 * sends anything. The dispatcher sends each answer at most once per (invoice, kind, channel, recipient).
 *
 * Kinds, per channel (Wp = WhatsApp, Email):
 * - created: on the invoice's creation day (invoiceCreated)
 * - daysBefore: N days before the due date, N = invoiceDaysBeforeExpiration (0 = Desativado)
 * - dueDay: on the due date (invoiceDay)
 * - delayed: 1 day after the due date (delayedPayment; spec 3 §9 "Overdue reminder is sent 1 day after")
 * - daysAfter: N days after the due date, N = invoiceDaysAfterExpiration (0 = Desativado); with N = 1 and the
 *   delayed notice on, the delayed one alone goes (the same day, the same message twice would be noise)
 * - confirmed: on the day the payment was confirmed (invoiceConfirmedPayment)
 * Reminders (daysBefore, dueDay, delayed, daysAfter) only while the invoice is unpaid (PENDING or OVERDUE).
 */
export const NOTICE_KINDS = ['created', 'daysBefore', 'dueDay', 'delayed', 'daysAfter', 'confirmed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['whatsapp', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** The field suffix of a channel (spec 3 §3: "per channel (Wp and Email)"). */
export const CHANNEL_SUFFIX: Record<NoticeChannel, 'Wp' | 'Email'> = { whatsapp: 'Wp', email: 'Email' };

export type NoticeInvoiceStatus = 'PENDING' | 'OVERDUE' | 'RECEIVED' | 'CONFIRMED';
const UNPAID: ReadonlySet<string> = new Set(['PENDING', 'OVERDUE']);
const PAID: ReadonlySet<string> = new Set(['RECEIVED', 'CONFIRMED']);

/** Days select: 0 = Desativado, 1 to 10 (spec 3 §5, §9). */
export const NOTICE_DAYS_MAX = 10;
export const NOTICE_DAYS_DEFAULT = 5;
/** The zone of "a day" for billing (the platform's, as schedules'). */
export const BILLING_TIMEZONE = 'America/Sao_Paulo';

/** The channel flags of a subscription (spec 3 §3 names, Wp and Email suffixes). */
export type SubscriptionFlags = {
  invoiceCreatedWp: boolean;
  invoiceDaysBeforeExpirationWp: number;
  invoiceDayWp: boolean;
  delayedPaymentWp: boolean;
  invoiceDaysAfterExpirationWp: number;
  invoiceConfirmedPaymentWp: boolean;
  invoiceCreatedEmail: boolean;
  invoiceDaysBeforeExpirationEmail: number;
  invoiceDayEmail: boolean;
  delayedPaymentEmail: boolean;
  invoiceDaysAfterExpirationEmail: number;
  invoiceConfirmedPaymentEmail: boolean;
};

export const SUBSCRIPTION_FLAG_DEFAULTS: SubscriptionFlags = {
  invoiceCreatedWp: true,
  invoiceDaysBeforeExpirationWp: NOTICE_DAYS_DEFAULT,
  invoiceDayWp: true,
  delayedPaymentWp: true,
  invoiceDaysAfterExpirationWp: NOTICE_DAYS_DEFAULT,
  invoiceConfirmedPaymentWp: true,
  invoiceCreatedEmail: true,
  invoiceDaysBeforeExpirationEmail: NOTICE_DAYS_DEFAULT,
  invoiceDayEmail: true,
  delayedPaymentEmail: true,
  invoiceDaysAfterExpirationEmail: NOTICE_DAYS_DEFAULT,
  invoiceConfirmedPaymentEmail: true,
};

/** A subscription as the rule reads it: the flags plus where each channel goes. */
export type NoticeSubscription = SubscriptionFlags & {
  email: string | null;
  whatsapp: string | null;
  /** 'valido' / 'invalido' (spec 3 §3 whatsappVAlidatedNumber); WhatsApp notices only to a valid number */
  whatsappVAlidatedNumber: string | null;
};

/** What the rule needs of an invoice; days are local days 'YYYY-MM-DD' in BILLING_TIMEZONE. */
export type NoticeInvoiceFacts = {
  status: NoticeInvoiceStatus | string;
  dueDay: string;
  createdDay: string;
  /** the day the payment was confirmed (payDate), when paid */
  paidDay: string | null;
};

export type DueNotice = { kind: NoticeKind; channel: NoticeChannel; recipient: string };

/** 'YYYY-MM-DD' + n days (calendar arithmetic, no zone). */
export const addDays = (day: string, n: number): string => addDaysToDay(day, n);

/** The local day (BILLING_TIMEZONE) of an instant, 'YYYY-MM-DD'. */
export function localDay(instant: number | Date, timeZone = BILLING_TIMEZONE): string {
  return dayIn(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
}

/** The notice kinds of one channel due on `day` (no recipient check). */
export function kindsDueOn(
  day: string,
  inv: NoticeInvoiceFacts,
  flags: SubscriptionFlags,
  ch: NoticeChannel,
): NoticeKind[] {
  const s = CHANNEL_SUFFIX[ch];
  const f = (k: string) => flags[`${k}${s}` as keyof SubscriptionFlags];
  const out: NoticeKind[] = [];
  const unpaid = UNPAID.has(inv.status);
  if (f('invoiceCreated') && day === inv.createdDay) out.push('created');
  const offset = daysBetween(inv.dueDay, day); // negative before the due date
  if (unpaid) {
    const before = Number(f('invoiceDaysBeforeExpiration'));
    // a reminder before the due date never goes before the invoice exists
    if (before > 0 && offset === -before && day > inv.createdDay) out.push('daysBefore');
    if (f('invoiceDay') && offset === 0) out.push('dueDay');
    const delayed = Boolean(f('delayedPayment'));
    if (delayed && offset === 1) out.push('delayed');
    const after = Number(f('invoiceDaysAfterExpiration'));
    if (after > 0 && offset === after && !(after === 1 && delayed)) out.push('daysAfter');
  }
  if (f('invoiceConfirmedPayment') && PAID.has(inv.status) && inv.paidDay === day) out.push('confirmed');
  return out;
}

/** Where a channel of the subscription goes, or null when it cannot be used (no address, invalid number). */
export function recipientOf(sub: NoticeSubscription, ch: NoticeChannel): string | null {
  if (ch === 'email') {
    const e = sub.email?.trim().toLowerCase();
    return e ? e : null;
  }
  const n = (sub.whatsapp ?? '').replace(/\D/g, '');
  if (n.length < 8 || sub.whatsappVAlidatedNumber !== 'valido') return null;
  return n;
}

/** Every notice the subscription asks for on `day` about the invoice, per channel and recipient. */
export function noticesDueOn(day: string, inv: NoticeInvoiceFacts, sub: NoticeSubscription): DueNotice[] {
  const out: DueNotice[] = [];
  for (const channel of NOTICE_CHANNELS) {
    const recipient = recipientOf(sub, channel);
    if (!recipient) continue;
    for (const kind of kindsDueOn(day, inv, sub, channel)) out.push({ kind, channel, recipient });
  }
  return out;
}

// ---------- catch-up of missed days (a day the platform was down entirely)

/** The most days back a daily run catches up: older missed days are dropped (DECISIONS "Billing notices: catch-up"). */
export const NOTICE_CATCH_UP_DAYS = 7;

/**
 * The days a daily run of `day` catches up: those after the last completed run (`lastRun`, a day before `day`) and
 * before `day`, at most NOTICE_CATCH_UP_DAYS of them (the latest). None when no run ever completed (a first run does
 * not send the past).
 */
export function missedDays(lastRun: string | null, day: string, max = NOTICE_CATCH_UP_DAYS): string[] {
  if (!lastRun || lastRun >= day) return [];
  const out: string[] = [];
  for (let d = addDays(day, -1); d > lastRun && out.length < max; d = addDays(d, -1)) out.unshift(d);
  return out;
}

/**
 * Whether a notice due on a missed day still tells the truth on `today` about the invoice as it is now:
 * created — while unpaid; daysBefore — while unpaid and before the due date (its text counts the days left from
 * today); dueDay — never (the day has passed); delayed, daysAfter — while unpaid; confirmed — while paid.
 */
export function stillTrueOn(kind: NoticeKind, today: string, inv: NoticeInvoiceFacts): boolean {
  const unpaid = UNPAID.has(inv.status);
  switch (kind) {
    case 'created':
      return unpaid;
    case 'daysBefore':
      return unpaid && today < inv.dueDay;
    case 'dueDay':
      return false;
    case 'delayed':
    case 'daysAfter':
      return unpaid && today > inv.dueDay;
    case 'confirmed':
      return PAID.has(inv.status);
  }
}

export type CaughtUpNotice = DueNotice & { /** the day the notice was due ('YYYY-MM-DD') */ dueOn: string };

/**
 * What a daily run sends on `today` about one invoice: today's notices, plus from the `missed` days at most ONE
 * notice per channel and recipient — the latest one still true today — and none for a channel and recipient that
 * has a notice of today (today's carries the current news and the link). Each still goes at most once (the ledger).
 */
export function noticesWithCatchUp(
  today: string,
  missed: readonly string[],
  inv: NoticeInvoiceFacts,
  sub: NoticeSubscription,
): CaughtUpNotice[] {
  const out: CaughtUpNotice[] = noticesDueOn(today, inv, sub).map((n) => ({ ...n, dueOn: today }));
  const busy = new Set(out.map((n) => `${n.channel} ${n.recipient}`));
  const latest = new Map<string, CaughtUpNotice>();
  for (const d of [...missed].sort()) {
    if (d >= today) continue;
    for (const n of noticesDueOn(d, inv, sub)) {
      const key = `${n.channel} ${n.recipient}`;
      if (!busy.has(key) && stillTrueOn(n.kind, today, inv)) latest.set(key, { ...n, dueOn: d });
    }
  }
  return [...out, ...latest.values()];
}

/** Portuguese titles of the notices (the {{aviso}} placeholder, e-mail titles of the default templates). */
export const NOTICE_TITLES: Record<NoticeKind, string> = {
  created: 'Nova fatura disponível',
  daysBefore: 'Sua fatura vence em breve',
  dueDay: 'Sua fatura vence hoje',
  delayed: 'Fatura em atraso',
  daysAfter: 'Lembrete de fatura em atraso',
  confirmed: 'Pagamento confirmado',
};

// ---------- subscription input (spec 3 §3, §5)

export const SUBSCRIPTION_TEXTS = {
  /** spec 3 §5 */
  whatsappInvalid: 'Este numero não possui um WhatsApp',
  nameRequired: 'Digite o nome',
  nameShort: 'Muito curto',
  nameLong: 'Muito Longo',
  emailInvalid: 'Email Invalido',
  days: 'Escolha Desativado ou de 1 a 10 dias',
  contactMasterOnly: 'Somente o administrador da plataforma altera o contato das notificações',
  notFound: 'Assinatura de notificação não encontrada.',
  needsChannel: 'Informe um e-mail ou um WhatsApp',
} as const;

/** 0 (Desativado) to 10; the select's value may arrive as a number or its text ("5") */
const days = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v),
  z
    .number({ error: SUBSCRIPTION_TEXTS.days })
    .int(SUBSCRIPTION_TEXTS.days)
    .min(0, SUBSCRIPTION_TEXTS.days)
    .max(NOTICE_DAYS_MAX, SUBSCRIPTION_TEXTS.days),
);
const flag = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]);

/** a company id in a JSON body (a number, like every id the web sends in a body) */
const companyIdField = z
  .number({ error: 'Empresa inválida' })
  .int('Empresa inválida')
  .min(1, 'Empresa inválida')
  .max(2_147_483_647, 'Empresa inválida');

const optionalFlags = {
  invoiceCreatedWp: flag.optional(),
  invoiceDaysBeforeExpirationWp: days.optional(),
  invoiceDayWp: flag.optional(),
  delayedPaymentWp: flag.optional(),
  invoiceDaysAfterExpirationWp: days.optional(),
  invoiceConfirmedPaymentWp: flag.optional(),
  invoiceCreatedEmail: flag.optional(),
  invoiceDaysBeforeExpirationEmail: days.optional(),
  invoiceDayEmail: flag.optional(),
  delayedPaymentEmail: flag.optional(),
  invoiceDaysAfterExpirationEmail: days.optional(),
  invoiceConfirmedPaymentEmail: flag.optional(),
};

const contactName = z
  .string({ error: SUBSCRIPTION_TEXTS.nameRequired })
  .trim()
  .min(1, SUBSCRIPTION_TEXTS.nameRequired)
  .min(2, SUBSCRIPTION_TEXTS.nameShort)
  .max(50, SUBSCRIPTION_TEXTS.nameLong);
const email = z
  .union([z.literal(''), z.null(), z.email(SUBSCRIPTION_TEXTS.emailInvalid).max(200, SUBSCRIPTION_TEXTS.emailInvalid)])
  .transform((v) => (v ? v.trim().toLowerCase() : null));
const whatsapp = z
  .union([z.string().max(40, SUBSCRIPTION_TEXTS.whatsappInvalid), z.null()])
  .transform((v) => (v ? v.replace(/\D/g, '') : '') || null);

/** POST /notification/subscription/store: companyId + contact + flags (missing flags take the spec 3 §9 defaults). */
export const SubscriptionCreateInput = z.object({
  companyId: companyIdField,
  contactName,
  email: email.optional().transform((v) => v ?? null),
  whatsapp: whatsapp.optional().transform((v) => v ?? null),
  ...optionalFlags,
});
export type SubscriptionCreateInput = z.output<typeof SubscriptionCreateInput>;

/** PUT /notification/subscription/edit/{id}: any subset of the fields (companyId, when given, must be the row's). */
export const SubscriptionUpdateInput = z.object({
  companyId: companyIdField.optional(),
  contactName: contactName.optional(),
  email: email.optional(),
  whatsapp: whatsapp.optional(),
  ...optionalFlags,
});
export type SubscriptionUpdateInput = z.output<typeof SubscriptionUpdateInput>;

/** DELETE /notification/subscription/{id}: body with companyId (spec 3 §7). */
export const SubscriptionDeleteInput = z.object({ companyId: companyIdField });

/** GET /notification/subscription/show/{id} and list items. */
export type NotificationSubscriptionDto = SubscriptionFlags & {
  id: number;
  companyId: number;
  contactName: string;
  email: string | null;
  whatsapp: string | null;
  whatsappVAlidatedNumber: 'valido' | 'invalido' | null;
  createdAt: string;
  updatedAt: string;
};
