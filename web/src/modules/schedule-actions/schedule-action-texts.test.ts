import { beforeAll, expect, test } from 'bun:test';
import { i18n } from '@lingui/core';
import { SCHEDULE_ACTION_TEXTS } from '@zapdesk/core';
import { installLinguiMacros } from '../../test/lingui-macro';

await installLinguiMacros();
const { formatJobTime, SCHEDULE_ACTION_MESSAGES, translateScheduleActionText } = await import(
  './schedule-action-texts'
);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});

test('every core text has its translation source, spelled exactly as core says it', () => {
  for (const [key, text] of Object.entries(SCHEDULE_ACTION_TEXTS)) {
    const m = SCHEDULE_ACTION_MESSAGES[key as keyof typeof SCHEDULE_ACTION_TEXTS];
    expect({ key, text: i18n._(m) }).toEqual({ key, text });
    expect(translateScheduleActionText(text)).toBe(text);
  }
  expect(translateScheduleActionText(`${SCHEDULE_ACTION_TEXTS.unknownField}: ticketid`)).toBe(
    `${SCHEDULE_ACTION_TEXTS.unknownField}: ticketid`,
  );
});

test('job times are DD/MM/YYYY HH:mm:ss in local time, null stays null', () => {
  const d = new Date(2026, 10, 5, 7, 3, 9);
  expect(formatJobTime(d.getTime())).toBe('05/11/2026 07:03:09');
  expect(formatJobTime(null)).toBeNull();
});
