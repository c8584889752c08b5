import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { ManualInvoiceInput } from './invoice.schemas';
import {
  addDaysToDay,
  addMonthsToDay,
  BILLING_DEFAULTS,
  becomesOverdue,
  billingCompanyAction,
  canDeleteInvoice,
  dayIn,
  daysBetween,
  firstPeriodStart,
  graceExceeded,
  INVOICE_MONTHS,
  type InvoiceForCycle,
  type InvoiceMonths,
  type InvoiceStatus,
  invoiceValueCents,
  isIsoDay,
  moveInvoice,
  moveOfGatewayStatus,
  nextAutomaticInvoice,
  nthPeriod,
} from './invoices';

const PLAN = { value1Month: '100,00', value3Months: 90, value6Months: '80.00', value12Months: 70 };

describe('calendar days', () => {
  test('months keep the anchor day, clamped to short months', () => {
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsToDay('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonthsToDay('2026-03-31', -1)).toBe('2026-02-28');
    expect(addDaysToDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });

  test('the day of an instant in São Paulo (UTC-3)', () => {
    expect(dayIn(Date.UTC(2026, 10, 28, 2, 0), 'America/Sao_Paulo')).toBe('2026-11-27');
    expect(dayIn(Date.UTC(2026, 10, 28, 3, 0), 'America/Sao_Paulo')).toBe('2026-11-28');
  });

  test('isIsoDay', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('28/02/2026')).toBe(false);
  });
});

describe('periods and values', () => {
  test('consecutive periods neither overlap nor leave gaps (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...INVOICE_MONTHS),
        fc.integer({ min: 0, max: 30 }),
        (ms, months, index) => {
          const anchor = new Date(ms).toISOString().slice(0, 10);
          const a = nthPeriod(anchor, months, index);
          const b = nthPeriod(anchor, months, index + 1);
          expect(addDaysToDay(a.endInvoicePeriod, 1)).toBe(b.startInvoicePeriod);
          expect(a.dueDate).toBe(a.startInvoicePeriod);
          const len = daysBetween(a.startInvoicePeriod, a.endInvoicePeriod) + 1;
          expect(len).toBeGreaterThanOrEqual(28 * months);
          expect(len).toBeLessThanOrEqual(31 * months + 1);
        },
      ),
    );
  });

  test('value: the monthly price of the recurrence × its months', () => {
    expect(invoiceValueCents(PLAN, 1)).toBe(10_000);
    expect(invoiceValueCents(PLAN, 3)).toBe(27_000);
    expect(invoiceValueCents(PLAN, 6)).toBe(48_000);
    expect(invoiceValueCents(PLAN, 12)).toBe(84_000);
  });

  test("the first period starts on the trial's end day (first invoice due on the trial's last day)", () => {
    const trialEnd = Date.UTC(2026, 0, 20, 14, 0);
    expect(firstPeriodStart({ trialEndsAtMs: trialEnd, today: '2026-01-05', timeZone: 'America/Sao_Paulo' })).toBe(
      '2026-01-20',
    );
    expect(firstPeriodStart({ trialEndsAtMs: null, today: '2026-01-05', timeZone: 'America/Sao_Paulo' })).toBe(
      '2026-01-05',
    );
  });
});

type SimInvoice = InvoiceForCycle & { createdOn: string; paidOn?: string };

/**
 * A simulated year, one call a day as the daily job makes it: automatic invoices, overdue moves, grace. `payAfter`
 * days after its due date each invoice is paid (null: never).
 */
function simulateYear(opts: {
  months: InvoiceMonths;
  start: string;
  firstStart: string;
  daysBefore: number;
  graceDays: number;
  payAfter: (index: number) => number | null;
}) {
  const invoices: SimInvoice[] = [];
  let active = true;
  let blockedByBilling = false;
  const log: string[] = [];
  for (let d = 0; d < 366; d++) {
    const today = addDaysToDay(opts.start, d);
    const next = nextAutomaticInvoice({
      invoices,
      firstStart: opts.firstStart,
      months: opts.months,
      today,
      daysBefore: opts.daysBefore,
    });
    if (next) {
      invoices.push({ ...next, status: 'PENDING', createdOn: today });
      // the same day again changes nothing (idempotent)
      const again = nextAutomaticInvoice({
        invoices,
        firstStart: opts.firstStart,
        months: opts.months,
        today,
        daysBefore: opts.daysBefore,
      });
      expect(again).toBeNull();
    }
    // payments of the day (after the job's creation run)
    invoices.forEach((inv, i) => {
      const after = opts.payAfter(i);
      if (after !== null && inv.status !== 'RECEIVED' && daysBetween(inv.dueDate, today) === after) {
        const r = moveInvoice(inv, 'received', today);
        if (r.ok) {
          inv.status = r.value;
          inv.paidOn = today;
        }
      }
    });
    for (const inv of invoices) if (becomesOverdue(inv, today)) inv.status = 'OVERDUE';
    const action = billingCompanyAction({ invoices, today, graceDays: opts.graceDays, active, blockedByBilling });
    if (action === 'deactivate') {
      active = false;
      blockedByBilling = true;
      log.push(`${today} off`);
    } else if (action === 'reactivate') {
      active = true;
      blockedByBilling = false;
      log.push(`${today} on`);
    }
  }
  return { invoices, log, active };
}

