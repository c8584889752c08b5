import { expect, test } from 'bun:test';
import { CompanySettingsBody } from './company-settings.schemas';

test('companyName or its alias name, slogan; empty clears', () => {
  expect(CompanySettingsBody.parse({ companyName: ' Acme ', slogan: 'Rápido' })).toEqual({
    companyName: 'Acme',
    slogan: 'Rápido',
    removeLogo: false,
  });
  expect(CompanySettingsBody.parse({ name: 'Acme' }).companyName).toBe('Acme');
  expect(CompanySettingsBody.parse({ companyName: '', slogan: null })).toEqual({
    companyName: null,
    slogan: null,
    removeLogo: false,
  });
  expect(CompanySettingsBody.parse({})).toEqual({ companyName: undefined, slogan: undefined, removeLogo: false });
});

test('length caps', () => {
  const r = CompanySettingsBody.safeParse({ companyName: 'x'.repeat(51) });
  expect(r.success ? '' : r.error.issues[0].message).toBe('Too Long!');
  expect(CompanySettingsBody.safeParse({ slogan: 'x'.repeat(101) }).success).toBe(false);
});
