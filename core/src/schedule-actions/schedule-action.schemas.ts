/**
 * Scheduled actions (spec 2 §2 "Scheduled actions", §3 "Scheduled action job", §4, §5 "Scheduled action form", §7):
 * the form/API schema of `POST /scheduleActions`, one schema per action's data, the job card's shape and its pure
 * helpers (state and expected execution time). Texts are Portuguese (the source locale); the spec shows no
 * validation beyond the form's ("No other validation shown"), so the texts below are ours.
 */
import { z } from 'zod';
import { normalizeNumber } from '../contacts/number';
import { ID_MAX } from '../ids/ids';

export const SCHEDULE_ACTIONS = ['updateTicket', 'sendMessage', 'updateCampaign', 'test'] as const;
export type ScheduleActionName = (typeof SCHEDULE_ACTIONS)[number];

/** spec 2 §5, §9: delay in ms, step 500, minimum 0 (default 0) */
export const SCHEDULE_ACTION_DELAY_STEP_MS = 500;
/** ours: a scheduled action runs at most 30 days after it is queued (a job is not a long-term calendar) */
export const SCHEDULE_ACTION_DELAY_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** ours: attempts and backoff of every scheduled action (shown on the card) */
export const SCHEDULE_ACTION_ATTEMPTS = 3;
export const SCHEDULE_ACTION_BACKOFF = { type: 'exponential', delay: 2000 } as const;
/** ours: the label (`name`) and the size of the data as JSON */
export const SCHEDULE_ACTION_NAME_MAX = 100;
export const SCHEDULE_ACTION_DATA_MAX_CHARS = 10_000;
export const SCHEDULE_ACTION_BODY_MAX = 4096;
/** ours: GET /scheduleActions answers the newest jobs up to this many */
export const SCHEDULE_ACTION_LIST_LIMIT = 200;

export const SCHEDULE_ACTION_TEXTS = {
  action: 'Selecione uma ação: updateTicket, sendMessage, updateCampaign ou test',
  delayNumber: 'O atraso deve ser um número (ms)',
  delayMin: 'O atraso não pode ser negativo',
  delayStep: 'O atraso deve ser múltiplo de 500 ms',
  delayMax: 'O atraso não pode passar de 30 dias (2592000000 ms)',
  name: `O nome pode ter no máximo ${SCHEDULE_ACTION_NAME_MAX} caracteres`,
  jsonInvalid: 'Os dados não são um JSON válido',
  jsonObject: 'Os dados devem ser um objeto JSON',
  jsonTooLarge: `Os dados não podem passar de ${SCHEDULE_ACTION_DATA_MAX_CHARS} caracteres`,
  unknownField: 'Campo desconhecido',
  ticketId: 'Informe um ticketId válido',
  ticketOrNumber: 'Informe o ticket (ticketId) ou o número (number)',
  ticketAndNumber: 'Informe o ticket (ticketId) ou o número (number), não os dois',
  number: 'Número inválido',
  whatsappWithTicket: 'A conexão (whatsappId) só vale com um número: o ticket usa a própria conexão',
  whatsappId: 'Informe um whatsappId válido',
  body: 'A mensagem não pode ficar vazia',
  bodyMax: `A mensagem pode ter no máximo ${SCHEDULE_ACTION_BODY_MAX} caracteres`,
  status: 'Status inválido: open, pending ou closed',
  queueId: 'Informe um queueId válido (ou null)',
  userId: 'Informe um userId válido (ou null)',
  noChange: 'Informe ao menos uma alteração: status, queueId ou userId',
  campaignId: 'Informe um campaignId válido',
  campaignStatus: 'Status de campanha inválido: start, pause ou finalized',
  campaignNotFound: 'Campanha não encontrada',
  testFail: 'fail deve ser um texto não vazio',
  actorGone: 'O usuário que agendou a ação não existe mais ou não é mais administrador',
  companyInactive: 'A empresa está desativada: a ação agendada não foi executada',
} as const;

