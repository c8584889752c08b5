/**
 * The free trial of a self-subscribed company (spec 3 §2 public sign-up, §9): 15 days, no card. What happens at its
 * end (docs/DECISIONS.md "SaaS core rules"): nothing is cut at the end itself — the company stays active and the
 * billing area (issue 21) issues its first invoice for the chosen plan and period, due on the trial's last day.
 * The company is deactivated (the same effect as the master's 'Empresa Ativada' switch) only when an invoice stays
 * unpaid OVERDUE_GRACE_DAYS after its due date; paying reactivates it. The clock is injected (ms).
 */
export const TRIAL_DAYS = 15;
export const OVERDUE_GRACE_DAYS = 5;
const DAY_MS = 86_400_000;

/** End of a trial started at `startMs`: the same instant, 15 days later. */
export function trialEndsAt(startMs: number): Date {
  return new Date(startMs + TRIAL_DAYS * DAY_MS);
}

export type TrialState =
  | { state: 'none' }
  | { state: 'trial'; endsAt: string; daysLeft: number }
  | { state: 'ended'; endsAt: string };

/** A company's trial at `nowMs`; daysLeft counts a started day as a whole one (15 on day one, 1 on the last). */
export function trialState(endsAt: Date | string | null | undefined, nowMs: number): TrialState {
  if (!endsAt) return { state: 'none' };
  const end = new Date(endsAt).getTime();
  const iso = new Date(end).toISOString();
  if (nowMs >= end) return { state: 'ended', endsAt: iso };
  return { state: 'trial', endsAt: iso, daysLeft: Math.ceil((end - nowMs) / DAY_MS) };
}

/** The due date of the first invoice after a trial (issue 21 issues it): the trial's end. */
export function firstInvoiceDueDate(trialEnd: Date | string): Date {
  return new Date(trialEnd);
}

export type InvoiceForBlocking = { status: 'PENDING' | 'OVERDUE' | 'RECEIVED' | 'CONFIRMED'; dueDate: Date | string };

/**
 * Whether billing must deactivate the company now: an unpaid (PENDING or OVERDUE) invoice whose due date is more
 * than OVERDUE_GRACE_DAYS behind. A trial alone never blocks.
 */
export function billingBlocks(invoices: readonly InvoiceForBlocking[], nowMs: number): boolean {
  return invoices.some(
    (i) =>
      (i.status === 'PENDING' || i.status === 'OVERDUE') &&
      nowMs > new Date(i.dueDate).getTime() + OVERDUE_GRACE_DAYS * DAY_MS,
  );
}
