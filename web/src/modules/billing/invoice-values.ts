import { formatBrl, type InvoiceDto } from '@zapdesk/core';

/** A day of an invoice: a date-only `YYYY-MM-DD` is that calendar day (no time-zone shift); else the local day. */
export function formatInvoiceDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export const invoiceValue = (i: InvoiceDto) => i.valueBrl || formatBrl(Math.round(i.value * 100));
