import { z } from 'zod';
import { normalizeNumber } from '../contacts/number';
import { coercedId } from '../ids/ids';
import { PageNumber, SearchParam } from '../lists/page-query';

/**
 * Campaigns (issue 15; spec 2 §2 campaign screens, §3 CampaignSetup / Campaign / CampaignDispatch, §5 Campaign
 * creation and Campaign setup, §7, §9). The forms and the API share these schemas; every clock read is a parameter.
 * The decisions behind each rule are in docs/DECISIONS.md `## Campaigns`.
 */

export const CAMPAIGN_TEXTS = {
  // spec 2 §5 Campaign creation (warning toasts of the creator)
  nameRequired: 'Adicione o nome da campanha',
  setupRequired: 'Selecione a Configuração da campanha',
  messagesRequired: 'Adicione ao menos uma mensagem',
  contactsRequired: 'Adicione ao menos um contato',
  greetingRequired: 'Adicione uma saudação',
  messageRequired: 'Adicione uma mensagem',
  required: 'Obrigatório',
  messageTooShort: 'Mensagem muito curta',
  // spec 2 §5 Campaign setup
  connectionRequired: 'É necessário adicionar uma conexão para realizar campanhas',
  nonDefaultConnection: 'precisa de uma conexão não default para fazer o envio das mensagens',
  tooManyButtons: 'O Whatsapp permite adicionar somente 3 botões por mensagens.',
  // spec 2 §5 Bot command's URL text, reused for the webhook
  invalidUrl: 'Deve ser uma URL válida',
  // ours (the spec gives no text for these)
  nameTooLong: 'Nome muito longo (máximo 100 caracteres)',
  tMaxInvalid: 'O tempo máximo deve ser de 10 a 60 segundos, de 5 em 5',
  tMinInvalid: 'O tempo mínimo deve ser de 1 a 10 segundos',
  tMinAboveTMax: 'O tempo mínimo não pode ser maior que o máximo',
  intervalInvalid: 'O intervalo deve ser 5, 10, 20, 30, 40, 50 ou 60 segundos',
  ticketStatusInvalid: 'Status do ticket inválido',
  /** a field of the wrong type without a text of its own (API clients: e.g. autoStart "yes") */
  valueInvalid: 'Valor inválido',
  invalidId: 'Id inválido',
  tooManyConnections: 'No máximo 20 conexões por configuração',
  buttonTextRequired: 'Informe o texto do botão',
  buttonTextTooLong: 'O texto do botão pode ter no máximo 20 caracteres',
  buttonTitleTooLong: 'O título pode ter no máximo 1024 caracteres',
  buttonFooterTooLong: 'O rodapé pode ter no máximo 60 caracteres',
  buttonListInvalid: 'Lista de botões inválida',
  jitterInvalid: 'A variação do intervalo deve ser de 0 a 50%',
  windowInvalid: 'Horário inválido (use HH:MM)',
  windowTooShort: 'A janela de envio deve ter pelo menos 1 hora (ou início igual ao fim para o dia todo)',
  breakerInvalid: 'O limite de falhas seguidas deve ser de 0 (desligado) a 50',
  warmupInvalid: 'Limites de aquecimento inválidos',
  warmupFirstDay: 'O primeiro limite de aquecimento deve começar no dia 0',
  warmupOrder: 'Os limites de aquecimento devem crescer com a idade da conexão',
  greetingTooLong: 'A saudação pode ter no máximo 1000 caracteres',
  bodyTooLong: 'A mensagem pode ter no máximo 4096 caracteres',
  tooManyMessages: 'No máximo 5 mensagens por campanha',
  tooManyContacts: 'No máximo 100000 contatos por campanha',
  numberInvalid: 'Número inválido (mínimo 10 dígitos)',
  scheduleInvalid: 'Data inválida',
  schedulePast: 'A data não pode estar no passado',
  scheduleTooFarCreator: 'A data pode ser no máximo daqui a 1 mês',
  scheduleTooFarManager: 'A data pode ser no máximo daqui a 2 meses',
  campaignJsonInvalid: 'O campo campaign deve ser um JSON válido',
  /** a low minimum time risks a ban (spec 2 §9: hint shown on the setup form) */
  lowTMinHint: 'Um tempo mínimo baixo aumenta o risco de banimento do número pelo WhatsApp',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Campaign setup (spec 2 §3 CampaignSetup, §5 Campaign setup, §9 options and defaults)
// ---------------------------------------------------------------------------------------------------------------

/** tMax: 10 to 60 seconds in steps of 5 (spec 2 §9). */
export const T_MAX_OPTIONS = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60] as const;
/** tMin: 1 to 10 seconds. */
export const T_MIN_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** interval between contacts, seconds. */
export const INTERVAL_OPTIONS = [5, 10, 20, 30, 40, 50, 60] as const;
export const CAMPAIGN_TICKET_SET_STATUSES = ['open', 'pending', 'closed'] as const;
export type CampaignTicketSetStatus = (typeof CAMPAIGN_TICKET_SET_STATUSES)[number];

