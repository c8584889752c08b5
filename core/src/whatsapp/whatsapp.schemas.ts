import { z } from 'zod';
import { ok, type Result, refuse } from '../errors';
import { ID_MAX } from '../ids/ids';

export const CONNECTION_TEXT = {
  importAfterNow: 'A data de importação não pode ser posterior a agora.',
  recentBeforeOld: 'A data final da importação não pode ser anterior à data inicial.',
  importNeedsBoth: 'Informe as datas inicial e final da importação.',
  invalidDate: 'Data inválida.',
  simulatorDisabled: 'O simulador está desativado neste servidor.',
  invalidQueue: 'Fila inválida.',
} as const;

/** '' (an empty form field) and null mean "no date" */
const optionalDate = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.union([z.null(), z.coerce.date({ error: CONNECTION_TEXT.invalidDate })]).optional(),
);
const optionalText = z.preprocess((v) => (v === null ? '' : v), z.string().max(10_000, 'Too Long!').optional());

/** Connection add/edit (spec 1 §3, §5, §7). Every field optional on edit; name required on create. */
export const WhatsappFields = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  greetingMessage: optionalText,
  farewellMessage: optionalText,
  isDefault: z.boolean().optional(),
  disableGroupMessages: z.boolean().optional(),
  lib: z.enum(['baileys', 'simulator'], { error: 'lib deve ser baileys ou simulator.' }).optional(),
  queueIds: z.array(z.number().int().positive().max(ID_MAX)).max(200).optional(),
  /** SaaS notification centre (master only) */
  saasNotificationCenter: z.boolean().optional(),
  importOldMessages: optionalDate,
  importRecentMessages: optionalDate,
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
});
export const CreateWhatsapp = WhatsappFields;
export type CreateWhatsapp = z.infer<typeof CreateWhatsapp>;
export const UpdateWhatsapp = WhatsappFields.partial();
export type UpdateWhatsapp = z.infer<typeof UpdateWhatsapp>;

/**
 * Spec 1 §5: import dates cannot be after now; the recent (end) date cannot precede the old (start) date.
 * Both or neither: an import needs a range.
 */
export function checkImportDates(
  old: Date | null | undefined,
  recent: Date | null | undefined,
  now: Date,
): Result<{ from: Date; to: Date } | null, 'ERR_VALIDATION'> {
  if (!old && !recent) return ok(null);
  if (!old || !recent) return refuse('ERR_VALIDATION', CONNECTION_TEXT.importNeedsBoth);
  if (old.getTime() > now.getTime() || recent.getTime() > now.getTime()) {
    return refuse('ERR_VALIDATION', CONNECTION_TEXT.importAfterNow);
  }
  if (recent.getTime() < old.getTime()) return refuse('ERR_VALIDATION', CONNECTION_TEXT.recentBeforeOld);
  return ok({ from: old, to: recent });
}

/** A connection that routes to more than one queue must greet (the greeting lists the queues). */
export function checkGreeting(
  queueCount: number,
  greeting: string | null | undefined,
): Result<true, 'ERR_WAPP_GREETING_REQUIRED'> {
  if (queueCount > 1 && !greeting?.trim()) return refuse('ERR_WAPP_GREETING_REQUIRED');
  return ok(true);
}

/** Plan limit: `numberConections` connections per company. */
export function checkConnectionLimit(current: number, limit: number): Result<true, 'ERR_NO_LIMIT_WHATSAPP'> {
  if (current >= limit) return refuse('ERR_NO_LIMIT_WHATSAPP');
  return ok(true);
}

/** Connection states that need attention (the drawer's '!' badge, spec 1 §2). */
export const ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export type WhatsappDto = {
  id: number;
  name: string;
  whatsappNumber: string | null;
  status: string;
  /** only for administrators; null otherwise */
  qrcode: string | null;
  retries: number;
  isDefault: boolean;
  lib: 'baileys' | 'simulator';
  greetingMessage: string;
  farewellMessage: string;
  disableGroupMessages: boolean;
  queueIds: number[];
  queues: { id: number; name: string; color: string }[];
  companyId: number;
  company: { id: number; name: string };
  saasNotificationCenter: boolean;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  /** null, 'preparing', 'running', 'renderButtonCloseTickets' (import done, imported tickets may be closed) */
  statusImportMessages: string | null;
  createdAt: string;
  updatedAt: string;
};

/** SSE `whatsapp-{companyId}` (every user: no session data) */
export type WhatsappEvent = { action: 'update'; whatsapp: WhatsappDto } | { action: 'delete'; whatsappId: number };
/** SSE `whatsapp` */
export type WhatsappDeleteEvent = { action: 'delete'; whatsappId: number };
/**
 * SSE `whatsappSession` (administrators): the connection with its session data, or a session that ended without
 * anyone asking. `reason` is a short machine code (`logout`, `forbidden`, `connectionReplaced`, `qrTimeout`,
 * `startFailed`…); the web words it.
 */
export type WhatsappSessionEvent =
  | { action: 'update'; session: WhatsappDto }
  | { action: 'error'; whatsappId: number; name: string; reason: string };
/** Progress of a history import. */
export type ImportMessagesStatus = {
  this: number;
  all: number;
  state: 'preparing' | 'running' | 'done' | 'failed';
  whatsappId: number;
};
/** SSE `importMessages-{companyId}` (administrators) */
export type ImportMessagesEvent = { action: 'update'; status: ImportMessagesStatus };
