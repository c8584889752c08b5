/**
 * Invoices (spec 3 §3 Invoice, §4 invoice status; issue 21). Pure: the caller gives "today" (a calendar day in the
 * platform's time zone, from the shared clock) and the stored invoices; the rules answer the periods, values, due
 * dates, the status moves and what billing does to a company whose invoice stays unpaid.
 *
 * Days are calendar days written `YYYY-MM-DD` (the spec's dates are shown DD/MM/YYYY; an invoice's period and due
 * date have no time of day). Money is integer cents inside.
 *
 * The cycle (docs/DECISIONS.md "Billing: invoices and payment gateway"):
 * - A period of N months (recurrence 1, 3, 6, 12) starts on its first day and ends the day before the next one
 *   starts; periods follow each other without gap or overlap, anchored on the first period's start (a period that
 *   starts on the 31st starts on the last day of shorter months, then on the 31st again).
 * - An invoice is paid in advance: its due date is its period's first day. The first period starts at the trial's end
 *   (`core/src/saas/trial.ts`: the first invoice is due on the trial's last day), else on the day automatic billing
 *   first sees the company.
 * - The automatic invoice of a period is created `daysBefore` days before the period starts (a setting, default 10);
 *   a period whose start already passed (billing was off, the job did not run) is not billed backwards: the next
 *   period then starts today.
 * - PENDING → OVERDUE the day after the due date; PENDING or OVERDUE → RECEIVED / CONFIRMED when paid (the gateway's
 *   words: RECEIVED money received, CONFIRMED payment confirmed, e.g. a card; either counts as paid and a CONFIRMED one
 *   may later become RECEIVED). Nothing else moves.
 * - Grace: a company with an unpaid invoice more than `graceDays` (default 5) days past its due date is deactivated
 *   by billing; once none is left (paid, or deleted by the master) a company billing deactivated is reactivated.
 */
import { ok, type Result, refuse } from '../errors';
import { type BillingType, MONTHS_OF, type PlanPrices, periodPrice, type Recurrence } from '../saas/plan-prices';
import { OVERDUE_GRACE_DAYS } from '../saas/trial';