/** A minimum wait below this many seconds shows the ban-risk hint (spec 2 §9). */
export const LOW_T_MIN_HINT_BELOW = 3;
export const lowTMinRisk = (tMin: number): boolean => tMin < LOW_T_MIN_HINT_BELOW;

/** Most connections one setup may use (round-robin share). */
export const SETUP_MAX_WHATSAPPS = 20;

/** WhatsApp's limits on a reply button: 3 per message (spec), 20 characters of text. */
export const MAX_BUTTONS = 3;
export const BUTTON_TEXT_MAX = 20;

export const DEFAULT_BUTTON_TITLE = 'Você tem interesse?';

/** One reply button as the spec stores it: buttonId, buttonText.displayText, type 1. */
export const CampaignButton = z.object({
  buttonId: z.string().trim().min(1).max(64),
  buttonText: z.object({
    displayText: z
      .string({ error: CAMPAIGN_TEXTS.buttonTextRequired })
      .trim()
      .min(1, CAMPAIGN_TEXTS.buttonTextRequired)
      .max(BUTTON_TEXT_MAX, CAMPAIGN_TEXTS.buttonTextTooLong),
  }),
  type: z.literal(1).default(1),
});
export type CampaignButton = z.output<typeof CampaignButton>;

/** `jsonButtonOrList`: title (text), optional footer, at most 3 buttons. */
export const ButtonList = z.object(
  {
    text: z.string().trim().max(1024, CAMPAIGN_TEXTS.buttonTitleTooLong).default(DEFAULT_BUTTON_TITLE),
    footer: z.string().trim().max(60, CAMPAIGN_TEXTS.buttonFooterTooLong).default(''),
    buttons: z
      .array(CampaignButton, { error: CAMPAIGN_TEXTS.buttonListInvalid })
      .max(MAX_BUTTONS, CAMPAIGN_TEXTS.tooManyButtons)
      .default([]),
  },
  { error: CAMPAIGN_TEXTS.buttonListInvalid },
);
export type ButtonList = z.output<typeof ButtonList>;

/** The spec's default: 'Você tem interesse?' with Sim, Não, Talvez (the form's initial value). */
export const DEFAULT_BUTTON_LIST: ButtonList = {
  text: DEFAULT_BUTTON_TITLE,
  footer: '',
  buttons: ['Sim', 'Não', 'Talvez'].map((displayText, i) => ({
    buttonId: String(i + 1),
    buttonText: { displayText },
    type: 1 as const,
  })),
};

/**
 * The setup's `jsonButtonOrList`: the spec stores a JSON string; the form sends an object. Both are accepted; '' /
 * null / absent = no buttons (null). The output is the parsed object (the API stores `JSON.stringify` of it).
 */
export const JsonButtonOrList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v);
    } catch {
      return v; // refused below with the text
    }
  }
  return v;
}, ButtonList.nullable());

/** A wall-clock time of day 'HH:MM' (00:00–23:59) in the company's time zone. */
export const TimeOfDay = z
  .string({ error: CAMPAIGN_TEXTS.windowInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CAMPAIGN_TEXTS.windowInvalid);

/** Minutes after local midnight of an 'HH:MM'. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A warm-up tier: from this connection age (whole days since it was connected) at most `perDay` dispatches a day. */
export const WarmupTier = z.object({
  fromDay: z.number({ error: CAMPAIGN_TEXTS.warmupInvalid }).int().min(0).max(3650),
  perDay: z.number({ error: CAMPAIGN_TEXTS.warmupInvalid }).int().min(1).max(100_000),
});
export type WarmupTier = z.output<typeof WarmupTier>;

/**
 * Ban-safety defaults (docs/DECISIONS.md `## Campaigns`): a new number sends little and grows with its age; mature
 * numbers (30+ days) 1000 dispatches a day. Shown in the setup, adjustable by an admin.
 */
export const DEFAULT_WARMUP: readonly WarmupTier[] = [
  { fromDay: 0, perDay: 20 },
  { fromDay: 3, perDay: 50 },
  { fromDay: 7, perDay: 100 },
  { fromDay: 14, perDay: 250 },
  { fromDay: 30, perDay: 1000 },
];

export const WarmupTiers = z
  .array(WarmupTier, { error: CAMPAIGN_TEXTS.warmupInvalid })
  .min(1, CAMPAIGN_TEXTS.warmupInvalid)
  .max(20, CAMPAIGN_TEXTS.warmupInvalid)
  .superRefine((tiers, ctx) => {
    if (tiers[0] && tiers[0].fromDay !== 0) ctx.addIssue({ code: 'custom', message: CAMPAIGN_TEXTS.warmupFirstDay });
    for (let i = 1; i < tiers.length; i++) {
      const a = tiers[i - 1] as WarmupTier;
      const b = tiers[i] as WarmupTier;
      if (b.fromDay <= a.fromDay || b.perDay < a.perDay) {
        ctx.addIssue({ code: 'custom', message: CAMPAIGN_TEXTS.warmupOrder });
        return;
      }
    }
  });

export const CAMPAIGN_SETUP_DEFAULTS = {
  ticketSetStatus: 'closed' as CampaignTicketSetStatus,
  tMax: 10,
  tMin: 2,
  interval: 30,
  autoStart: true,
  /** ± this percentage of `interval` between two contacts on one connection */
  intervalJitterPct: 20,
  /** company time zone; start === end = all day */
  sendWindowStart: '08:00',
  sendWindowEnd: '20:00',
  /** consecutive failed sends on one connection that pause the campaign; 0 = off */
  breakerThreshold: 5,
  warmup: DEFAULT_WARMUP,
  /** the form's initial buttons (the API's absent field means none) */
  jsonButtonOrList: DEFAULT_BUTTON_LIST,
} as const;

const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' || v === undefined ? null : v),
  coercedId(CAMPAIGN_TEXTS.invalidId).nullable(),
);

