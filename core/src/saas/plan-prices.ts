/**
 * Plan prices (spec 3 §3, §9): four prices in reais with cents. `valueNMonths` is the MONTHLY price when paying for N
 * months at once (docs/DECISIONS.md "SaaS core rules"); the display values are the spec's value1MonthBrl,
 * value3MonthsBrl, valueTotal3MonthsBrl, value3MonthsDiscountBrl… Money is handled in integer cents.
 */
export const RECURRENCES = ['month1', 'months3', 'months6', 'months12'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const DEFAULT_RECURRENCE: Recurrence = 'months3';
export const MONTHS_OF: Record<Recurrence, 1 | 3 | 6 | 12> = { month1: 1, months3: 3, months6: 6, months12: 12 };

export const BILLING_TYPES = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const DEFAULT_BILLING_TYPE: BillingType = 'PIX';

/** Reais (number or "1.234,56" / "1234.56" text) → integer cents; null for anything that is not a price. */
export function toCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  let s = value.trim().replace(/^R\$\s*/, '');
  if (!s) return null;
  // pt-BR "1.234,56" → "1234.56"; a plain "1234.56" stays
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** Integer cents → "R$ 1.234,56" (plain space, pt-BR grouping, always two decimals). */
export function formatBrl(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
}

export type PlanPrices = {
  value1Month: number | string;
  value3Months: number | string;
  value6Months: number | string;
  value12Months: number | string;
};

/** One period's figures, in cents. */
export type PeriodPrice = {
  recurrence: Recurrence;
  months: number;
  /** monthly price on this period */
  monthly: number;
  /** what the period costs (monthly × months) */
  total: number;
  /** against paying month by month for the same months (never negative) */
  discount: number;
  /** whole percent of that discount */
  discountPercent: number;
};

const monthlyCents = (p: PlanPrices, r: Recurrence) =>
  toCents({ month1: p.value1Month, months3: p.value3Months, months6: p.value6Months, months12: p.value12Months }[r]) ??
  0;

export function periodPrice(p: PlanPrices, recurrence: Recurrence): PeriodPrice {
  const months = MONTHS_OF[recurrence];
  const monthly = monthlyCents(p, recurrence);
  const total = monthly * months;
  const full = monthlyCents(p, 'month1') * months;
  const discount = Math.max(0, full - total);
  return {
    recurrence,
    months,
    monthly,
    total,
    discount,
    discountPercent: full > 0 ? Math.round((discount * 100) / full) : 0,
  };
}

/** The spec's formatted display values of a plan. */
export type PlanDisplayValues = {
  value1MonthBrl: string;
  value3MonthsBrl: string;
  valueTotal3MonthsBrl: string;
  value3MonthsDiscountBrl: string;
  value6MonthsBrl: string;
  valueTotal6MonthsBrl: string;
  value6MonthsDiscountBrl: string;
  value12MonthsBrl: string;
  valueTotal12MonthsBrl: string;
  value12MonthsDiscountBrl: string;
};

export function planDisplayValues(p: PlanPrices): PlanDisplayValues {
  const m3 = periodPrice(p, 'months3');
  const m6 = periodPrice(p, 'months6');
  const m12 = periodPrice(p, 'months12');
  return {
    value1MonthBrl: formatBrl(monthlyCents(p, 'month1')),
    value3MonthsBrl: formatBrl(m3.monthly),
    valueTotal3MonthsBrl: formatBrl(m3.total),
    value3MonthsDiscountBrl: formatBrl(m3.discount),
    value6MonthsBrl: formatBrl(m6.monthly),
    valueTotal6MonthsBrl: formatBrl(m6.total),
    value6MonthsDiscountBrl: formatBrl(m6.discount),
    value12MonthsBrl: formatBrl(m12.monthly),
    valueTotal12MonthsBrl: formatBrl(m12.total),
    value12MonthsDiscountBrl: formatBrl(m12.discount),
  };
}