const T = SCHEDULE_ACTION_TEXTS;

const id = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(ID_MAX, { error: message });
const nullableId = (message: string) => z.union([z.null(), id(message)], { error: message });

/** unknown keys are refused (a typo would otherwise be a field that silently does nothing) */
const unknownKeys = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `${T.unknownField}: ${(iss.keys ?? []).join(', ')}` : undefined;

/** sendMessage: `{ ticketId | number, body, whatsappId? }` — through the outbound seam */
export const SendMessageActionData = z
  .strictObject(
    {
      ticketId: id(T.ticketId).optional(),
      number: z
        .string({ error: T.number })
        .transform((s) => normalizeNumber(s))
        .refine((n) => n.length >= 8 && n.length <= 20, { error: T.number })
        .optional(),
      body: z
        .string({ error: T.body })
        .refine((s) => s.trim().length > 0, { error: T.body })
        .refine((s) => s.length <= SCHEDULE_ACTION_BODY_MAX, { error: T.bodyMax }),
      whatsappId: id(T.whatsappId).optional(),
    },
    { error: unknownKeys },
  )
  .superRefine((v, ctx) => {
    if (v.ticketId === undefined && v.number === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ticketId'], message: T.ticketOrNumber });
    } else if (v.ticketId !== undefined && v.number !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: T.ticketAndNumber });
    } else if (v.ticketId !== undefined && v.whatsappId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['whatsappId'], message: T.whatsappWithTicket });
    }
  });
export type SendMessageActionData = z.output<typeof SendMessageActionData>;

/** updateTicket: `{ ticketId, status?, queueId?, userId? }` — one move of the ticket machine */
export const UpdateTicketActionData = z
  .strictObject(
    {
      ticketId: id(T.ticketId),
      status: z.enum(['open', 'pending', 'closed'], { error: T.status }).optional(),
      queueId: nullableId(T.queueId).optional(),
      userId: nullableId(T.userId).optional(),
    },
    { error: unknownKeys },
  )
  .refine((v) => v.status !== undefined || v.queueId !== undefined || v.userId !== undefined, {
    error: T.noChange,
    path: ['status'],
  });
export type UpdateTicketActionData = z.output<typeof UpdateTicketActionData>;

/** updateCampaign: `{ campaignId, status }` — start, pause or finalize (POST /CampaignProcess's actions) */
export const CAMPAIGN_ACTION_STATUSES = ['start', 'pause', 'finalized'] as const;
export const UpdateCampaignActionData = z.strictObject(
  {
    campaignId: id(T.campaignId),
    status: z.enum(CAMPAIGN_ACTION_STATUSES, { error: T.campaignStatus }),
  },
  { error: unknownKeys },
);
export type UpdateCampaignActionData = z.output<typeof UpdateCampaignActionData>;

/** test: any JSON object; `{ "fail": "reason" }` makes the run fail with that reason */
export const TestActionData = z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  if ('fail' in v && (typeof v.fail !== 'string' || v.fail.trim() === '')) {
    ctx.addIssue({ code: 'custom', path: ['fail'], message: T.testFail });
  }
});
export type TestActionData = z.output<typeof TestActionData>;

export const SCHEDULE_ACTION_DATA = {
  sendMessage: SendMessageActionData,
  updateTicket: UpdateTicketActionData,
  updateCampaign: UpdateCampaignActionData,
  test: TestActionData,
} as const satisfies Record<ScheduleActionName, z.ZodType>;

export type ScheduleActionData = {
  sendMessage: SendMessageActionData;
  updateTicket: UpdateTicketActionData;
  updateCampaign: UpdateCampaignActionData;
  test: TestActionData;
};

