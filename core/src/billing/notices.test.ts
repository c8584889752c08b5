import { describe, expect, test } from 'bun:test';
import { daysBetween } from './invoices';
import {
  addDays,
  kindsDueOn,
  localDay,
  missedDays,
  NOTICE_CATCH_UP_DAYS,
  NOTICE_DAYS_MAX,
  type NoticeInvoiceFacts,
  type NoticeKind,
  type NoticeSubscription,
  noticesDueOn,
  noticesWithCatchUp,
  SUBSCRIPTION_FLAG_DEFAULTS,
  SUBSCRIPTION_TEXTS,
  SubscriptionCreateInput,
  type SubscriptionFlags,
  SubscriptionUpdateInput,
} from './notices';

const sub = (over: Partial<NoticeSubscription> = {}): NoticeSubscription => ({
  ...SUBSCRIPTION_FLAG_DEFAULTS,
  email: 'financeiro@cliente.com.br',
  whatsapp: '5511988887777',
  whatsappVAlidatedNumber: 'valido',
  ...over,
});

/**
 * A simulated year: a monthly invoice created 10 days before each due date (the 10th), paid `paidAfter` days after
 * the due date (null: never). Every day of the year is asked; answers the days each notice went, per invoice.
 */
function simulateYear(flags: SubscriptionFlags, paidAfter: number | null, channel: 'whatsapp' | 'email' = 'email') {
  const invoices = Array.from({ length: 12 }, (_, i) => {
    const dueDay = `2026-${String(i + 1).padStart(2, '0')}-10`;
    return {
      id: i + 1,
      dueDay,
      createdDay: addDays(dueDay, -10),
      paidDay: paidAfter === null ? null : addDays(dueDay, paidAfter),
    };
  });
  const sent: { invoice: number; kind: NoticeKind; day: string }[] = [];
  for (let day = '2025-12-01'; day <= '2027-02-28'; day = addDays(day, 1)) {
    for (const inv of invoices) {
      if (day < inv.createdDay) continue;
      const paid = inv.paidDay !== null && day >= inv.paidDay;
      const facts: NoticeInvoiceFacts = {
        status: paid ? 'CONFIRMED' : day > inv.dueDay ? 'OVERDUE' : 'PENDING',
        dueDay: inv.dueDay,
        createdDay: inv.createdDay,
        paidDay: paid ? inv.paidDay : null,
      };
      for (const kind of kindsDueOn(day, facts, flags, channel)) sent.push({ invoice: inv.id, kind, day });
    }
  }
  return { invoices, sent };
}

const offsetsOf = (r: ReturnType<typeof simulateYear>, kind: NoticeKind) =>
  r.sent.filter((s) => s.kind === kind).map((s) => daysBetween(r.invoices[s.invoice - 1].dueDay, s.day));

