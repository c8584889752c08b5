import { describe, expect, test } from 'bun:test';
import { LoginInput, SignupInput } from './auth.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).toReversed().map((i) => [i.path.join('.'), i.message])); // first issue per field wins, as in the API

describe('SignupInput (spec 1 §5)', () => {
  const good = { name: 'Maria', email: 'Maria@Example.com', password: 'abcde' };

  test('accepts a valid sign-up and lower-cases the e-mail', () => {
    const r = SignupInput.parse(good);
    expect(r.email).toBe('maria@example.com');
  });

  test.each([
    [{ name: '' }, 'name', 'Required'],
    [{ name: undefined }, 'name', 'Required'],
    [{ name: 'M' }, 'name', 'Too Short!'],
    [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
    [{ email: '' }, 'email', 'Required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ password: '' }, 'password', 'Required'],
    [{ password: '1234' }, 'password', 'Too Short!'],
    [{ password: 'x'.repeat(51) }, 'password', 'Too Long!'],
  ])('%o → %s: %s', (patch, field, text) => {
    const r = SignupInput.safeParse({ ...good, ...patch });
    expect(r.success).toBe(false);
    expect(firstMessage(r)[field]).toBe(text);
  });

  test('boundaries 2/50 and 5/50 are accepted', () => {
    expect(SignupInput.safeParse({ ...good, name: 'Al', password: '12345' }).success).toBe(true);
    expect(SignupInput.safeParse({ ...good, name: 'x'.repeat(50), password: 'y'.repeat(50) }).success).toBe(true);
  });
});

describe('LoginInput', () => {
  test('missing fields say Required', () => {
    const r = LoginInput.safeParse({});
    expect(firstMessage(r)).toEqual({ email: 'Required', password: 'Required' });
  });
  test('e-mail is trimmed and lower-cased', () => {
    expect(LoginInput.parse({ email: ' A@B.C ', password: 'x' }).email).toBe('a@b.c');
  });
});
