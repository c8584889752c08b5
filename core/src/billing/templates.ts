import { z } from 'zod';
import { formatBrl } from '../saas/plan-prices';
import { NOTICE_KINDS, NOTICE_TITLES, type NoticeKind } from './notices';

/**
 * Billing notification templates (spec 3 §2 "Notification template editor", §3 Notification template: name, type
 * (only payments), thumbnailWpHtml, textWp, emailHtml, emailTitle). Placeholders are `{{name}}` (double braces: an
 * e-mail's CSS keeps its single braces); an unknown one is refused when the template is saved. Ours: `notice`, the
 * notice the template is for ('all' = any notice without a template of its own).
 */
export const TEMPLATE_TYPES = ['payments'] as const;
export const TEMPLATE_NOTICES = ['all', ...NOTICE_KINDS] as const;
export type TemplateNotice = (typeof TEMPLATE_NOTICES)[number];

/** Every placeholder, with what it is replaced by (listed in the editor). */
export const TEMPLATE_PLACEHOLDERS = {
  empresa: 'Nome da empresa cliente',
  contato: 'Nome do contato da assinatura',
  valor: 'Valor da fatura em reais (R$ 1.234,56)',
  vencimento: 'Data de vencimento (dd/mm/aaaa)',
  link: 'Link de pagamento (passa por /n para registrar o clique)',
  fatura: 'Número da fatura',
  status: 'Situação da fatura (Pendente, Vencida, Recebida, Confirmada)',
  periodo: 'Período cobrado (dd/mm/aaaa a dd/mm/aaaa)',
  formaPagamento: 'Forma de pagamento (Boleto, Cartão de crédito, PIX)',
  dias: 'Dias até o vencimento ou desde o vencimento',
  aviso: 'Título do aviso (ex.: Sua fatura vence hoje)',
  plataforma: 'Nome da plataforma',
} as const;
export type PlaceholderName = keyof typeof TEMPLATE_PLACEHOLDERS;
export type PlaceholderValues = Record<PlaceholderName, string>;

export const TEMPLATE_TEXTS = {
  unknownPlaceholder: (names: string[]) =>
    `Variável desconhecida: ${names.map((n) => `{{${n}}}`).join(', ')}. Use apenas as variáveis da lista.`,
  nameRequired: 'Digite o nome do modelo',
  nameLong: 'Muito Longo',
  tooLong: 'Texto muito longo',
  titleRequired: 'Digite o título do e-mail',
  notFound: 'Modelo de notificação não encontrado.',
  deleted: 'Modelo excluído',
} as const;

const PLACEHOLDER_RE = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** Names used in a text, in order of first use. */
export function placeholdersIn(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_RE)) seen.add(m[1]);
  return [...seen];
}

