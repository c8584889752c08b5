import { REPORT_MAX_DAYS } from '@zapdesk/core';
import { fromZonedInput, toZonedInput } from '../schedules/zoned-time';

/**
 * Default ranges of spec 3 §9, on the COMPANY's clock: the dashboard from the start of the month to now (date-time
 * inputs), reports the last 30 days (whole days).
 */
export function dashDefaultInputs(now: Date, zone: string): { initial: string; final: string } {
  const final = toZonedInput(now, zone);
  return { initial: `${final.slice(0, 8)}01T00:00`, final };
}

/** 'YYYY-MM-DD' of an instant on the zone's clock. */
export function zonedDay(instant: Date, zone: string): string {
  return toZonedInput(instant, zone).slice(0, 10);
}

export function reportDefaultDays(now: Date, zone: string): { initialDate: string; finalDate: string } {
  return { initialDate: zonedDay(new Date(now.getTime() - 30 * 86_400_000), zone), finalDate: zonedDay(now, zone) };
}

/**
 * What is wrong with a range (the API's own rules, core report.schemas): the end before the start, or longer than
 * REPORT_MAX_DAYS. Null when fine.
 */
export function rangeProblem(fromMs: number, toMs: number): 'order' | 'length' | null {
  if (toMs < fromMs) return 'order';
  if (toMs - fromMs > REPORT_MAX_DAYS * 86_400_000) return 'length';
  return null;
}

/** Whole days ('YYYY-MM-DD') of the report dialog: the same rules (the final day counts whole). */
export function dayRangeProblem(initialDate: string, finalDate: string): 'order' | 'length' | 'missing' | null {
  if (!initialDate || !finalDate) return 'missing';
  const a = Date.parse(`${initialDate}T00:00:00Z`);
  const b = Date.parse(`${finalDate}T23:59:59.999Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'missing';
  return rangeProblem(a, b);
}

/** The problem of the dashboard's date-time inputs (company clock), or null. */
export function dashRangeProblem(initial: string, final: string, zone: string): 'order' | 'length' | 'missing' | null {
  const a = fromZonedInput(initial, zone);
  const b = fromZonedInput(final, zone);
  if (!a || !b) return 'missing';
  return rangeProblem(Date.parse(a), Date.parse(b) + 59_999);
}

/** datetime-local values on the company's clock → ISO instants; null when one is missing or the order is wrong. */
export function dashRangeOf(
  initial: string,
  final: string,
  zone: string,
): { initialDate: string; finalDate: string } | null {
  const a = fromZonedInput(initial, zone);
  // the final minute is included: 10:30 means up to 10:30:59.999
  const b0 = fromZonedInput(final, zone);
  if (!a || !b0) return null;
  const b = new Date(Date.parse(b0) + 59_999).toISOString();
  return rangeProblem(Date.parse(a), Date.parse(b)) === null ? { initialDate: a, finalDate: b } : null;
}
