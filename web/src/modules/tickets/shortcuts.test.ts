import { describe, expect, test } from 'bun:test';
import { shortcutOf } from './shortcuts';

const k = (
  code: string,
  mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  code,
  ...mods,
});

describe('ticket shortcuts', () => {
  test('every alt shortcut of the spec', () => {
    expect(shortcutOf(k('KeyN'))).toBe('newTicket');
    expect(shortcutOf(k('KeyA'))).toBe('openTickets');
    expect(shortcutOf(k('KeyS'))).toBe('pendingTickets');
    expect(shortcutOf(k('KeyZ'))).toBe('toggleShowAll');
    expect(shortcutOf(k('Digit1'))).toBe('resolve');
    expect(shortcutOf(k('Digit2'))).toBe('return');
    expect(shortcutOf(k('Digit3'))).toBe('transfer');
    expect(shortcutOf(k('Digit4'))).toBe('delete');
    expect(shortcutOf(k('KeyT'))).toBe('reopen');
  });
  test('needs Alt alone', () => {
    expect(shortcutOf(k('KeyN', { altKey: false }))).toBeNull();
    expect(shortcutOf(k('KeyN', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(k('KeyQ'))).toBeNull();
  });
});