export function unknownPlaceholders(text: string): string[] {
  return placeholdersIn(text).filter((n) => !(n in TEMPLATE_PLACEHOLDERS));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Replaces the placeholders; in HTML the values are escaped. Unknown names are left as written. */
export function renderTemplateText(text: string, values: PlaceholderValues, opts: { html?: boolean } = {}): string {
  return text.replace(PLACEHOLDER_RE, (whole, name: string) => {
    if (!(name in values)) return whole;
    const v = values[name as PlaceholderName];
    return opts.html ? escapeHtml(v) : v;
  });
}

export type TemplateContent = { thumbnailWpHtml: string; textWp: string; emailHtml: string; emailTitle: string };
export type RenderedNotice = TemplateContent & { emailText: string };

/** A plain-text e-mail body from its HTML (every client reads the text part). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function renderTemplate(t: TemplateContent, values: PlaceholderValues): RenderedNotice {
  const emailHtml = renderTemplateText(t.emailHtml, values, { html: true });
  return {
    thumbnailWpHtml: renderTemplateText(t.thumbnailWpHtml, values, { html: true }),
    textWp: renderTemplateText(t.textWp, values),
    emailHtml,
    emailTitle: renderTemplateText(t.emailTitle, values).replace(/[\r\n]+/g, ' '),
    emailText: htmlToText(emailHtml),
  };
}

// ---------- values

const STATUS_PT: Record<string, string> = {
  PENDING: 'Pendente',
  OVERDUE: 'Vencida',
  RECEIVED: 'Recebida',
  CONFIRMED: 'Confirmada',
};
const BILLING_PT: Record<string, string> = { BOLETO: 'Boleto', CREDIT_CARD: 'Cartão de crédito', PIX: 'PIX' };

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' */
export function brDate(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : day;
}

export type NoticeValuesInput = {
  companyName: string;
  contactName: string;
  invoiceId: number;
  valueCents: number;
  dueDay: string;
  status: string;
  periodStartDay: string | null;
  periodEndDay: string | null;
  billingType: string | null;
  link: string;
  kind: NoticeKind;
  /** days until (before) or since (after) the due date */
  days: number;
  platformName: string;
};

export function noticeValues(v: NoticeValuesInput): PlaceholderValues {
  return {
    empresa: v.companyName,
    contato: v.contactName,
    valor: formatBrl(v.valueCents),
    vencimento: brDate(v.dueDay),
    link: v.link,
    fatura: String(v.invoiceId),
    status: STATUS_PT[v.status] ?? v.status,
    periodo: v.periodStartDay && v.periodEndDay ? `${brDate(v.periodStartDay)} a ${brDate(v.periodEndDay)}` : '',
    formaPagamento: v.billingType ? (BILLING_PT[v.billingType] ?? v.billingType) : '',
    dias: String(Math.abs(v.days)),
    aviso: NOTICE_TITLES[v.kind],
    plataforma: v.platformName,
  };
}

/** The preview's sample data (the editor's "Pré-visualizar"). */
export function sampleValues(kind: NoticeKind = 'daysBefore', platformName = 'ZapDesk'): PlaceholderValues {
  return noticeValues({
    companyName: 'Clínica Sorriso',
    contactName: 'Maria Souza',
    invoiceId: 1024,
    valueCents: 19990,
    dueDay: '2026-03-10',
    status: kind === 'confirmed' ? 'CONFIRMED' : kind === 'delayed' || kind === 'daysAfter' ? 'OVERDUE' : 'PENDING',
    periodStartDay: '2026-03-10',
    periodEndDay: '2026-06-09',
    billingType: 'PIX',
    link: 'https://app.exemplo.com.br/n/email/exemplo',
    kind,
    days: 5,
    platformName,
  });
}

// ---------- input

const noPlaceholderError = (max: number) =>
  z
    .string()
    .max(max, TEMPLATE_TEXTS.tooLong)
    .superRefine((v, ctx) => {
      const bad = unknownPlaceholders(v);
      if (bad.length) ctx.addIssue({ code: 'custom', message: TEMPLATE_TEXTS.unknownPlaceholder(bad) });
    });

const templateFields = {
  name: z
    .string({ error: TEMPLATE_TEXTS.nameRequired })
    .trim()
    .min(1, TEMPLATE_TEXTS.nameRequired)
    .max(100, TEMPLATE_TEXTS.nameLong),
  type: z.enum(TEMPLATE_TYPES),
  notice: z.enum(TEMPLATE_NOTICES),
  thumbnailWpHtml: noPlaceholderError(20_000),
  textWp: noPlaceholderError(4_000),
  emailHtml: noPlaceholderError(100_000),
  emailTitle: noPlaceholderError(200),
};

/** POST /notification/template/ (type defaults to payments, notice to all). */
export const TemplateCreateInput = z.object({
  ...templateFields,
  type: templateFields.type.default('payments'),
  notice: templateFields.notice.default('all'),
  thumbnailWpHtml: templateFields.thumbnailWpHtml.default(''),
  textWp: templateFields.textWp.default(''),
  emailHtml: templateFields.emailHtml.default(''),
  emailTitle: templateFields.emailTitle.default(''),
});
export type TemplateCreateInput = z.output<typeof TemplateCreateInput>;

/** PUT /notification/template/{id}: any subset. */
export const TemplateUpdateInput = z.object({
  name: templateFields.name.optional(),
  type: templateFields.type.optional(),
  notice: templateFields.notice.optional(),
  thumbnailWpHtml: templateFields.thumbnailWpHtml.optional(),
  textWp: templateFields.textWp.optional(),
  emailHtml: templateFields.emailHtml.optional(),
  emailTitle: templateFields.emailTitle.optional(),
});
export type TemplateUpdateInput = z.output<typeof TemplateUpdateInput>;

/** POST /notification/template/preview: the editor's fields (unsaved), rendered with sample data. */
export const TemplatePreviewInput = z.object({
  notice: z.enum(NOTICE_KINDS).default('daysBefore'),
  thumbnailWpHtml: templateFields.thumbnailWpHtml.default(''),
  textWp: templateFields.textWp.default(''),
  emailHtml: templateFields.emailHtml.default(''),
  emailTitle: templateFields.emailTitle.default(''),
});
export type TemplatePreviewInput = z.output<typeof TemplatePreviewInput>;

export type NotificationTemplateDto = TemplateContent & {
  id: number;
  name: string;
  type: 'payments';
  notice: TemplateNotice;
  createdAt: string;
  updatedAt: string;
};

// ---------- defaults (seeded: notices work out of the box)

const wrapHtml = (body: string) =>
  `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1f2937;max-width:560px">${body}` +
  '<p style="color:#6b7280;font-size:12px">{{plataforma}} · Fatura nº {{fatura}} · {{periodo}}</p></div>';
const payButton =
  '<p><a href="{{link}}" style="background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Pagar fatura</a></p>';
const thumb = (line: string) =>
  `<div style="font-family:Arial;padding:16px;background:#eff6ff"><b>{{aviso}}</b><br>${line}</div>`;

const DEFAULT_BODIES: Record<NoticeKind, { wp: string; html: string; thumb: string }> = {
  created: {
    wp: 'Olá, {{contato}}! A fatura de *{{empresa}}* no valor de *{{valor}}* está disponível, com vencimento em *{{vencimento}}*. Pague por aqui: {{link}}',
    html: '<p>Olá, {{contato}}!</p><p>A fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b> está disponível, com vencimento em <b>{{vencimento}}</b> ({{formaPagamento}}).</p>',
    thumb: '{{valor}} · vence em {{vencimento}}',
  },
  daysBefore: {
    wp: 'Olá, {{contato}}! Lembrete: a fatura de *{{empresa}}* no valor de *{{valor}}* vence em {{dias}} dia(s), em *{{vencimento}}*. Pague por aqui: {{link}}',
    html: '<p>Olá, {{contato}}!</p><p>A fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b> vence em {{dias}} dia(s), em <b>{{vencimento}}</b>.</p>',
    thumb: '{{valor}} · vence em {{vencimento}}',
  },
  dueDay: {
    wp: 'Olá, {{contato}}! A fatura de *{{empresa}}* no valor de *{{valor}}* vence *hoje* ({{vencimento}}). Pague por aqui: {{link}}',
    html: '<p>Olá, {{contato}}!</p><p>A fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b> vence <b>hoje</b> ({{vencimento}}).</p>',
    thumb: '{{valor}} · vence hoje',
  },
  delayed: {
    wp: 'Olá, {{contato}}! Não identificamos o pagamento da fatura de *{{empresa}}* no valor de *{{valor}}*, vencida em {{vencimento}}. Regularize por aqui: {{link}}',
    html: '<p>Olá, {{contato}}!</p><p>Não identificamos o pagamento da fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b>, vencida em {{vencimento}}.</p>',
    thumb: '{{valor}} · vencida em {{vencimento}}',
  },
  daysAfter: {
    wp: 'Olá, {{contato}}! A fatura de *{{empresa}}* no valor de *{{valor}}* está vencida há {{dias}} dia(s) (vencimento {{vencimento}}). Regularize por aqui para evitar a suspensão: {{link}}',
    html: '<p>Olá, {{contato}}!</p><p>A fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b> está vencida há {{dias}} dia(s) (vencimento {{vencimento}}). Regularize para evitar a suspensão do serviço.</p>',
    thumb: '{{valor}} · vencida há {{dias}} dia(s)',
  },
  confirmed: {
    wp: 'Olá, {{contato}}! Recebemos o pagamento da fatura de *{{empresa}}* no valor de *{{valor}}*. Obrigado!',
    html: '<p>Olá, {{contato}}!</p><p>Recebemos o pagamento da fatura de <b>{{empresa}}</b> no valor de <b>{{valor}}</b>. Obrigado!</p>',
    thumb: '{{valor}} · pago',
  },
};

export const DEFAULT_TEMPLATE_NAME_PREFIX = 'Padrão';

/** The seeded templates: one per notice (Portuguese). */
export function defaultTemplates(): Omit<NotificationTemplateDto, 'id' | 'createdAt' | 'updatedAt'>[] {
  return NOTICE_KINDS.map((kind) => {
    const b = DEFAULT_BODIES[kind];
    return {
      name: `${DEFAULT_TEMPLATE_NAME_PREFIX} · ${NOTICE_TITLES[kind]}`,
      type: 'payments' as const,
      notice: kind,
      thumbnailWpHtml: thumb(b.thumb),
      textWp: b.wp,
      emailHtml: wrapHtml(b.html + (kind === 'confirmed' ? '' : payButton)),
      emailTitle: `${NOTICE_TITLES[kind]} · {{empresa}} · {{valor}}`,
    };
  });
}

/** The template a notice uses: the newest of its own notice, else the newest 'all' one, else the built-in default. */
export function pickTemplate<T extends { notice: string; id: number }>(templates: T[], kind: NoticeKind): T | null {
  const newest = (ts: T[]) => ts.reduce<T | null>((a, b) => (a === null || b.id > a.id ? b : a), null);
  return newest(templates.filter((t) => t.notice === kind)) ?? newest(templates.filter((t) => t.notice === 'all'));
}

export function builtInTemplate(kind: NoticeKind): TemplateContent {
  const t = defaultTemplates().find((d) => d.notice === kind) as TemplateContent;
  return { thumbnailWpHtml: t.thumbnailWpHtml, textWp: t.textWp, emailHtml: t.emailHtml, emailTitle: t.emailTitle };
}
