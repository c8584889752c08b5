import { expect, test } from 'bun:test';
import { CreateQuickAnswer, quickAnswerQuery, UpdateQuickAnswer } from './quick-answer.schemas';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

test('shortcut 2 to 15, message 8 to 30000', () => {
  expect(CreateQuickAnswer.parse({ shortcut: 'oi', message: 'Olá, tudo bem?' })).toEqual({
    shortcut: 'oi',
    message: 'Olá, tudo bem?',
  });
  expect(msg(CreateQuickAnswer.safeParse({ shortcut: 'o', message: 'Olá, tudo bem?' }))).toBe('Too Short!');
  expect(msg(CreateQuickAnswer.safeParse({ shortcut: 'x'.repeat(16), message: 'Olá, tudo bem?' }))).toBe('Too Long!');
  expect(msg(CreateQuickAnswer.safeParse({ shortcut: 'oi', message: 'curta' }))).toBe('Too Short!');
  expect(msg(CreateQuickAnswer.safeParse({ shortcut: 'oi', message: 'x'.repeat(30001) }))).toBe('Too Long!');
  expect(msg(CreateQuickAnswer.safeParse({ message: 'Olá, tudo bem?' }))).toBe('Required');
  expect(UpdateQuickAnswer.parse({})).toEqual({});
});

test("the '/' picker triggers only at the start", () => {
  expect(quickAnswerQuery('/Oi')).toBe('oi');
  expect(quickAnswerQuery('oi /x')).toBeNull();
  expect(quickAnswerQuery('/')).toBe('');
});