describe('a simulated year', () => {
  for (const months of INVOICE_MONTHS) {
    test(`recurrence ${months}: one invoice per period, created ${BILLING_DEFAULTS.invoiceDaysBefore} days before, due on its first day`, () => {
      const { invoices, log } = simulateYear({
        months,
        start: '2026-01-05',
        firstStart: '2026-01-20',
        daysBefore: BILLING_DEFAULTS.invoiceDaysBefore,
        graceDays: BILLING_DEFAULTS.graceDays,
        payAfter: () => 0,
      });
      // periods of the year from the trial's end, plus the one created within the lead at the year's end
      const expected: string[] = [];
      for (let k = 0; ; k++) {
        const p = nthPeriod('2026-01-20', months, k);
        if (addDaysToDay(p.startInvoicePeriod, -BILLING_DEFAULTS.invoiceDaysBefore) > addDaysToDay('2026-01-05', 365))
          break;
        expected.push(p.startInvoicePeriod);
      }
      expect(invoices.map((i) => i.startInvoicePeriod)).toEqual(expected);
      expect(invoices.length).toBe(12 / months);
      invoices.forEach((inv, k) => {
        expect(inv).toMatchObject(nthPeriod('2026-01-20', months, k));
        // the first one as soon as the company is seen (its start is within the lead), the others 10 days before
        const created = k === 0 ? '2026-01-10' : addDaysToDay(inv.startInvoicePeriod, -10);
        expect(inv.createdOn).toBe(created);
        expect(inv.status).toBe('RECEIVED');
      });
      expect(log).toEqual([]);
    });
  }

  test('an unpaid invoice: OVERDUE the day after its due date, company off after the grace, on again when paid', () => {
    const { invoices, log, active } = simulateYear({
      months: 1,
      start: '2026-01-01',
      firstStart: '2026-01-01',
      daysBefore: 10,
      graceDays: 5,
      // the third invoice (due 2026-03-01) is paid 9 days late; the others on time
      payAfter: (i) => (i === 2 ? 9 : 0),
    });
    expect(invoices[2]).toMatchObject({ dueDate: '2026-03-01', status: 'RECEIVED', paidOn: '2026-03-10' });
    // grace 5: still active 5 days after (03-06), off on the 6th day past due (03-07), on when paid (03-10)
    expect(log).toEqual(['2026-03-07 off', '2026-03-10 on']);
    expect(active).toBe(true);
  });

  test('never paid: off after the grace and stays off; the cycle goes on billing', () => {
    const { invoices, log } = simulateYear({
      months: 3,
      start: '2026-01-01',
      firstStart: '2026-01-15',
      daysBefore: 10,
      graceDays: 5,
      payAfter: () => null,
    });
    expect(log).toEqual(['2026-01-21 off']);
    expect(invoices.every((i) => i.status === 'OVERDUE' || i.startInvoicePeriod >= '2026-12-31')).toBe(true);
  });
});