const oneOf = <T extends readonly number[]>(options: T, message: string, fallback: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).refine((n) => (options as readonly number[]).includes(n), message),
  );

const HttpUrl = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: CAMPAIGN_TEXTS.invalidUrl })
    .trim()
    .max(2000, CAMPAIGN_TEXTS.invalidUrl)
    .refine((s) => {
      if (s === '') return true;
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, CAMPAIGN_TEXTS.invalidUrl)
    .transform((s) => (s === '' ? null : s)),
);

/**
 * `POST /CampaignSetup` and `PUT /campaignSetup/{id}` body, and the setup form. `whatsapps` are connection ids (the
 * server also checks they are the company's and not its default connection: CAMPAIGN_TEXTS.nonDefaultConnection).
 */
export const CampaignSetupInput = z
  .object({
    name: z
      .string({ error: CAMPAIGN_TEXTS.required })
      .trim()
      .min(1, CAMPAIGN_TEXTS.required)
      .max(100, CAMPAIGN_TEXTS.nameTooLong),
    queueId: optionalId,
    userId: optionalId,
    whatsapps: z.preprocess(
      (v) => (v === undefined || v === null ? [] : v),
      z
        .array(coercedId(CAMPAIGN_TEXTS.invalidId), { error: CAMPAIGN_TEXTS.connectionRequired })
        .min(1, CAMPAIGN_TEXTS.connectionRequired)
        .max(SETUP_MAX_WHATSAPPS, CAMPAIGN_TEXTS.tooManyConnections)
        .transform((ids) => [...new Set(ids)]),
    ),
    ticketSetStatus: z
      .enum(CAMPAIGN_TICKET_SET_STATUSES, { error: CAMPAIGN_TEXTS.ticketStatusInvalid })
      .default(CAMPAIGN_SETUP_DEFAULTS.ticketSetStatus),
    tMax: oneOf(T_MAX_OPTIONS, CAMPAIGN_TEXTS.tMaxInvalid, CAMPAIGN_SETUP_DEFAULTS.tMax),
    tMin: oneOf(T_MIN_OPTIONS, CAMPAIGN_TEXTS.tMinInvalid, CAMPAIGN_SETUP_DEFAULTS.tMin),
    interval: oneOf(INTERVAL_OPTIONS, CAMPAIGN_TEXTS.intervalInvalid, CAMPAIGN_SETUP_DEFAULTS.interval),
    autoStart: z.boolean({ error: CAMPAIGN_TEXTS.valueInvalid }).default(CAMPAIGN_SETUP_DEFAULTS.autoStart),
    webhookUrlConcluded: HttpUrl,
    jsonButtonOrList: JsonButtonOrList,
    intervalJitterPct: z
      .number({ error: CAMPAIGN_TEXTS.jitterInvalid })
      .int(CAMPAIGN_TEXTS.jitterInvalid)
      .min(0, CAMPAIGN_TEXTS.jitterInvalid)
      .max(50, CAMPAIGN_TEXTS.jitterInvalid)
      .default(CAMPAIGN_SETUP_DEFAULTS.intervalJitterPct),
    sendWindowStart: TimeOfDay.default(CAMPAIGN_SETUP_DEFAULTS.sendWindowStart),
    sendWindowEnd: TimeOfDay.default(CAMPAIGN_SETUP_DEFAULTS.sendWindowEnd),
    breakerThreshold: z
      .number({ error: CAMPAIGN_TEXTS.breakerInvalid })
      .int(CAMPAIGN_TEXTS.breakerInvalid)
      .min(0, CAMPAIGN_TEXTS.breakerInvalid)
      .max(50, CAMPAIGN_TEXTS.breakerInvalid)
      .default(CAMPAIGN_SETUP_DEFAULTS.breakerThreshold),
    warmup: WarmupTiers.default(() => DEFAULT_WARMUP.map((t) => ({ ...t }))),
  })
  .superRefine((v, ctx) => {
    if (typeof v.tMin === 'number' && typeof v.tMax === 'number' && v.tMin > v.tMax) {
      ctx.addIssue({ code: 'custom', path: ['tMin'], message: CAMPAIGN_TEXTS.tMinAboveTMax });
    }
    const len = (minutesOfDay(v.sendWindowEnd) - minutesOfDay(v.sendWindowStart) + 1440) % 1440;
    if (len !== 0 && len < 60) {
      ctx.addIssue({ code: 'custom', path: ['sendWindowEnd'], message: CAMPAIGN_TEXTS.windowTooShort });
    }
  });
