import { describe, expect, test } from 'bun:test';
import { CAMPAIGN_TEXTS, type CampaignSetupDto, CampaignSetupInput, DEFAULT_BUTTON_LIST } from '@zapdesk/core';
import { canAddButton, mayEditSetup, newSetupForm, nextWarmupTier, setupBody, setupFormOf } from './setup-form';

const stored: CampaignSetupDto = {
  id: 7,
  name: 'Natal',
  queueId: 2,
  queue: { id: 2, name: 'Vendas' },
  userId: 5,
  user: { id: 5, name: 'Ana' },
  whatsapps: [
    { id: 3, name: 'Demo API' },
    { id: 4, name: 'Vendas 2' },
  ],
  ticketSetStatus: 'pending',
  tMax: 20,
  tMin: 5,
  interval: 40,
  autoStart: false,
  webhookUrlConcluded: 'https://exemplo.com/fim',
  jsonButtonOrList: JSON.stringify({
    ...DEFAULT_BUTTON_LIST,
    text: 'Quer?',
    buttons: DEFAULT_BUTTON_LIST.buttons.slice(0, 2),
  }),
  intervalJitterPct: 10,
  sendWindowStart: '09:00',
  sendWindowEnd: '18:00',
  breakerThreshold: 3,
  warmup: [{ fromDay: 0, perDay: 30 }],
  companyId: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('setup form', () => {
  test("a new setup: the spec's defaults and the default buttons (Você tem interesse? Sim, Não, Talvez)", () => {
    const f = newSetupForm();
    expect(f).toMatchObject({ tMax: 10, tMin: 2, interval: 30, ticketSetStatus: 'closed', autoStart: true });
    expect(f.buttonTitle).toBe('Você tem interesse?');
    expect(f.buttons).toEqual(['Sim', 'Não', 'Talvez']);
    expect(canAddButton(f)).toBe(false);
    // without a connection the schema refuses with the spec's text
    const r = CampaignSetupInput.safeParse(setupBody({ ...f, name: 'x' }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(CAMPAIGN_TEXTS.connectionRequired);
    const ok = CampaignSetupInput.parse(setupBody({ ...f, name: 'x', whatsapps: [3] }));
    expect(ok.jsonButtonOrList).toEqual(DEFAULT_BUTTON_LIST);
  });

  test('a stored setup round-trips through the form to the same body', () => {
    const f = setupFormOf(stored);
    expect(f.buttons).toEqual(['Sim', 'Não']);
    const body = CampaignSetupInput.parse(setupBody(f));
    expect(body).toMatchObject({
      name: 'Natal',
      whatsapps: [3, 4],
      queueId: 2,
      userId: 5,
      ticketSetStatus: 'pending',
      tMax: 20,
      tMin: 5,
      interval: 40,
      autoStart: false,
      webhookUrlConcluded: 'https://exemplo.com/fim',
      intervalJitterPct: 10,
      sendWindowStart: '09:00',
      sendWindowEnd: '18:00',
      breakerThreshold: 3,
      warmup: [{ fromDay: 0, perDay: 30 }],
    });
    expect(body.jsonButtonOrList?.text).toBe('Quer?');
    expect(setupFormOf(stored, 'Natal (cópia)').name).toBe('Natal (cópia)');
  });

  test('buttons off send null; a fourth button is refused with the spec text; empty webhook is null', () => {
    const f = setupFormOf(stored);
    expect(setupBody({ ...f, buttonsOn: false }).jsonButtonOrList).toBeNull();
    const four = CampaignSetupInput.safeParse(setupBody({ ...f, buttons: ['a', 'b', 'c', 'd'] }));
    expect(four.error?.issues[0]?.message).toBe(CAMPAIGN_TEXTS.tooManyButtons);
    expect(setupBody({ ...f, webhookUrlConcluded: '  ' }).webhookUrlConcluded).toBeNull();
    expect(setupFormOf({ ...stored, jsonButtonOrList: 'not json' }).buttonsOn).toBe(false);
  });

  test('warm-up tiers grow; owner or admin edits', () => {
    expect(nextWarmupTier([{ fromDay: 0, perDay: 20 }])).toEqual({ fromDay: 7, perDay: 40 });
    expect(mayEditSetup({ id: 1, profile: 'admin' }, { userId: 5 })).toBe(true);
    expect(mayEditSetup({ id: 5, profile: 'user' }, { userId: 5 })).toBe(true);
    expect(mayEditSetup({ id: 6, profile: 'user' }, { userId: 5 })).toBe(false);
    expect(mayEditSetup(null, { userId: 5 })).toBe(false);
  });
});