describe('status moves', () => {
  const inv = (status: InvoiceStatus, dueDate = '2026-03-01') => ({ status, dueDate });
  test('PENDING → OVERDUE only after the due date', () => {
    expect(moveInvoice(inv('PENDING'), 'overdue', '2026-03-01').ok).toBe(false);
    expect(moveInvoice(inv('PENDING'), 'overdue', '2026-03-02')).toEqual({ ok: true, value: 'OVERDUE' });
    expect(becomesOverdue(inv('PENDING'), '2026-03-01')).toBe(false);
    expect(becomesOverdue(inv('PENDING'), '2026-03-02')).toBe(true);
    expect(becomesOverdue(inv('RECEIVED'), '2026-04-02')).toBe(false);
  });
  test('paid from PENDING or OVERDUE; CONFIRMED may become RECEIVED; nothing leaves RECEIVED', () => {
    for (const from of ['PENDING', 'OVERDUE'] as const) {
      expect(moveInvoice(inv(from), 'received', '2026-01-01')).toEqual({ ok: true, value: 'RECEIVED' });
      expect(moveInvoice(inv(from), 'confirmed', '2026-01-01')).toEqual({ ok: true, value: 'CONFIRMED' });
    }
    expect(moveInvoice(inv('CONFIRMED'), 'received', '2026-01-01')).toEqual({ ok: true, value: 'RECEIVED' });
    expect(moveInvoice(inv('CONFIRMED'), 'overdue', '2026-05-01').ok).toBe(false);
    for (const m of ['overdue', 'received', 'confirmed'] as const) {
      expect(moveInvoice(inv('RECEIVED'), m, '2026-05-01').ok).toBe(false);
    }
    expect(moveInvoice(inv('OVERDUE'), 'overdue', '2026-05-01').ok).toBe(false);
  });
  test('a paid invoice never goes back to unpaid (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('overdue', 'received', 'confirmed' as const), { maxLength: 8 }), (moves) => {
        let s: InvoiceStatus = 'PENDING';
        let paid = false;
        for (const m of moves) {
          const r = moveInvoice({ status: s, dueDate: '2026-01-01' }, m as 'overdue', '2026-02-01');
          if (r.ok) s = r.value;
          if (s === 'RECEIVED' || s === 'CONFIRMED') paid = true;
          if (paid) expect(s === 'RECEIVED' || s === 'CONFIRMED').toBe(true);
        }
      }),
    );
  });
  test('only PENDING may be deleted; gateway statuses', () => {
    expect(canDeleteInvoice('PENDING')).toBe(true);
    for (const s of ['OVERDUE', 'RECEIVED', 'CONFIRMED'] as const) expect(canDeleteInvoice(s)).toBe(false);
    expect(moveOfGatewayStatus('RECEIVED')).toBe('received');
    expect(moveOfGatewayStatus('RECEIVED_IN_CASH')).toBe('received');
    expect(moveOfGatewayStatus('CONFIRMED')).toBe('confirmed');
    expect(moveOfGatewayStatus('PENDING')).toBeNull();
  });
});

describe('grace', () => {
  test('exceeded only by an unpaid invoice more than graceDays past due', () => {
    const due = '2026-03-01';
    expect(graceExceeded([{ status: 'OVERDUE', dueDate: due }], '2026-03-06', 5)).toBe(false);
    expect(graceExceeded([{ status: 'OVERDUE', dueDate: due }], '2026-03-07', 5)).toBe(true);
    expect(graceExceeded([{ status: 'RECEIVED', dueDate: due }], '2026-04-07', 5)).toBe(false);
    expect(graceExceeded([{ status: 'OVERDUE', dueDate: due }], '2026-03-02', 0)).toBe(true);
  });
  test('the master turned it off: billing does not turn it on', () => {
    expect(
      billingCompanyAction({ invoices: [], today: '2026-01-01', graceDays: 5, active: false, blockedByBilling: false }),
    ).toBeNull();
    expect(
      billingCompanyAction({ invoices: [], today: '2026-01-01', graceDays: 5, active: false, blockedByBilling: true }),
    ).toBe('reactivate');
  });
});

describe('manual invoice body', () => {
  test('recurrence in months or plan words, value in reais, day', () => {
    expect(ManualInvoiceInput.parse({ recurrence: 'months6', value: '1.234,56', dueDate: '2026-02-03' })).toEqual({
      recurrence: 6,
      value: 123_456,
      dueDate: '2026-02-03',
    });
    expect(ManualInvoiceInput.parse({ recurrence: 12, value: 99.9 })).toEqual({ recurrence: 12, value: 9990 });
    expect(ManualInvoiceInput.safeParse({ recurrence: 2 }).success).toBe(false);
    expect(ManualInvoiceInput.safeParse({ dueDate: '2026-02-30' }).success).toBe(false);
    expect(ManualInvoiceInput.safeParse({ value: -1 }).success).toBe(false);
    expect(ManualInvoiceInput.safeParse({ billingType: 'CASH' }).success).toBe(false);
  });
});
