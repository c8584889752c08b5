import { describe, expect, test } from 'bun:test';
import { UserAuthorizationInput, UserCreateInput, UserUpdateInput } from './user.schemas';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).toReversed().map((i) => [i.path.join('.'), i.message])); // first issue per field wins, as in the API

describe('UserCreateInput (spec 1 §5)', () => {
  const good = { name: 'Ana', email: 'ana@x.com', password: '12345' };
  test('defaults: profile user, no queues', () => {
    expect(UserCreateInput.parse(good)).toMatchObject({ profile: 'user', queueIds: [] });
  });
  test.each([
    [{ name: '' }, 'name', 'Required'],
    [{ name: 'A' }, 'name', 'Too Short!'],
    [{ name: 'A'.repeat(51) }, 'name', 'Too Long!'],
    [{ email: undefined }, 'email', 'Required'],
    [{ email: 'ana' }, 'email', 'Invalid email'],
    [{ password: undefined }, 'password', 'Required'],
    [{ password: '1234' }, 'password', 'Too Short!'],
    [{ password: '1'.repeat(51) }, 'password', 'Too Long!'],
  ])('%o → %s: %s', (patch, field, text) => {
    expect(messages(UserCreateInput.safeParse({ ...good, ...patch }))[field]).toBe(text);
  });
  test('flags accept 0/1 and booleans; queue ids are de-duplicated', () => {
    const r = UserCreateInput.parse({ ...good, master: 1, payPanelAccess: false, queueIds: [3, 3, 4] });
    expect(r.master).toBe(true);
    expect(r.payPanelAccess).toBe(false);
    expect(r.queueIds).toEqual([3, 4]);
  });
  test('volume must be 0 to 100', () => {
    expect(UserCreateInput.safeParse({ ...good, volume: 101 }).success).toBe(false);
    expect(UserCreateInput.safeParse({ ...good, volume: 0 }).success).toBe(true);
  });
});

describe('UserUpdateInput', () => {
  test('an empty password means "unchanged"', () => {
    expect(UserUpdateInput.parse({ password: '' }).password).toBeUndefined();
  });
  test('a given password must be 5 to 50', () => {
    expect(messages(UserUpdateInput.safeParse({ password: '123' })).password).toBe('Too Short!');
  });
});

describe('UserAuthorizationInput (spec 1 §5)', () => {
  test.each([
    ['', 'Required'],
    ['G', 'Too Short!'],
    ['G'.repeat(51), 'Too Long!'],
  ])('name %j → %s', (name, text) => {
    expect(messages(UserAuthorizationInput.safeParse({ name })).name).toBe(text);
  });
  test('viewMessagesByTicket accepts 0, 1, 2 only', () => {
    expect(UserAuthorizationInput.safeParse({ name: 'Ok', viewMessagesByTicket: 2 }).success).toBe(true);
    expect(UserAuthorizationInput.safeParse({ name: 'Ok', viewMessagesByTicket: 3 }).success).toBe(false);
  });
});
