import { describe, expect, test } from 'bun:test';
import {
  CreateWhatsapp,
  checkConnectionLimit,
  checkGreeting,
  checkImportDates,
  UpdateWhatsapp,
} from './whatsapp.schemas';

const now = new Date('2025-03-10T12:00:00Z');

describe('connection schema', () => {
  test('name 2 to 50 with the spec texts', () => {
    expect(CreateWhatsapp.safeParse({ name: 'a' }).error?.issues[0].message).toBe('Too Short!');
    expect(CreateWhatsapp.safeParse({ name: 'x'.repeat(51) }).error?.issues[0].message).toBe('Too Long!');
    expect(CreateWhatsapp.safeParse({}).error?.issues[0].message).toBe('Required');
    expect(CreateWhatsapp.safeParse({ name: '  ' }).error?.issues[0].message).toBe('Required');
    expect(CreateWhatsapp.parse({ name: 'Principal' }).name).toBe('Principal');
  });
  test('empty date fields mean no date; strings are coerced', () => {
    const v = UpdateWhatsapp.parse({ importOldMessages: '', importRecentMessages: '2025-03-01T10:00:00Z' });
    expect(v.importOldMessages).toBeUndefined();
    expect(v.importRecentMessages).toEqual(new Date('2025-03-01T10:00:00Z'));
    expect(UpdateWhatsapp.safeParse({ importOldMessages: 'not a date' }).success).toBe(false);
    expect(UpdateWhatsapp.parse({ importOldMessages: null }).importOldMessages).toBeNull();
  });
});

describe('import dates', () => {
  test('none is fine, one alone is not', () => {
    expect(checkImportDates(null, null, now).ok).toBe(true);
    expect(checkImportDates(new Date('2025-03-01'), null, now).ok).toBe(false);
  });
  test('cannot be after now', () => {
    const r = checkImportDates(new Date('2025-03-01'), new Date('2025-03-11'), now);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('A data de importação não pode ser posterior a agora.');
  });
  test('recent cannot precede old', () => {
    const r = checkImportDates(new Date('2025-03-05'), new Date('2025-03-01'), now);
    expect(r.ok).toBe(false);
  });
  test('valid range', () => {
    const r = checkImportDates(new Date('2025-03-01'), new Date('2025-03-05'), now);
    expect(r.ok && r.value?.from).toEqual(new Date('2025-03-01'));
  });
});

describe('rules', () => {
  test('greeting required with more than one queue', () => {
    expect(checkGreeting(2, '').ok).toBe(false);
    expect(checkGreeting(2, '  ').ok).toBe(false);
    expect(checkGreeting(2, 'Olá').ok).toBe(true);
    expect(checkGreeting(1, null).ok).toBe(true);
  });
  test('plan limit', () => {
    expect(checkConnectionLimit(0, 1).ok).toBe(true);
    expect(checkConnectionLimit(1, 1).ok).toBe(false);
  });
});
