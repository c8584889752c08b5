import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  BulkDeleteSchedules,
  canBulkDelete,
  canManageSchedule,
  cutText,
  isTimeZone,
  ListSchedulesQuery,
  latestSendAt,
  SCHEDULE_TEXTS,
  scheduleInput,
  schedulePreview,
  scheduleTableBody,
} from './schedule.schemas';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const base = { contactId: 5, body: 'Olá, tudo bem?', sendAt: '2026-03-11T09:00:00.000Z' };

function firstMessage(r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return r.success ? null : r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('schedule input (spec 2 §5)', () => {
  test('contact required: Selecione um contato', () => {
    for (const contactId of [undefined, null, '', 0]) {
      const r = scheduleInput(NOW).safeParse({ ...base, contactId });
      expect(firstMessage(r)).toEqual([`contactId: ${SCHEDULE_TEXTS.contactRequired}`]);
    }
  });

  test('text: not empty, at least 6 characters; media needs no text', () => {
    expect(firstMessage(scheduleInput(NOW).safeParse({ ...base, body: '   ' }))).toEqual([
      'body: O texto não pode ficar vazio',
    ]);
    expect(firstMessage(scheduleInput(NOW).safeParse({ ...base, body: 'Oi!!!' }))).toEqual([
      'body: O texto não pode ser menor do que 6 caracteres',
    ]);
    expect(scheduleInput(NOW).safeParse({ ...base, body: 'Oi!!!!' }).success).toBe(true);
    expect(scheduleInput(NOW).safeParse({ ...base, body: '', typeMessage: 'Mídia' }).success).toBe(true);
  });

  test('send date: from one minute ago to two years ahead, at any clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }), (now) => {
        const ok = (t: number) => scheduleInput(now).safeParse({ ...base, sendAt: new Date(t).toISOString() }).success;
        expect(ok(now - 60_000)).toBe(true);
        expect(ok(now - 60_001)).toBe(false);
        expect(ok(latestSendAt(now))).toBe(true);
        expect(ok(latestSendAt(now) + 1)).toBe(false);
        expect(latestSendAt(now) - now).toBeGreaterThanOrEqual(730 * 86_400_000);
        expect(latestSendAt(now) - now).toBeLessThanOrEqual(731 * 86_400_000);
      }),
    );
    const past = scheduleInput(NOW).safeParse({ ...base, sendAt: '2026-03-10T11:58:00Z' });
    expect(firstMessage(past)).toEqual([`sendAt: ${SCHEDULE_TEXTS.sendAtPast}`]);
    const far = scheduleInput(NOW).safeParse({ ...base, sendAt: '2028-03-10T12:00:01Z' });
    expect(firstMessage(far)).toEqual([`sendAt: ${SCHEDULE_TEXTS.sendAtTooFar}`]);
    expect(firstMessage(scheduleInput(NOW).safeParse({ ...base, sendAt: 'amanhã' }))).toEqual([
      `sendAt: ${SCHEDULE_TEXTS.sendAtInvalid}`,
    ]);
    expect(firstMessage(scheduleInput(NOW).safeParse({ ...base, sendAt: undefined }))).toEqual([
      `sendAt: ${SCHEDULE_TEXTS.sendAtRequired}`,
    ]);
  });

  test('an edit may keep a send date that is now in the past', () => {
    const kept = '2026-01-01T09:00:00.000Z';
    expect(scheduleInput(NOW, { currentSendAt: kept }).safeParse({ ...base, sendAt: kept }).success).toBe(true);
    expect(scheduleInput(NOW).safeParse({ ...base, sendAt: kept }).success).toBe(false);
    expect(
      scheduleInput(NOW, { currentSendAt: kept }).safeParse({ ...base, sendAt: '2026-01-02T09:00:00Z' }).success,
    ).toBe(false);
  });

  test('repetitions: integer ≥ 0; empty or 0 = forever for recurring; Único has none', () => {
    const parse = (repeatCount: unknown, typeSchedule = 'Recorrente Semanal') =>
      scheduleInput(NOW).parse({ ...base, typeSchedule, repeatCount });
    expect(parse(3).repeatCount).toBe(3);
    expect(parse('3').repeatCount).toBe(3);
    expect(parse('').repeatCount).toBeNull();
    expect(parse(null).repeatCount).toBeNull();
    expect(parse(undefined).repeatCount).toBeNull();
    expect(parse(0).repeatCount).toBeNull();
    expect(parse(5, 'Único').repeatCount).toBeNull();
    for (const bad of [-1, 1.5, 'abc']) {
      const r = scheduleInput(NOW).safeParse({ ...base, typeSchedule: 'Recorrente Mensal', repeatCount: bad });
      expect(firstMessage(r)).toEqual([`repeatCount: ${SCHEDULE_TEXTS.repeatInvalid}`]);
    }
  });

  test('defaults and normalisation', () => {
    const v = scheduleInput(NOW).parse({ ...base, queueId: '', whatsappId: '3', sendAt: '2026-03-11T06:00:00-03:00' });
    expect(v).toMatchObject({
      typeMessage: 'Texto',
      typeSchedule: 'Único',
      queueId: null,
      whatsappId: 3,
      userId: null,
      mediaName: null,
      sendAt: '2026-03-11T09:00:00.000Z',
    });
    expect(firstMessage(scheduleInput(NOW).safeParse({ ...base, typeSchedule: 'Diário' }))).toEqual([
      `typeSchedule: ${SCHEDULE_TEXTS.typeScheduleInvalid}`,
    ]);
  });
});