/** The example the form fills in when the action changes (valid data for the action; ids are placeholders). */
export const SCHEDULE_ACTION_EXAMPLES: Record<ScheduleActionName, Record<string, unknown>> = {
  sendMessage: { ticketId: 1, body: 'Olá! Esta mensagem foi agendada.' },
  updateTicket: { ticketId: 1, status: 'closed' },
  updateCampaign: { campaignId: 1, status: 'start' },
  test: { hello: 'world' },
};

const Delay = z
  .union([z.number({ error: T.delayNumber }), z.string({ error: T.delayNumber })], { error: T.delayNumber })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return 0;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: T.delayNumber });
      return z.NEVER;
    }
    return n;
  })
  .pipe(
    z
      .number()
      .min(0, { error: T.delayMin })
      .max(SCHEDULE_ACTION_DELAY_MAX_MS, { error: T.delayMax })
      .refine((n) => n % SCHEDULE_ACTION_DELAY_STEP_MS === 0, { error: T.delayStep }),
  );

/** jsonData: a JSON object, or its text (what a JSON editor holds) */
const JsonData = z.unknown().transform((v, ctx) => {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: T.jsonInvalid });
      return z.NEVER;
    }
  }
  if (value === undefined) value = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: T.jsonObject });
    return z.NEVER;
  }
  if (JSON.stringify(value).length > SCHEDULE_ACTION_DATA_MAX_CHARS) {
    ctx.addIssue({ code: 'custom', message: T.jsonTooLarge });
    return z.NEVER;
  }
  return value as Record<string, unknown>;
});

/** POST /scheduleActions (action, jsonData, delay, name): jsonData is checked against the action's own schema. */
export const CreateScheduleAction = z
  .object({
    action: z.enum(SCHEDULE_ACTIONS, { error: T.action }),
    jsonData: JsonData,
    delay: Delay,
    name: z
      .union([z.string(), z.null()], { error: T.name })
      .optional()
      .transform((s) => (s ?? '').trim() || null)
      .refine((s) => s === null || s.length <= SCHEDULE_ACTION_NAME_MAX, { error: T.name }),
  })
  .transform((v, ctx) => {
    const parsed = SCHEDULE_ACTION_DATA[v.action].safeParse(v.jsonData);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['jsonData', ...issue.path.map(String)], message: issue.message });
      }
      return z.NEVER;
    }
    return { action: v.action, data: parsed.data as Record<string, unknown>, delay: v.delay, name: v.name };
  });
export type CreateScheduleAction = z.output<typeof CreateScheduleAction>;

/** spec 2 §3 "Scheduled action job", as GET /scheduleActions answers it; `name` is the action, `label` the form's name */
export type ScheduleActionJobDto = {
  id: string;
  name: ScheduleActionName;
  label: string | null;
  timestamp: number;
  processedOn: number | null;
  finishedOn: number | null;
  failedReason: string | null;
  attemptsMade: number;
  opts: { attempts: number; delay: number; backoff?: { type: 'fixed' | 'exponential'; delay: number } };
  data: Record<string, unknown>;
};

/** SSE `scheduleAction-{companyId}` (administrators only) */
export type ScheduleActionEvent =
  | { action: 'create' | 'update'; job: ScheduleActionJobDto }
  | { action: 'delete'; jobId: string }
  | { action: 'deleteAll' };

export type ScheduleActionCardState = 'failed' | 'finished' | 'waiting';

/** spec 2 §4: failed (has a failure reason), finished (has a finished time), otherwise waiting. */
export function scheduleActionCardState(
  job: Pick<ScheduleActionJobDto, 'failedReason' | 'finishedOn'>,
): ScheduleActionCardState {
  if (job.failedReason) return 'failed';
  if (job.finishedOn !== null && job.finishedOn !== undefined) return 'finished';
  return 'waiting';
}

/** spec 2 §2: expected execution time = creation plus delay (ms). */
export function scheduleActionExpectedAt(job: Pick<ScheduleActionJobDto, 'timestamp' | 'opts'>): number {
  return job.timestamp + (job.opts.delay ?? 0);
}
