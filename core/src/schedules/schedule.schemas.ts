import { z } from 'zod';
import { coercedId } from '../ids/ids';
import { IdValue, PageNumber, SearchParam } from '../lists/page-query';

/**
 * Schedules (spec 2 §2 Schedules list and dialog, §3 Schedule, §5 Schedule, §6, §7 Schedules). The API contract is
 * in docs/DECISIONS.md `## Schedules`. The form's and the API's body are ONE schema (`scheduleInput(now)`): the clock
 * is injected, so the web validates with the browser's time and the API with its own.
 */

export const SCHEDULE_TEXTS = {
  contactRequired: 'Selecione um contato',
  bodyEmpty: 'O texto não pode ficar vazio',
  bodyTooShort: 'O texto não pode ser menor do que 6 caracteres',
  bodyTooLong: 'O texto pode ter no máximo 4096 caracteres',
  sendAtRequired: 'Informe a data de envio',
  sendAtInvalid: 'Data de envio inválida',
  sendAtPast: 'A data de envio não pode estar no passado',
  sendAtTooFar: 'A data de envio pode ser no máximo daqui a dois anos',
  repeatInvalid: 'As repetições devem ser um número inteiro maior ou igual a 0',
  repeatTooMany: 'No máximo 1000 repetições',
  typeMessageInvalid: 'Tipo de mensagem inválido',
  typeScheduleInvalid: 'Tipo de agendamento inválido',
  invalidId: 'Id inválido',
  mediaRequired: 'Selecione um arquivo de mídia',
  mediaNameTooLong: 'Nome do arquivo muito longo',
  invalidStatus: 'Status inválido',
  timezoneInvalid: 'Fuso horário inválido',
  formInvalid: 'Dados do agendamento inválidos',
  myScheduleRequired: 'Informe se a exclusão é só dos seus agendamentos (mySchedule)',
} as const;

export const TYPE_MESSAGES = ['Texto', 'Mídia'] as const;
export type TypeMessage = (typeof TYPE_MESSAGES)[number];

export const TYPE_SCHEDULES = ['Único', 'Recorrente Semanal', 'Recorrente Mensal'] as const;
export type TypeSchedule = (typeof TYPE_SCHEDULES)[number];

/**
 * PENDENTE and ENVIADA are the spec's; ERRO is ours: the last occurrence could not be sent (attempts exhausted, or it
 * came due while nothing ran and was more than the grace late — "missed"), the reason in `lastError`. A recurring
 * schedule stays PENDENTE while occurrences remain, even after one failed or was missed (its `lastError` says so).
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** pt-BR labels (the web translates them); the list filter's options are Pendentes / Enviadas / Todas (spec). */
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = {
  PENDENTE: 'Pendente',
  ENVIADA: 'Enviada',
  ERRO: 'Erro',
};

/** `lastError` of an occurrence that came due while nothing ran and was more than the grace late. */
export function missedScheduleText(graceMs: number): string {
  const hours = Math.round((graceMs / 3_600_000) * 10) / 10;
  return `Não enviada: o servidor estava parado no horário e o atraso passou de ${hours} h`;
}

/** `lastError` of an occurrence whose send was cut off (the server stopped during it): it may or may not have gone. */
export const SCHEDULE_INTERRUPTED_TEXT =
  'Envio interrompido: o servidor parou durante o envio; a mensagem pode não ter sido entregue';

/** `lastError` of an occurrence that came due while the company could not send (checked at the send, not only at the API). */
export const SCHEDULE_BLOCKED_TEXT = {
  companyInactive: 'Não enviada: a empresa está desativada',
  planOff: 'Não enviada: o plano da empresa não inclui agendamentos',
} as const;

/** One minute back, two years ahead (spec 2 §5). */
export const SEND_AT_PAST_TOLERANCE_MS = 60_000;
export const SEND_AT_MAX_YEARS = 2;
export const SCHEDULE_BODY_MAX = 4096;
/** a bound on a finite series (a larger one is a typo; empty = forever) */
export const REPEAT_COUNT_MAX = 1000;

/** The latest send date accepted at `now`: the same wall date two years on (UTC calendar). */
export function latestSendAt(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + SEND_AT_MAX_YEARS);
  return d.getTime();
}

const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  coercedId(SCHEDULE_TEXTS.invalidId).nullable().optional(),
);