export type CampaignSetupInput = z.output<typeof CampaignSetupInput>;
export type CampaignSetupBody = z.input<typeof CampaignSetupInput>;

/**
 * The ban-safety fields that only an admin may change (docs/DECISIONS.md): a non-admin owner's setup keeps the
 * defaults (create) or the stored values (edit).
 */
export const SAFETY_FIELDS = [
  'intervalJitterPct',
  'sendWindowStart',
  'sendWindowEnd',
  'breakerThreshold',
  'warmup',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Campaign messages
// ---------------------------------------------------------------------------------------------------------------

export const CAMPAIGN_TYPE_MESSAGES = ['Texto', 'Mídia'] as const;
export type CampaignTypeMessage = (typeof CAMPAIGN_TYPE_MESSAGES)[number];
export const CAMPAIGN_MESSAGES_MAX = 5;
export const CAMPAIGN_BODY_MIN = 5;

/**
 * One message of the campaign (the message list builder): a greeting (sent first) and a text or a media file sent
 * after the [tMin, tMax] wait. `mediaName` names the file that comes with it (the v1 multipart's messageMedias part
 * of the same position); with a file the body is an optional caption; without one the body needs 5+ characters.
 * Output: typeMessage is derived (Mídia when a file comes, Texto otherwise).
 */
export const CampaignMessageInput = z
  .object({
    greeting: z
      .string({ error: CAMPAIGN_TEXTS.greetingRequired })
      .trim()
      .min(1, CAMPAIGN_TEXTS.greetingRequired)
      .max(1000, CAMPAIGN_TEXTS.greetingTooLong),
    body: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string({ error: CAMPAIGN_TEXTS.messageRequired }).trim().max(4096, CAMPAIGN_TEXTS.bodyTooLong),
    ),
    mediaName: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().trim().max(200).nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.mediaName) return;
    if (v.body === '') ctx.addIssue({ code: 'custom', path: ['body'], message: CAMPAIGN_TEXTS.messageRequired });
    else if (v.body.length < CAMPAIGN_BODY_MIN)
      ctx.addIssue({ code: 'custom', path: ['body'], message: CAMPAIGN_TEXTS.messageTooShort });
  })
  .transform((v) => ({ ...v, typeMessage: (v.mediaName ? 'Mídia' : 'Texto') as CampaignTypeMessage }));
export type CampaignMessageInput = z.output<typeof CampaignMessageInput>;

// ---------------------------------------------------------------------------------------------------------------
// Send list: typed numbers, Excel rows, the v1 JSON's sendList
// ---------------------------------------------------------------------------------------------------------------

/** Spec 2 §5: typed entries shorter than 10 are dropped; we count digits after normalising (docs/DECISIONS.md). */
export const SEND_LIST_MIN_DIGITS = 10;
export const SEND_LIST_MAX_DIGITS = 20;
export const SEND_LIST_MAX = 100_000;

export type SendListEntry = { number: string; name: string | null; email: string | null };

export type SendListBuild = {
  entries: SendListEntry[];
  /** entries dropped: under 10 digits (or more than 20) */
  short: number;
  /** entries dropped: a number already in the list (the first one is kept) */
  duplicates: number;
};

/** A number kept in a send list: normalised (core's contacts/number.ts), 10–20 digits; else null. */
export function sendListNumber(raw: string): string | null {
  const n = normalizeNumber(raw);
  return n.length >= SEND_LIST_MIN_DIGITS && n.length <= SEND_LIST_MAX_DIGITS ? n : null;
}

/**
 * Merges entries into a send list: numbers normalised, short ones dropped, duplicates removed (first kept; a later
 * one fills a missing name or e-mail). `existing` is what the builder already holds.
 */
