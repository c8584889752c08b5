import { describe, expect, test } from 'bun:test';
import { BOT_MESSAGES_PER_MINUTE, botCap } from '@zapdesk/core';
import { botMessagesPerMinute } from './bots.knobs';

describe('BOT_MESSAGES_PER_MINUTE', () => {
  test('default is core’s constant; an integer ≥ 2 overrides it; anything else falls back', () => {
    expect(botMessagesPerMinute({})).toBe(BOT_MESSAGES_PER_MINUTE);
    expect(botMessagesPerMinute({ BOT_MESSAGES_PER_MINUTE: '25' })).toBe(25);
    for (const bad of ['', '1', '0', '-3', '2.5', 'many']) {
      expect(botMessagesPerMinute({ BOT_MESSAGES_PER_MINUTE: bad })).toBe(BOT_MESSAGES_PER_MINUTE);
    }
  });

  test('the cap uses the knob: 3 a minute lets the fourth message trip it', () => {
    const limit = botMessagesPerMinute({ BOT_MESSAGES_PER_MINUTE: '3' });
    expect(botCap([1000, 2000, 3000], 4000, 1, limit).ok).toBe(false);
    expect(botCap([1000, 2000], 4000, 1, limit).ok).toBe(true);
    // a minute later the window is empty again
    expect(botCap([1000, 2000, 3000], 63_001, 1, limit).ok).toBe(true);
  });
});
