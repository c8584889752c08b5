import { describe, expect, test } from 'bun:test';
import type { InvoiceDto } from '@zapdesk/core';
import { formatInvoiceDay, invoiceValue } from './invoice-values';

describe('invoice values', () => {
  test('a date-only day is that calendar day in any time zone', () => {
    expect(formatInvoiceDay('2026-12-01')).toBe('01/12/2026');
    expect(formatInvoiceDay('2027-01-31')).toBe('31/01/2027');
  });
  test('nothing or garbage shows nothing', () => {
    expect(formatInvoiceDay(null)).toBe('');
    expect(formatInvoiceDay('')).toBe('');
    expect(formatInvoiceDay('não é data')).toBe('');
  });
  test('the value: the API display text, else reais formatted', () => {
    expect(invoiceValue({ value: 149.9, valueBrl: 'R$ 149,90' } as InvoiceDto)).toBe('R$ 149,90');
    expect(invoiceValue({ value: 1438.8, valueBrl: '' } as InvoiceDto)).toBe('R$ 1.438,80');
  });
});