export const INVOICE_STATUSES = ['PENDING', 'OVERDUE', 'RECEIVED', 'CONFIRMED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_MONTHS = [1, 3, 6, 12] as const;
export type InvoiceMonths = (typeof INVOICE_MONTHS)[number];

/** Defaults of the billing settings (shown to and changed by the master: GET/PUT /billing/settings). */
export const BILLING_DEFAULTS = {
  /** days an invoice may stay unpaid after its due date before billing deactivates the company */
  graceDays: OVERDUE_GRACE_DAYS,
  /** days before a period starts that its automatic invoice is created */
  invoiceDaysBefore: 10,
} as const;
export const BILLING_SETTING_MAX_DAYS = 60;

/** A calendar day `YYYY-MM-DD`. */
export type IsoDay = string;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const toUtc = (day: IsoDay): number => {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(+m[1], +m[2] - 1, +m[3]);
};
const fromUtc = (ms: number): IsoDay => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export function addDaysToDay(day: IsoDay, n: number): IsoDay {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** `day` + n months, on the same day of the month or the month's last day when it is shorter. */
export function addMonthsToDay(day: IsoDay, n: number): IsoDay {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const total = +m[1] * 12 + (+m[2] - 1) + n;
  const y = Math.floor(total / 12);
  const mo = total - y * 12;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(y, mo, Math.min(+m[3], last)));
}

/** The calendar day of an instant in a time zone (the platform's: America/Sao_Paulo). */
export function dayIn(ms: number, timeZone: string): IsoDay {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const monthsOfRecurrence = (r: Recurrence | string): InvoiceMonths => MONTHS_OF[r as Recurrence] ?? 3;

/** What a recurrence input may say: months (1, 3, 6, 12) or the plan's words (month1…months12). */
export const MONTHS_OF_INPUT: Record<string, InvoiceMonths | undefined> = {
  '1': 1,
  '3': 3,
  '6': 6,
  '12': 12,
  month1: 1,
  months3: 3,
  months6: 6,
  months12: 12,
};

export function recurrenceOfMonths(months: InvoiceMonths): Recurrence {
  return months === 1 ? 'month1' : months === 3 ? 'months3' : months === 6 ? 'months6' : 'months12';
}

export type InvoicePeriod = { startInvoicePeriod: IsoDay; endInvoicePeriod: IsoDay; dueDate: IsoDay };

/**
 * The `index`-th period (0 = the first) of a cycle anchored on `anchor`: periods are counted from the anchor, so the
 * day of the month never drifts (31 Jan, 28 Feb, 31 Mar…).
 */
export function nthPeriod(anchor: IsoDay, months: InvoiceMonths, index: number): InvoicePeriod {
  const start = addMonthsToDay(anchor, index * months);
  const end = addDaysToDay(addMonthsToDay(anchor, (index + 1) * months), -1);
  return { startInvoicePeriod: start, endInvoicePeriod: end, dueDate: start };
}

/** The period of `months` starting on `start` (a manual invoice, or the period after the last one). */
export function periodFrom(start: IsoDay, months: InvoiceMonths): InvoicePeriod {
  return nthPeriod(start, months, 0);
}

/** What a period costs, in cents: the plan's monthly price for that recurrence × its months. */
export function invoiceValueCents(plan: PlanPrices, months: InvoiceMonths): number {
  return periodPrice(plan, recurrenceOfMonths(months)).total;
}

/** The first day billed for a company: the trial's end day when it has a trial, else `today`. */
export function firstPeriodStart(opts: { trialEndsAtMs: number | null; today: IsoDay; timeZone: string }): IsoDay {
  return opts.trialEndsAtMs === null ? opts.today : dayIn(opts.trialEndsAtMs, opts.timeZone);
}

export type InvoiceForCycle = {
  startInvoicePeriod: IsoDay;
  endInvoicePeriod: IsoDay;
  status: InvoiceStatus;
  dueDate: IsoDay;
};

/**
 * The automatic invoice due today for a company, or null. The next period starts the day after the latest period
 * billed (or on `firstStart` when nothing was billed); it is created once today is within `daysBefore` days of its
 * start. A start already behind today is moved to today (no billing backwards). Idempotent: with the invoice it
 * answered stored, the next call answers the period after it (created only when its own day comes).
 */
export function nextAutomaticInvoice(opts: {
  invoices: readonly InvoiceForCycle[];
  firstStart: IsoDay;
  months: InvoiceMonths;
  today: IsoDay;
  daysBefore: number;
}): InvoicePeriod | null {
  let lastEnd: IsoDay | null = null;
  for (const i of opts.invoices) if (lastEnd === null || i.endInvoicePeriod > lastEnd) lastEnd = i.endInvoicePeriod;
  let start = lastEnd === null ? opts.firstStart : addDaysToDay(lastEnd, 1);
  if (start < opts.today) start = opts.today;
  if (daysBetween(opts.today, start) > opts.daysBefore) return null;
  return periodFrom(start, opts.months);
}

// ---------- status moves

export type InvoiceMove = 'overdue' | 'received' | 'confirmed';

const MOVES: Record<InvoiceStatus, Partial<Record<InvoiceMove, InvoiceStatus>>> = {
  PENDING: { overdue: 'OVERDUE', received: 'RECEIVED', confirmed: 'CONFIRMED' },
  OVERDUE: { received: 'RECEIVED', confirmed: 'CONFIRMED' },
  CONFIRMED: { received: 'RECEIVED' },
  RECEIVED: {},
};

export const isPaid = (s: InvoiceStatus): boolean => s === 'RECEIVED' || s === 'CONFIRMED';
export const isUnpaid = (s: InvoiceStatus): boolean => s === 'PENDING' || s === 'OVERDUE';

/**
 * The status an invoice takes for a move, or a refusal (the caller answers 409/ignores it). `overdue` needs today
 * past the due date.
 */
export function moveInvoice(
  inv: { status: InvoiceStatus; dueDate: IsoDay },
  move: InvoiceMove,
  today: IsoDay,
): Result<InvoiceStatus, 'ERR_VALIDATION'> {
  const to = MOVES[inv.status][move];
  if (!to) return refuse('ERR_VALIDATION', `Fatura ${inv.status}: ${move} não se aplica.`);
  if (move === 'overdue' && !(today > inv.dueDate)) return refuse('ERR_VALIDATION', 'A fatura ainda não venceu.');
  return ok(to);
}

/** Whether the invoice must move to OVERDUE today (PENDING and its due date behind). */
export const becomesOverdue = (inv: { status: InvoiceStatus; dueDate: IsoDay }, today: IsoDay): boolean =>
  inv.status === 'PENDING' && today > inv.dueDate;

/** Only a PENDING invoice may be deleted (spec 3 §4: the master deletes a pending invoice). */
export const canDeleteInvoice = (s: InvoiceStatus): boolean => s === 'PENDING';

/** The gateway's payment status → the invoice's move (null: not a payment; nothing changes). */
export function moveOfGatewayStatus(status: string): InvoiceMove | null {
  switch (status) {
    case 'RECEIVED':
    case 'RECEIVED_IN_CASH':
      return 'received';
    case 'CONFIRMED':
      return 'confirmed';
    case 'OVERDUE':
      return 'overdue';
    default:
      return null;
  }
}

// ---------- grace

/** Days an unpaid invoice is past its due date (0 when not due yet or paid). */
export function daysOverdue(inv: { status: InvoiceStatus; dueDate: IsoDay }, today: IsoDay): number {
  if (!isUnpaid(inv.status)) return 0;
  return Math.max(0, daysBetween(inv.dueDate, today));
}

/** Whether billing keeps the company out of service: an unpaid invoice more than `graceDays` past its due date. */
export function graceExceeded(
  invoices: readonly { status: InvoiceStatus; dueDate: IsoDay }[],
  today: IsoDay,
  graceDays: number,
): boolean {
  return invoices.some((i) => daysOverdue(i, today) > graceDays);
}

export type BillingCompanyAction = 'deactivate' | 'reactivate' | null;

/**
 * What billing does to a company today: deactivate it when the grace is exceeded and it is active; reactivate it when
 * the grace is no longer exceeded and billing (not the master) is what turned it off.
 */
export function billingCompanyAction(opts: {
  invoices: readonly { status: InvoiceStatus; dueDate: IsoDay }[];
  today: IsoDay;
  graceDays: number;
  active: boolean;
  blockedByBilling: boolean;
}): BillingCompanyAction {
  const blocks = graceExceeded(opts.invoices, opts.today, opts.graceDays);
  if (blocks && opts.active) return 'deactivate';
  if (!blocks && !opts.active && opts.blockedByBilling) return 'reactivate';
  return null;
}

export type { BillingType };
