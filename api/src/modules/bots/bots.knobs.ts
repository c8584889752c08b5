import { BOT_MESSAGES_PER_MINUTE } from '@zapdesk/core';

/**
 * BOT_MESSAGES_PER_MINUTE (default core's BOT_MESSAGES_PER_MINUTE = 10, at least 2): the chatbot's messages one ticket
 * may get in a rolling minute; a step that would pass it stops the bot in that ticket (another bot answering ours).
 * A menu step sends 1–2 messages, so a person never reaches 10 in a minute; raise it for setups whose commands send
 * media plus text in quick succession. Read per step (no restart needed in tests).
 */
export function botMessagesPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.BOT_MESSAGES_PER_MINUTE;
  if (raw === undefined || raw.trim() === '') return BOT_MESSAGES_PER_MINUTE;
  const v = Number(raw);
  return Number.isInteger(v) && v >= 2 ? v : BOT_MESSAGES_PER_MINUTE;
}