export function mergeSendList(
  existing: readonly SendListEntry[],
  incoming: readonly { number: string; name?: string | null; email?: string | null }[],
): SendListBuild {
  const entries = existing.map((e) => ({ ...e }));
  const at = new Map<string, number>();
  entries.forEach((e, i) => {
    at.set(e.number, i);
  });
  let short = 0;
  let duplicates = 0;
  for (const raw of incoming) {
    const number = sendListNumber(raw.number);
    if (!number) {
      short++;
      continue;
    }
    const name = raw.name?.trim() || null;
    const email = raw.email?.trim() || null;
    const i = at.get(number);
    if (i !== undefined) {
      duplicates++;
      const e = entries[i] as SendListEntry;
      e.name ??= name;
      e.email ??= email;
      continue;
    }
    at.set(number, entries.length);
    entries.push({ number, name, email });
  }
  return { entries, short, duplicates };
}

/** The creator's typed numbers: one per line (also `,` / `;`); blank lines ignored, then the send-list rules. */
export function parseTypedNumbers(text: string, existing: readonly SendListEntry[] = []): SendListBuild {
  const lines = String(text ?? '')
    .split(/\r?\n|[,;]/)
    .map((l) => l.trim())
    .filter(Boolean);
  return mergeSendList(
    existing,
    lines.map((number) => ({ number })),
  );
}

/** The Excel model's columns (spec 2 §5), in the downloadable model's order. */
export const CAMPAIGN_SHEET_COLUMNS = ['number', 'name_opcional', 'email_opcional'] as const;
export type CampaignSheetColumn = (typeof CAMPAIGN_SHEET_COLUMNS)[number];
const SHEET_ALIASES: Record<CampaignSheetColumn, readonly string[]> = {
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular'],
  name_opcional: ['name_opcional', 'nome_opcional', 'name', 'nome'],
  email_opcional: ['email_opcional', 'email', 'e-mail'],
};
export const CAMPAIGN_SHEET_TEXTS = {
  empty: 'A planilha está vazia',
  missingNumber: 'A planilha precisa da coluna number (veja o modelo)',
  tooManyRows: 'A planilha excede o limite de 100000 linhas',
} as const;

export class CampaignSheetError extends Error {}

const foldHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** built once: a schema made per row cost ~1 µs × 100,000 */
const SHEET_EMAIL = z.email();

/**
 * The send-list rows of an Excel sheet given as text cells (row 1 = header; cells as `cellText` of
 * contacts/import-sheet.ts makes them). Throws CampaignSheetError (CAMPAIGN_SHEET_TEXTS) without a number column or
 * above 100,000 rows. An invalid optional e-mail is dropped, not the row. Merge the result with `mergeSendList`.
 */
export function campaignSheetRows(
  grid: readonly { row: number; cells: readonly string[] }[],
): { number: string; name: string | null; email: string | null }[] {
  const header = grid.find((r) => r.row === 1);
  if (!header) throw new CampaignSheetError(CAMPAIGN_SHEET_TEXTS.empty);
  const col: Partial<Record<CampaignSheetColumn, number>> = {};
  header.cells.forEach((h, i) => {
    const f = foldHeader(h ?? '');
    for (const key of CAMPAIGN_SHEET_COLUMNS) {
      if (col[key] === undefined && SHEET_ALIASES[key].includes(f)) col[key] = i;
    }
  });
  if (col.number === undefined) throw new CampaignSheetError(CAMPAIGN_SHEET_TEXTS.missingNumber);
  const get = (cells: readonly string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? '').trim());
  const rows: { number: string; name: string | null; email: string | null }[] = [];
  for (const r of grid) {
    if (r.row === 1) continue;
    const number = get(r.cells, col.number);
    const name = get(r.cells, col.name_opcional);
    const email = get(r.cells, col.email_opcional);
    if (!number && !name && !email) continue;
    rows.push({ number, name: name || null, email: email && SHEET_EMAIL.safeParse(email).success ? email : null });
    if (rows.length > SEND_LIST_MAX) throw new CampaignSheetError(CAMPAIGN_SHEET_TEXTS.tooManyRows);
  }
  return rows;
}

/** Longest name / e-mail of a send-list item. */
const SEND_LIST_TEXT_MAX = 200;

/**
 * One contact of the v1 JSON's sendList: number, optional name (`name` or `name_opcional`), optional e-mail
 * (`email` or `email_opcional`: the web creator sends `email`, the sheet's column is `email_opcional`).
 */
