import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  checkDocumentNumber,
  cnpjCheckDigits,
  cpfCheckDigits,
  DOCUMENT_TEXTS,
  documentKindOf,
  formatDocumentNumber,
  isValidCnpj,
  normalizeDocumentNumber,
} from './documents';
import { checkCanAddConnection, checkCanAddUser, checkCanSendCampaigns, limitsOf } from './limits';
import { formatBrl, periodPrice, planDisplayValues, toCents } from './plan-prices';
import { CompanyCreateInput, PlanCreateInput } from './saas.schemas';
import { billingBlocks, OVERDUE_GRACE_DAYS, TRIAL_DAYS, trialEndsAt, trialState } from './trial';

const DAY = 86_400_000;

describe('document number (spec 3 §5)', () => {
  test('valid CPF and numeric CNPJ, formatted or not, stored as digits', () => {
    expect(checkDocumentNumber('529.982.247-25')).toEqual({ ok: true, kind: 'cpf', value: '52998224725' });
    expect(checkDocumentNumber('11.222.333/0001-81')).toEqual({ ok: true, kind: 'cnpj', value: '11222333000181' });
    expect(checkDocumentNumber(' 11222333000181 ')).toMatchObject({ ok: true, kind: 'cnpj' });
  });

  test("the spec's texts by length and check digits", () => {
    expect(checkDocumentNumber('529.982.247-26')).toEqual({ ok: false, message: 'CPF invalido' });
    expect(checkDocumentNumber('111.111.111-11')).toEqual({ ok: false, message: 'CPF invalido' });
    expect(checkDocumentNumber('11.222.333/0001-82')).toEqual({ ok: false, message: 'CNPJ invalido' });
    expect(checkDocumentNumber('00000000000000')).toEqual({ ok: false, message: 'CNPJ invalido' });
    expect(checkDocumentNumber('123456789')).toEqual({
      ok: false,
      message: 'O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos',
    });
    expect(checkDocumentNumber('1234567890').ok).toBe(false);
    expect(checkDocumentNumber('123456789012')).toEqual({ ok: false, message: 'O CNPJ deve conter 14 dígitos' });
    expect(checkDocumentNumber('1234567890123')).toEqual({ ok: false, message: DOCUMENT_TEXTS.cnpjLength });
    expect(checkDocumentNumber('123')).toEqual({ ok: false, message: DOCUMENT_TEXTS.cpfOrCnpjLength });
    expect(checkDocumentNumber('123456789012345')).toEqual({ ok: false, message: DOCUMENT_TEXTS.invalidCnpj });
  });

  test("alphanumeric CNPJ (from July 2026): the revenue service's example, ASCII − 48, marks dropped only", () => {
    // Receita Federal's published example: 12.ABC.345/01DE-35
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(checkDocumentNumber('12.ABC.345/01DE-35')).toEqual({ ok: true, kind: 'cnpj', value: '12ABC34501DE35' });
    expect(checkDocumentNumber('12.abc.345/01de-35')).toEqual({ ok: true, kind: 'cnpj', value: '12ABC34501DE35' });
    expect(checkDocumentNumber('12ABC34501DE36')).toEqual({ ok: false, message: 'CNPJ invalido' });
    // a letter is part of the number: never stripped (12 characters left → the CNPJ length text)
    expect(checkDocumentNumber('12ABC34501DE')).toEqual({ ok: false, message: 'O CNPJ deve conter 14 dígitos' });
    // the check digits are always numeric
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(checkDocumentNumber('12ABC34501D*35')).toEqual({ ok: false, message: 'CNPJ invalido' });
    expect(normalizeDocumentNumber('529.982.247-25')).toBe('52998224725');
    expect(formatDocumentNumber('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocumentNumber('52998224725')).toBe('529.982.247-25');
    expect(documentKindOf('529.982')).toBe('cpf');
    expect(documentKindOf('12.AB')).toBe('cnpj');
  });

  test('property: any numeric or alphanumeric base with its computed digits is valid; a changed digit is not', () => {
    const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (chars, bump) => {
        const base = chars.join('');
        fc.pre(!/^(.)\1{11}$/.test(base));
        const dv = cnpjCheckDigits(base);
        expect(checkDocumentNumber(base + dv).ok).toBe(true);
        const wrong = `${dv[0]}${(Number(dv[1]) + bump) % 10}`;
        expect(checkDocumentNumber(base + wrong)).toEqual({ ok: false, message: 'CNPJ invalido' });
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (ds) => {
        const base = ds.join('');
        fc.pre(!/^(\d)\1{8}$/.test(base));
        expect(checkDocumentNumber(base + cpfCheckDigits(base))).toMatchObject({ ok: true, kind: 'cpf' });
      }),
    );
  });
});

describe('plan prices', () => {
  test('BRL with cents, pt-BR grouping', () => {
    expect(formatBrl(0)).toBe('R$ 0,00');
    expect(formatBrl(9990)).toBe('R$ 99,90');
    expect(formatBrl(123456789)).toBe('R$ 1.234.567,89');
    expect(toCents('1.234,56')).toBe(123456);
    expect(toCents('99.9')).toBe(9990);
    expect(toCents(99.9)).toBe(9990);
    expect(toCents('R$ 10,00')).toBe(1000);
    expect(toCents('abc')).toBeNull();
  });

  test('per period: monthly price, total and discount against month by month', () => {
    const plan = { value1Month: '100.00', value3Months: '90.00', value6Months: 80, value12Months: '70,00' };
    expect(periodPrice(plan, 'months3')).toEqual({
      recurrence: 'months3',
      months: 3,
      monthly: 9000,
      total: 27000,
      discount: 3000,
      discountPercent: 10,
    });
    expect(periodPrice(plan, 'months12')).toMatchObject({ total: 84000, discount: 36000, discountPercent: 30 });
    expect(planDisplayValues(plan)).toEqual({
      value1MonthBrl: 'R$ 100,00',
      value3MonthsBrl: 'R$ 90,00',
      valueTotal3MonthsBrl: 'R$ 270,00',
      value3MonthsDiscountBrl: 'R$ 30,00',
      value6MonthsBrl: 'R$ 80,00',
      valueTotal6MonthsBrl: 'R$ 480,00',
      value6MonthsDiscountBrl: 'R$ 120,00',
      value12MonthsBrl: 'R$ 70,00',
      valueTotal12MonthsBrl: 'R$ 840,00',
      value12MonthsDiscountBrl: 'R$ 360,00',
    });
    // a longer period priced above month by month shows no negative discount
    expect(periodPrice({ ...plan, value3Months: 120 }, 'months3').discount).toBe(0);
  });
});

describe('plan limits', () => {
  const company = { planId: 3, numberAttendants: 2, numberConections: 1, campaignSendLimitPerHour: 0 };
  test('limitsOf and the N+1th user / connection', () => {
    expect(limitsOf(company)).toEqual({ hasPlan: true, users: 2, connections: 1, campaignSendsPerHour: null });
    expect(limitsOf({ ...company, campaignSendLimitPerHour: 50 }).campaignSendsPerHour).toBe(50);
    expect(checkCanAddUser(limitsOf(company), 1).ok).toBe(true);
    expect(checkCanAddUser(limitsOf(company), 2)).toMatchObject({ ok: false, error: 'ERR_NO_LIMIT_USER' });
    expect(checkCanAddConnection(limitsOf(company), 0).ok).toBe(true);
    expect(checkCanAddConnection(limitsOf(company), 1)).toMatchObject({ ok: false, error: 'ERR_NO_LIMIT_WHATSAPP' });
  });
  test('no plan: ERR_NO_COMPANY_PLAN before any count', () => {
    const none = limitsOf({ ...company, planId: null });
    expect(checkCanAddUser(none, 0)).toMatchObject({ ok: false, error: 'ERR_NO_COMPANY_PLAN' });
    expect(checkCanAddConnection(none, 0)).toMatchObject({ ok: false, error: 'ERR_NO_COMPANY_PLAN' });
    expect(checkCanSendCampaigns(none)).toMatchObject({ ok: false, error: 'ERR_NO_COMPANY_PLAN' });
  });
});

describe('trial', () => {
  const start = Date.UTC(2026, 10, 1, 13, 0);
  test('15 days, days left counted by started day, ended at the instant', () => {
    expect(TRIAL_DAYS).toBe(15);
    const end = trialEndsAt(start);
    expect(end.toISOString()).toBe('2026-11-16T13:00:00.000Z');
    expect(trialState(end, start)).toEqual({ state: 'trial', endsAt: end.toISOString(), daysLeft: 15 });
    expect(trialState(end, start + 14 * DAY + 1)).toMatchObject({ state: 'trial', daysLeft: 1 });
    expect(trialState(end, end.getTime())).toEqual({ state: 'ended', endsAt: end.toISOString() });
    expect(trialState(null, start)).toEqual({ state: 'none' });
  });
  test('the end of a trial blocks nothing; an invoice unpaid past the grace does', () => {
    const due = trialEndsAt(start);
    const after = (days: number) => due.getTime() + days * DAY;
    expect(billingBlocks([], after(100))).toBe(false);
    expect(billingBlocks([{ status: 'PENDING', dueDate: due }], after(OVERDUE_GRACE_DAYS))).toBe(false);
    expect(billingBlocks([{ status: 'OVERDUE', dueDate: due }], after(OVERDUE_GRACE_DAYS) + 1)).toBe(true);
    expect(billingBlocks([{ status: 'RECEIVED', dueDate: due }], after(30))).toBe(false);
  });
});

describe('inputs', () => {
  test('company: name/e-mail texts, document rules, 0/1 flags', () => {
    const base = { name: 'Acme', email: 'a@b.co', userName: 'Ana', passwordDefault: 'secret' };
    expect(CompanyCreateInput.safeParse(base).success).toBe(true);
    const msg = (v: unknown) => {
      const r = CompanyCreateInput.safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(msg({ ...base, name: '' })).toBe('Nome é obrigatório');
    expect(msg({ ...base, name: 'A' })).toBe('Too Short!');
    expect(msg({ ...base, name: 'A'.repeat(151) })).toBe('Too Long!');
    expect(msg({ ...base, email: '' })).toBe('E-mail é obrigatório');
    expect(msg({ ...base, email: 'x@' })).toBe('Email é inválido');
    expect(msg({ ...base, documentNumber: '123.456.789-00' })).toBe('CPF invalido');
    const ok = CompanyCreateInput.parse({ ...base, documentNumber: '12.ABC.345/01DE-35', status: 0 });
    expect(ok).toMatchObject({ documentNumber: '12ABC34501DE35', status: false });
    expect(CompanyCreateInput.parse({ ...base, documentNumber: '' }).documentNumber).toBeNull();
  });
  test('plan: name 2–50, numeric limits, prices to cents', () => {
    expect(PlanCreateInput.safeParse({ name: 'P' }).error?.issues[0].message).toBe('Too Short!');
    expect(PlanCreateInput.safeParse({ name: 'Plano', numberAttendants: 'x' }).success).toBe(false);
    expect(PlanCreateInput.parse({ name: 'Plano', numberAttendants: '3', value1Month: '99,90' })).toMatchObject({
      numberAttendants: 3,
      value1Month: 9990,
    });
  });
});