const contactId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' || v === null ? undefined : v),
  coercedId(SCHEDULE_TEXTS.contactRequired),
);

/** Repetitions: '' / null / absent = forever; an integer ≥ 0. */
const repeatCount = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: SCHEDULE_TEXTS.repeatInvalid })
    .int(SCHEDULE_TEXTS.repeatInvalid)
    .min(0, SCHEDULE_TEXTS.repeatInvalid)
    .max(REPEAT_COUNT_MAX, SCHEDULE_TEXTS.repeatTooMany)
    .nullable(),
);

export type ScheduleInputOptions = {
  /**
   * The send date the schedule already has (an edit): keeping it is always accepted, even when it is now in the past
   * (a recurring schedule edited after its first send). A changed date must be within the window.
   */
  currentSendAt?: string | null;
};

/**
 * The body of POST /schedules/{companyId} and PUT /schedules/{id}/{companyId} (the multipart's `body` JSON) and the
 * dialog's form. Output: `repeatCount` is null for Único (one send) and for "forever" (empty or 0); a positive
 * number is how many occurrences a recurring schedule has in total (3 → it is sent 3 times).
 */
export function scheduleInput(now: number, opts: ScheduleInputOptions = {}) {
  return z
    .object({
      body: z
        .string({ error: SCHEDULE_TEXTS.bodyEmpty })
        .max(SCHEDULE_BODY_MAX, SCHEDULE_TEXTS.bodyTooLong)
        .default(''),
      contactId,
      sendAt: z
        .string({ error: SCHEDULE_TEXTS.sendAtRequired })
        .trim()
        .min(1, SCHEDULE_TEXTS.sendAtRequired)
        .refine((s) => Number.isFinite(Date.parse(s)), SCHEDULE_TEXTS.sendAtInvalid),
      typeMessage: z.enum(TYPE_MESSAGES, { error: SCHEDULE_TEXTS.typeMessageInvalid }).default('Texto'),
      typeSchedule: z.enum(TYPE_SCHEDULES, { error: SCHEDULE_TEXTS.typeScheduleInvalid }).default('Único'),
      repeatCount: repeatCount.optional(),
      queueId: optionalId,
      whatsappId: optionalId,
      userId: optionalId,
      mediaName: z
        .string()
        .trim()
        .max(200, SCHEDULE_TEXTS.mediaNameTooLong)
        .nullable()
        .optional()
        .transform((v) => v || null),
    })
    .superRefine((v, ctx) => {
      if (v.typeMessage === 'Texto') {
        const text = v.body.trim();
        if (!text) ctx.addIssue({ code: 'custom', path: ['body'], message: SCHEDULE_TEXTS.bodyEmpty });
        else if (text.length < 6)
          ctx.addIssue({ code: 'custom', path: ['body'], message: SCHEDULE_TEXTS.bodyTooShort });
      }
      const at = Date.parse(v.sendAt);
      if (!Number.isFinite(at)) return;
      const kept = opts.currentSendAt != null && Date.parse(opts.currentSendAt) === at;
      if (kept) return;
      if (at < now - SEND_AT_PAST_TOLERANCE_MS) {
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: SCHEDULE_TEXTS.sendAtPast });
      } else if (at > latestSendAt(now)) {
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: SCHEDULE_TEXTS.sendAtTooFar });
      }
    })
    .transform((v) => ({
      ...v,
      sendAt: new Date(Date.parse(v.sendAt)).toISOString(),
      repeatCount: v.typeSchedule === 'Único' || !v.repeatCount ? null : v.repeatCount,
      queueId: v.queueId ?? null,
      whatsappId: v.whatsappId ?? null,
      userId: v.userId ?? null,
    }));
}
export type ScheduleInput = z.output<ReturnType<typeof scheduleInput>>;
/** what a form or a client sends (before parsing) */
export type ScheduleInputBody = z.input<ReturnType<typeof scheduleInput>>;

/** `status` of the list and of the bulk delete: one status, or '' / absent = every status (the screen's 'Todas'). */
export const ScheduleStatusFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(SCHEDULE_STATUSES, { error: SCHEDULE_TEXTS.invalidStatus }).optional(),
);