export const SendListItem = z
  .object({
    number: z.preprocess(
      (v) => (typeof v === 'number' ? v.toFixed(0) : v),
      z.string({ error: CAMPAIGN_TEXTS.numberInvalid }),
    ),
    name: z.string().max(SEND_LIST_TEXT_MAX).nullish(),
    name_opcional: z.string().max(SEND_LIST_TEXT_MAX).nullish(),
    email: z.string().max(SEND_LIST_TEXT_MAX).nullish(),
    email_opcional: z.string().max(SEND_LIST_TEXT_MAX).nullish(),
  })
  .transform((v) => ({
    number: v.number,
    name: v.name?.trim() || v.name_opcional?.trim() || null,
    email: v.email?.trim() || v.email_opcional?.trim() || null,
  }));

const optionalText = (v: unknown): v is string | null | undefined =>
  v === undefined || v === null || (typeof v === 'string' && v.length <= SEND_LIST_TEXT_MAX);

/**
 * `z.array(SendListItem)` for the shape every client sends (plain objects, `number` a string or a number, the
 * optional texts strings, null or absent, within their lengths), as a plain loop: the same output, ~20× less work
 * than the schema per item (100,000 items). Null when any item is otherwise: the schema then decides, with its
 * exact issues.
 */
export function plainSendListItems(v: unknown): { number: string; name: string | null; email: string | null }[] | null {
  if (!Array.isArray(v)) return null;
  const out: { number: string; name: string | null; email: string | null }[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const { number, name, name_opcional, email, email_opcional } = item as Record<string, unknown>;
    const n = typeof number === 'number' ? number.toFixed(0) : number;
    if (
      typeof n !== 'string' ||
      !optionalText(name) ||
      !optionalText(name_opcional) ||
      !optionalText(email) ||
      !optionalText(email_opcional)
    ) {
      return null;
    }
    out[i] = {
      number: n,
      name: name?.trim() || name_opcional?.trim() || null,
      email: email?.trim() || email_opcional?.trim() || null,
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Campaign (creator, manager's schedule dialog, POST /Campaign, PUT /campaign/{id}, POST /api/campaign/v1)
// ---------------------------------------------------------------------------------------------------------------

/** Past tolerance of a schedule (a form filled a few seconds ago). */
export const SCHEDULE_PAST_TOLERANCE_MS = 60_000;
/** The manager's dialog proposes now + 2 hours. */
export const MANAGER_SCHEDULE_DEFAULT_MS = 2 * 3_600_000;

export type ScheduleWhere = 'creator' | 'manager';

/** The same UTC calendar day and time `months` months on (the 31st clamps to the month's last day). */
export function addMonths(now: number, months: number): number {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** Spec 2 §5/§9: the creator allows now … +1 month; the manager's dialog now … +2 months. */
export function campaignScheduleLimits(now: number, where: ScheduleWhere): { min: number; max: number } {
  return { min: now, max: addMonths(now, where === 'creator' ? 1 : 2) };
}

export function defaultManagerSchedule(now: number): number {
  return now + MANAGER_SCHEDULE_DEFAULT_MS;
}

/** A schedule: ISO text or null ('' / absent = none: the toggle off clears it). Output ISO or null. */
export function campaignSchedule(now: number, where: ScheduleWhere) {
  const { min, max } = campaignScheduleLimits(now, where);
  return z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z
      .string({ error: CAMPAIGN_TEXTS.scheduleInvalid })
      .nullable()
      .superRefine((s, ctx) => {
        if (s === null) return;
        const at = Date.parse(s);
        if (!Number.isFinite(at)) ctx.addIssue({ code: 'custom', message: CAMPAIGN_TEXTS.scheduleInvalid });
        else if (at < min - SCHEDULE_PAST_TOLERANCE_MS)
          ctx.addIssue({ code: 'custom', message: CAMPAIGN_TEXTS.schedulePast });
        else if (at > max)
          ctx.addIssue({
            code: 'custom',
            message: where === 'creator' ? CAMPAIGN_TEXTS.scheduleTooFarCreator : CAMPAIGN_TEXTS.scheduleTooFarManager,
          });
      })
      .transform((s) => (s === null ? null : new Date(Date.parse(s)).toISOString())),
  );
}

const campaignName = z
  .string({ error: CAMPAIGN_TEXTS.nameRequired })
  .trim()
  .min(1, CAMPAIGN_TEXTS.nameRequired)
  .max(100, CAMPAIGN_TEXTS.nameTooLong);

const setupId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' || v === null ? undefined : v),
  coercedId(CAMPAIGN_TEXTS.setupRequired),
);

/** `POST /Campaign` (name and campaignSetupId; schedule optional, creator's limits). */
export function campaignInput(now: number) {
  return z.object({
    name: campaignName,
    campaignSetupId: setupId,
    schedule: campaignSchedule(now, 'creator'),
  });
}
export type CampaignInput = z.output<ReturnType<typeof campaignInput>>;

/** `PUT /campaign/{id}`: name, setup, schedule (the manager's dialog limits); the spec's empty campaignDispatchs ignored. */
export function campaignUpdate(now: number) {
  return z.object({
    name: campaignName.optional(),
    campaignSetupId: setupId.optional(),
    schedule: campaignSchedule(now, 'manager').optional(),
    campaignDispatchs: z.array(z.unknown(), { error: CAMPAIGN_TEXTS.valueInvalid }).optional(),
  });
}
export type CampaignUpdate = z.output<ReturnType<typeof campaignUpdate>>;

const SendListItemsSchema = z
  .array(SendListItem, { error: CAMPAIGN_TEXTS.contactsRequired })
  .min(1, CAMPAIGN_TEXTS.contactsRequired)
  .max(SEND_LIST_MAX, CAMPAIGN_TEXTS.tooManyContacts);

/** The send list: `plainSendListItems` when it applies (and the length is within 1…100,000), else the schema. */
const SendListItems = z.unknown().transform((v, ctx) => {
  const plain = Array.isArray(v) && v.length >= 1 && v.length <= SEND_LIST_MAX ? plainSendListItems(v) : null;
  if (plain) return plain;
  const r = SendListItemsSchema.safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
});

/**
 * The fields a new campaign carries (the creator's form, POST /Campaign and the v1 JSON), with the setup id second:
 * the first issue reported follows the creator's toast order (name, setup, messages, contacts).
 */
function campaignCreateShape<S extends z.ZodType>(now: number, setup: S) {
  return {
    name: campaignName,
    campaignSetupId: setup,
    schedule: campaignSchedule(now, 'creator'),
    messages: z
      .array(CampaignMessageInput, { error: CAMPAIGN_TEXTS.messagesRequired })
      .min(1, CAMPAIGN_TEXTS.messagesRequired)
      .max(CAMPAIGN_MESSAGES_MAX, CAMPAIGN_TEXTS.tooManyMessages),
    sendList: SendListItems,
  };
}

/** The send list built (normalised, short and repeated numbers dropped — the counts are reported). */
function buildCampaignCreate<T extends { sendList: { number: string; name: string | null; email: string | null }[] }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  const built = mergeSendList([], v.sendList);
  if (built.entries.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['sendList'], message: CAMPAIGN_TEXTS.contactsRequired });
    return z.NEVER;
  }
  return { ...v, sendList: built.entries, dropped: { short: built.short, duplicates: built.duplicates } };
}