describe('billing notices over a simulated year (issue 21 acceptance 1)', () => {
  test('defaults: created, 5 days before, due day, delayed (+1), 5 days after — each once per invoice; nothing after payment', () => {
    const r = simulateYear(SUBSCRIPTION_FLAG_DEFAULTS, null);
    for (const [kind, offset] of [
      ['created', -10],
      ['daysBefore', -5],
      ['dueDay', 0],
      ['delayed', 1],
      ['daysAfter', 5],
    ] as const) {
      expect(offsetsOf(r, kind)).toEqual(Array(12).fill(offset));
    }
    expect(offsetsOf(r, 'confirmed')).toEqual([]);
  });

  for (const ch of ['whatsapp', 'email'] as const) {
    const s = ch === 'whatsapp' ? 'Wp' : 'Email';
    test(`${ch}: every days-before setting (Desativado, 1–10)`, () => {
      for (let n = 0; n <= NOTICE_DAYS_MAX; n++) {
        const r = simulateYear({ ...SUBSCRIPTION_FLAG_DEFAULTS, [`invoiceDaysBeforeExpiration${s}`]: n }, null, ch);
        // the invoice is created 10 days before: a reminder 10 days before would be its creation day, not sent twice
        expect(offsetsOf(r, 'daysBefore')).toEqual(n === 0 || n >= 10 ? [] : Array(12).fill(-n));
      }
    });
    test(`${ch}: every days-after setting (Desativado, 1–10), with and without the delayed notice`, () => {
      for (const delayed of [true, false]) {
        for (let n = 0; n <= NOTICE_DAYS_MAX; n++) {
          const r = simulateYear(
            { ...SUBSCRIPTION_FLAG_DEFAULTS, [`invoiceDaysAfterExpiration${s}`]: n, [`delayedPayment${s}`]: delayed },
            null,
            ch,
          );
          expect(offsetsOf(r, 'daysAfter')).toEqual(n === 0 || (n === 1 && delayed) ? [] : Array(12).fill(n));
          expect(offsetsOf(r, 'delayed')).toEqual(delayed ? Array(12).fill(1) : []);
        }
      }
    });
    test(`${ch}: each boolean off silences its notice only`, () => {
      const pairs: [keyof SubscriptionFlags, NoticeKind][] = [
        [`invoiceCreated${s}` as keyof SubscriptionFlags, 'created'],
        [`invoiceDay${s}` as keyof SubscriptionFlags, 'dueDay'],
        [`delayedPayment${s}` as keyof SubscriptionFlags, 'delayed'],
        [`invoiceConfirmedPayment${s}` as keyof SubscriptionFlags, 'confirmed'],
      ];
      const on = simulateYear(SUBSCRIPTION_FLAG_DEFAULTS, 2, ch);
      for (const [field, kind] of pairs) {
        const off = simulateYear({ ...SUBSCRIPTION_FLAG_DEFAULTS, [field]: false }, 2, ch);
        expect(offsetsOf(off, kind)).toEqual([]);
        expect(offsetsOf(on, kind).length).toBe(12);
        // the other notices are the same
        const rest = (x: typeof on) => x.sent.filter((e) => e.kind !== kind);
        expect(rest(off)).toEqual(rest(on));
      }
    });
  }

  test('paid 2 days after the due date: confirmation that day; no reminder after it', () => {
    const r = simulateYear(SUBSCRIPTION_FLAG_DEFAULTS, 2);
    expect(offsetsOf(r, 'confirmed')).toEqual(Array(12).fill(2));
    expect(offsetsOf(r, 'delayed')).toEqual(Array(12).fill(1));
    expect(offsetsOf(r, 'daysAfter')).toEqual([]);
  });

  test('paid early (3 days before): no due-day, delayed or after notices', () => {
    const r = simulateYear(SUBSCRIPTION_FLAG_DEFAULTS, -3);
    expect(offsetsOf(r, 'daysBefore')).toEqual(Array(12).fill(-5));
    expect(offsetsOf(r, 'dueDay')).toEqual([]);
    expect(offsetsOf(r, 'delayed')).toEqual([]);
    expect(offsetsOf(r, 'confirmed')).toEqual(Array(12).fill(-3));
  });

  test('each (invoice, kind) at most once in the year, whatever the settings', () => {
    for (let seed = 0; seed < 40; seed++) {
      const flags = { ...SUBSCRIPTION_FLAG_DEFAULTS };
      for (const k of Object.keys(flags) as (keyof SubscriptionFlags)[]) {
        const rnd = (seed * 7919 + k.length * 104729) % 11;
        (flags as Record<string, number | boolean>)[k] = typeof flags[k] === 'number' ? rnd : rnd % 2 === 0;
      }
      const r = simulateYear(flags, seed % 3 === 0 ? null : (seed % 15) - 7);
      const keys = r.sent.map((x) => `${x.invoice}:${x.kind}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  test('channels: recipient per channel; WhatsApp only to a validated number; none without address', () => {
    const facts: NoticeInvoiceFacts = {
      status: 'PENDING',
      dueDay: '2026-03-10',
      createdDay: '2026-03-10',
      paidDay: null,
    };
    const both = noticesDueOn('2026-03-10', facts, sub());
    expect(both).toEqual([
      { kind: 'created', channel: 'whatsapp', recipient: '5511988887777' },
      { kind: 'dueDay', channel: 'whatsapp', recipient: '5511988887777' },
      { kind: 'created', channel: 'email', recipient: 'financeiro@cliente.com.br' },
      { kind: 'dueDay', channel: 'email', recipient: 'financeiro@cliente.com.br' },
    ]);
    expect(
      noticesDueOn('2026-03-10', facts, sub({ whatsappVAlidatedNumber: 'invalido' })).map((n) => n.channel),
    ).toEqual(['email', 'email']);
    expect(noticesDueOn('2026-03-10', facts, sub({ email: null, whatsapp: null }))).toEqual([]);
    expect(
      noticesDueOn('2026-03-10', facts, sub({ invoiceDayWp: false, invoiceCreatedWp: false })).map((n) => n.channel),
    ).toEqual(['email', 'email']);
  });

  test('local day in São Paulo (UTC−3): 02:00 UTC is still the day before', () => {
    expect(localDay(Date.UTC(2026, 2, 10, 2, 0))).toBe('2026-03-09');
    expect(localDay(Date.UTC(2026, 2, 10, 3, 0))).toBe('2026-03-10');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });
});

describe('catch-up of days the platform was down', () => {
  test('the missed days: after the last completed run, at most 7, none on a first run', () => {
    expect(NOTICE_CATCH_UP_DAYS).toBe(7);
    expect(missedDays('2026-03-03', '2026-03-04')).toEqual([]);
    expect(missedDays('2026-03-01', '2026-03-04')).toEqual(['2026-03-02', '2026-03-03']);
    expect(missedDays('2026-02-27', '2026-03-02')).toEqual(['2026-02-28', '2026-03-01']);
    expect(missedDays('2026-02-01', '2026-03-01')).toEqual([
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
    ]);
    expect(missedDays(null, '2026-03-04')).toEqual([]);
    expect(missedDays('2026-03-04', '2026-03-04')).toEqual([]);
  });

  const inv = (over: Partial<NoticeInvoiceFacts> = {}): NoticeInvoiceFacts => ({
    status: 'PENDING',
    dueDay: '2026-03-10',
    createdDay: '2026-02-28',
    paidDay: null,
    ...over,
  });
  const only = (s: NoticeSubscription) => ({ ...s, whatsapp: null });
  const kinds = (today: string, missed: string[], facts: NoticeInvoiceFacts, s = only(sub())) =>
    noticesWithCatchUp(today, missed, facts, s).map((n) => `${n.kind}@${n.dueOn}`);

  test('each kind late: only what is still true today', () => {
    // 5 days before (03-05) missed, back on 03-07: still before the due date → goes
    expect(kinds('2026-03-07', ['2026-03-05', '2026-03-06'], inv())).toEqual(['daysBefore@2026-03-05']);
    // …but not once the invoice is paid, nor on or after the due date (the due-day notice of today says it)
    expect(kinds('2026-03-07', ['2026-03-05'], inv({ status: 'RECEIVED', paidDay: '2026-03-07' }))).toEqual([
      'confirmed@2026-03-07',
    ]);
    expect(kinds('2026-03-10', ['2026-03-05'], inv())).toEqual(['dueDay@2026-03-10']);
    expect(kinds('2026-03-12', ['2026-03-05'], inv({ status: 'OVERDUE' }))).toEqual([]);
    // the due day never goes late; the delayed one does while unpaid
    expect(kinds('2026-03-11', ['2026-03-10'], inv({ status: 'OVERDUE' }))).toEqual(['delayed@2026-03-11']);
    expect(kinds('2026-03-12', ['2026-03-10'], inv({ status: 'OVERDUE' }))).toEqual([]);
    expect(kinds('2026-03-13', ['2026-03-11', '2026-03-12'], inv({ status: 'OVERDUE' }))).toEqual([
      'delayed@2026-03-11',
    ]);
    expect(kinds('2026-03-13', ['2026-03-11'], inv({ status: 'CONFIRMED', paidDay: '2026-03-12' }))).toEqual([]);
    // created: late while unpaid; a payment heard on a missed day: its confirmation goes late
    expect(kinds('2026-03-02', ['2026-02-28', '2026-03-01'], inv())).toEqual(['created@2026-02-28']);
    expect(kinds('2026-03-02', ['2026-02-28'], inv({ status: 'RECEIVED', paidDay: '2026-02-28' }))).toEqual([
      'confirmed@2026-02-28',
    ]);
  });

  test('one missed notice per channel and recipient, the latest; none beside one of today', () => {
    // delayed (03-11) and 5 days after (03-15) both missed: the latest only
    expect(kinds('2026-03-16', ['2026-03-11', '2026-03-15'], inv({ status: 'OVERDUE' }))).toEqual([
      'daysAfter@2026-03-15',
    ]);
    // created missed, 5 days before today: today's alone
    expect(kinds('2026-03-05', ['2026-02-28'], inv())).toEqual(['daysBefore@2026-03-05']);
    // per channel: a channel switched off today still gets its catch-up
    const s = sub({ invoiceDaysBeforeExpirationWp: 0 });
    const both = noticesWithCatchUp('2026-03-05', ['2026-02-28'], inv(), s).map(
      (n) => `${n.channel}:${n.kind}@${n.dueOn}`,
    );
    expect(both).toEqual(['email:daysBefore@2026-03-05', 'whatsapp:created@2026-02-28']);
    // no missed days: today's notices only
    expect(kinds('2026-03-11', [], inv({ status: 'OVERDUE' }))).toEqual(['delayed@2026-03-11']);
  });
});

describe('subscription input (spec 3 §5, §9)', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  test('defaults and validation texts', () => {
    const ok = SubscriptionCreateInput.parse({
      companyId: 3,
      contactName: ' Ana ',
      email: 'A@B.com',
      whatsapp: '+55 (11) 98888-7777',
    });
    expect(ok).toMatchObject({ companyId: 3, contactName: 'Ana', email: 'a@b.com', whatsapp: '5511988887777' });
    expect(msg(SubscriptionCreateInput.safeParse({ companyId: 3, contactName: 'A' }))).toBe(
      SUBSCRIPTION_TEXTS.nameShort,
    );
    expect(msg(SubscriptionCreateInput.safeParse({ companyId: 3, contactName: 'x'.repeat(51) }))).toBe(
      SUBSCRIPTION_TEXTS.nameLong,
    );
    expect(msg(SubscriptionCreateInput.safeParse({ companyId: 3, contactName: 'Ana', email: 'nope' }))).toBe(
      SUBSCRIPTION_TEXTS.emailInvalid,
    );
    expect(msg(SubscriptionUpdateInput.safeParse({ invoiceDaysBeforeExpirationWp: 11 }))).toBe(SUBSCRIPTION_TEXTS.days);
    expect(SubscriptionUpdateInput.parse({ invoiceDayWp: 0, invoiceDaysAfterExpirationEmail: '3' })).toEqual({
      invoiceDayWp: false,
      invoiceDaysAfterExpirationEmail: 3,
    });
  });
});