describe('list and bulk delete queries', () => {
  test('status filter: one of ours, or empty for every status', () => {
    expect(ListSchedulesQuery.parse({}).status).toBeUndefined();
    expect(ListSchedulesQuery.parse({ status: '' }).status).toBeUndefined();
    expect(ListSchedulesQuery.parse({ status: 'PENDENTE', pageNumber: '2' })).toMatchObject({
      status: 'PENDENTE',
      pageNumber: 2,
    });
    expect(ListSchedulesQuery.safeParse({ status: 'X' }).success).toBe(false);
  });

  test('bulk delete permissions (spec 2 §6)', () => {
    const user = { id: 2, profile: 'user' };
    const admin = { id: 1, profile: 'admin' };
    const mySent = BulkDeleteSchedules.parse({ status: 'ENVIADA', mySchedule: 'true' });
    const all = BulkDeleteSchedules.parse({ mySchedule: false });
    expect(canBulkDelete(user, mySent)).toBe(true);
    expect(canBulkDelete(user, all)).toBe(false);
    expect(canBulkDelete(admin, all)).toBe(true);
    expect(canManageSchedule(user, { userId: 2 })).toBe(true);
    expect(canManageSchedule(user, { userId: 3 })).toBe(false);
    expect(canManageSchedule(user, { userId: null })).toBe(false);
    expect(canManageSchedule(admin, { userId: 3 })).toBe(true);
  });
});

describe('preview cuts (spec 2 §2)', () => {
  test('25 in the table, 77 in previews, 30 for media', () => {
    const long = 'a'.repeat(100);
    expect(scheduleTableBody(long)).toBe(`${'a'.repeat(25)}...`);
    expect(scheduleTableBody('curto')).toBe('curto');
    expect(schedulePreview({ body: long, typeMessage: 'Texto' })).toBe(`${'a'.repeat(77)}...`);
    expect(schedulePreview({ body: long, typeMessage: 'Mídia' })).toBe(`${'a'.repeat(30)}...`);
    expect(schedulePreview({ body: '', typeMessage: 'Mídia', mediaName: 'catalogo.pdf' })).toBe('catalogo.pdf');
    // code points, not UTF-16 units: an emoji is never split
    expect(cutText('😀'.repeat(30), 25)).toBe(`${'😀'.repeat(25)}...`);
  });
});

test('time zones are IANA names the runtime knows', () => {
  expect(isTimeZone('America/Sao_Paulo')).toBe(true);
  expect(isTimeZone('Europe/Lisbon')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});