/**
 * `POST /api/campaign/v1` field `campaign` (JSON text or object): name, schedule (creator's limits), messages (1–5),
 * sendList (1–100,000; normalised, short and repeated numbers dropped — the counts are reported), and optionally
 * campaignSetupId (else the form field of that name). The i-th `messageMedias` part belongs to the i-th message
 * (docs/DECISIONS.md).
 */
export function campaignV1(now: number) {
  return z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return undefined;
        }
      },
      z.object(campaignCreateShape(now, setupId.optional()), { error: CAMPAIGN_TEXTS.campaignJsonInvalid }),
    )
    .transform(buildCampaignCreate);
}
export type CampaignV1 = z.output<ReturnType<typeof campaignV1>>;

/** `POST /Campaign` (JSON): name, campaignSetupId, optional schedule, messages (text only: no files) and sendList. */
export function campaignCreate(now: number) {
  return z.object(campaignCreateShape(now, setupId)).transform(buildCampaignCreate);
}
export type CampaignCreate = z.output<ReturnType<typeof campaignCreate>>;

/** The creator's checks before it posts (each a warning toast, in the spec's order). */
export function creatorProblems(form: {
  name: string;
  campaignSetupId: number | null;
  messages: readonly unknown[];
  sendList: readonly unknown[];
}): string | null {
  if (!form.name.trim()) return CAMPAIGN_TEXTS.nameRequired;
  if (!form.campaignSetupId) return CAMPAIGN_TEXTS.setupRequired;
  if (form.messages.length === 0) return CAMPAIGN_TEXTS.messagesRequired;
  if (form.sendList.length === 0) return CAMPAIGN_TEXTS.contactsRequired;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lists (spec 2 §7) and DTOs
// ---------------------------------------------------------------------------------------------------------------

/** `GET /CampaignSetup/` and `GET /Campaign/`: searchParam, pageNumber, user (only this user's records). */
export const CampaignListQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumber,
  user: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    coercedId(CAMPAIGN_TEXTS.invalidId).nullable(),
  ),
});
export type CampaignListQuery = z.output<typeof CampaignListQuery>;

/** `GET /CampaignDispatch/{campaignId}`: pageNumber. */
export const DispatchListQuery = z.object({ pageNumber: PageNumber });

export const CAMPAIGN_STATUSES = ['created', 'scheduled', 'start', 'pause', 'finalized'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** pt-BR labels (the web translates them). */
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  created: 'Criada',
  scheduled: 'Agendada',
  start: 'Em andamento',
  pause: 'Pausada',
  finalized: 'Finalizada',
};