/** GET /schedules/ (status, user, contactId, searchParam, pageNumber). */
export const ListSchedulesQuery = z.object({
  status: ScheduleStatusFilter,
  /** only this user's schedules */
  user: z.preprocess((v) => (v === '' ? undefined : v), IdValue.optional()),
  contactId: z.preprocess((v) => (v === '' ? undefined : v), IdValue.optional()),
  searchParam: SearchParam,
  pageNumber: PageNumber,
});
export type ListSchedulesQuery = z.output<typeof ListSchedulesQuery>;

const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: SCHEDULE_TEXTS.myScheduleRequired }),
);

/**
 * POST /schedulesDelete: the menu's four bulk deletes (spec 2 §6).
 * - my sent: `{ status: 'ENVIADA', mySchedule: true }`   - all mine: `{ mySchedule: true }`   (everyone)
 * - all sent: `{ status: 'ENVIADA', mySchedule: false }` - all: `{ mySchedule: false }`       (admins only)
 * `user` (the legacy client sends the caller's id) is accepted; "mine" is always the caller's.
 */
export const BulkDeleteSchedules = z.object({
  status: ScheduleStatusFilter,
  mySchedule: boolish,
  user: z.unknown().optional(),
});
export type BulkDeleteSchedules = z.output<typeof BulkDeleteSchedules>;

export type ScheduleDto = {
  id: number;
  body: string;
  typeMessage: TypeMessage;
  typeSchedule: TypeSchedule;
  /** ISO; the origin of the series (what the user entered) */
  sendAt: string;
  /** ISO; when the last message went out */
  sentAt: string | null;
  /** occurrences of a recurring series; null = Único (one) or forever */
  repeatCount: number | null;
  /** messages sent so far */
  repeatCounter: number;
  status: ScheduleStatus;
  /** why the last occurrence was not sent (failed or missed); null when it was */
  lastError: string | null;
  /** ISO; when the next occurrence goes out; null once the series is over */
  nextSendAt: string | null;
  contactId: number;
  contact: { id: number; name: string; number: string };
  queueId: number | null;
  queue: { id: number; name: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  /** `/media/{id}` (fetch with the session's token) or null */
  mediaUrl: string | null;
  mediaName: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type ScheduleList = { schedules: ScheduleDto[]; count: number; hasMore: boolean };

/**
 * SSE `schedule-{companyId}`. A bulk delete of more than a page's worth sends one `reload` (refetch the list)
 * instead of one delete per schedule.
 */
export type ScheduleEvent =
  | { action: 'create' | 'update'; schedule: ScheduleDto }
  | { action: 'delete'; scheduleId: number }
  | { action: 'reload' };

/** Preview cuts (spec 2 §2): the table's body column, the dialog's preview, a media schedule's preview. */
export const SCHEDULE_CUTS = { table: 25, preview: 77, mediaPreview: 30 } as const;

/** `text` cut at `max` characters (code points), '...' appended when something was cut. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

/** The table's body cell: 25 characters. */
export const scheduleTableBody = (body: string): string => cutText(body, SCHEDULE_CUTS.table);

/** A schedule's preview text: 77 characters, 30 for a media schedule (its caption, or the file's name). */
export function schedulePreview(s: { body: string; typeMessage: TypeMessage; mediaName?: string | null }): string {
  if (s.typeMessage === 'Mídia') return cutText(s.body || s.mediaName || '', SCHEDULE_CUTS.mediaPreview);
  return cutText(s.body, SCHEDULE_CUTS.preview);
}

/** Spec 2 §6: admin or the owner edits and deletes; everyone may copy (create their own from it). */
export function canManageSchedule(user: { id: number; profile: string }, schedule: { userId: number | null }): boolean {
  return user.profile === 'admin' || (schedule.userId !== null && schedule.userId === user.id);
}

/** Spec 2 §6: 'my sent' and 'all mine' for everyone, 'all sent' and 'all' for admins only. */
export function canBulkDelete(user: { profile: string }, q: { mySchedule: boolean }): boolean {
  return q.mySchedule || user.profile === 'admin';
}

/** A company's time zone: an IANA name the runtime knows (`Intl`). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

export const TimeZoneName = z
  .string({ error: SCHEDULE_TEXTS.timezoneInvalid })
  .trim()
  .refine(isTimeZone, SCHEDULE_TEXTS.timezoneInvalid);