export const DISPATCH_STATUSES = ['pending', 'claimed', 'sent', 'sentFail', 'uncertain', 'canceled'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
export const DISPATCH_STATUS_LABELS: Record<DispatchStatus, string> = {
  pending: 'Pendente',
  claimed: 'Enviando',
  sent: 'Enviado',
  sentFail: 'Falhou',
  uncertain: 'Incerto',
  canceled: 'Cancelado',
};

/** Why a dispatch is sentFail (stored in `failReason`; the web shows the text). */
export const DISPATCH_FAIL_REASONS = {
  /** the number has no WhatsApp account: never retried, not a connection failure */
  noWhatsapp: 'O número não tem WhatsApp',
  /** WhatsApp refused the message (nothing went out): counts for the circuit breaker */
  refused: 'O WhatsApp recusou a mensagem',
  /** the media file could not be read or sent */
  media: 'Não foi possível enviar a mídia',
  /** the connection went down after the greeting: the message did not go (the greeting did) */
  connectionLost: 'A conexão caiu depois da saudação; a mensagem não foi enviada',
} as const;
export type DispatchFailReason = keyof typeof DISPATCH_FAIL_REASONS;

/** The text of an uncertain dispatch (the manager shows it; only an admin may resend). */
export const UNCERTAIN_TEXT =
  'Envio interrompido: não sabemos se a mensagem chegou. Ela não será reenviada automaticamente.';

export type CampaignSetupDto = {
  id: number;
  name: string;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsapps: { id: number; name: string }[];
  ticketSetStatus: CampaignTicketSetStatus;
  tMax: number;
  tMin: number;
  interval: number;
  autoStart: boolean;
  webhookUrlConcluded: string | null;
  /** JSON text of ButtonList, or null (spec: a JSON string) */
  jsonButtonOrList: string | null;
  intervalJitterPct: number;
  sendWindowStart: string;
  sendWindowEnd: string;
  breakerThreshold: number;
  warmup: WarmupTier[];
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type CampaignMessageDto = {
  id: number;
  greeting: string;
  body: string;
  typeMessage: CampaignTypeMessage;
  mediaUrl: string | null;
  mediaUrlVt: string | null;
  mediaName: string | null;
};

export type CampaignDto = {
  id: number;
  name: string;
  status: CampaignStatus;
  schedule: string | null;
  initialized: string | null;
  finalized: string | null;
  userId: number | null;
  campaignSetupId: number | null;
  campaignSetup: { id: number; name: string; whatsapps: { id: number; name: string }[] } | null;
  campaignMessages: CampaignMessageDto[];
  /** why the engine paused it last (circuit breaker), or null */
  pauseReason: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type CampaignDispatchDto = {
  id: number;
  campaignId: number;
  name: string | null;
  number: string;
  email: string | null;
  /** the planned greeting instant once claimed (ISO), else null */
  schedule: string | null;
  status: DispatchStatus;
  /** greeting sent / message sent marks (the manager's columns) */
  greeting: boolean;
  message: boolean;
  whatsappId: number | null;
  mediaUrlVt: string | null;
  /** when the message went out (ISO) */
  messageSendAt: string | null;
  ticketId: number | null;
  failReason: DispatchFailReason | null;
  /** admin resends of an uncertain dispatch */
  resendCount: number;
};

export type CampaignSetupList = { campaignSetups: CampaignSetupDto[]; count: number; hasMore: boolean };
/** SSE `campaignSetup-{companyId}` (administrators only: the campaign screens are theirs). */
export type CampaignSetupEvent =
  | { action: 'create' | 'update'; campaignSetup: CampaignSetupDto }
  | { action: 'delete'; campaignSetupId: number };
export type CampaignList = { campaigns: CampaignDto[]; count: number; hasMore: boolean };
export type CampaignDispatchList = {
  campaignDispatches: CampaignDispatchDto[];
  hasMore: boolean;
  count: number;
  sentCount: number;
  failCount: number;
  /** ours: dispatches left uncertain by an interrupted send */
  uncertainCount: number;
};
/** `GET /Campaign/{id}`: the campaign and its first page of dispatches (spec: "campaign and dispatchs"). */
export type CampaignDetail = { campaign: CampaignDto; dispatchs: CampaignDispatchList };

/** `webhookUrlConcluded` body, POSTed once when the campaign is finalized. */
export type CampaignConcludedWebhook = {
  event: 'campaign.concluded';
  campaignId: number;
  name: string;
  companyId: number;
  finalized: string;
  /** 'completed' = nothing left to send; 'manual' = Concluir pressed */
  how: 'completed' | 'manual';
  count: number;
  sentCount: number;
  failCount: number;
  uncertainCount: number;
  canceledCount: number;
};
