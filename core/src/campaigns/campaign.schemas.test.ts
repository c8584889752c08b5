import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import {
  addMonths,
  CAMPAIGN_SETUP_DEFAULTS,
  CAMPAIGN_SHEET_TEXTS,
  CAMPAIGN_TEXTS,
  CampaignMessageInput,
  CampaignSetupInput,
  CampaignSheetError,
  campaignInput,
  campaignScheduleLimits,
  campaignSheetRows,
  campaignUpdate,
  campaignV1,
  creatorProblems,
  DEFAULT_BUTTON_LIST,
  DEFAULT_WARMUP,
  defaultManagerSchedule,
  lowTMinRisk,
  mergeSendList,
  parseTypedNumbers,
  plainSendListItems,
  SendListItem,
} from './campaign.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('campaign setup schema', () => {
  test('defaults of spec 2 §9 and our ban-safety defaults', () => {
    const r = CampaignSetupInput.parse({ name: 'Black Friday', whatsapps: [3] });
    expect(r).toMatchObject({
      ticketSetStatus: 'closed',
      tMax: 10,
      tMin: 2,
      interval: 30,
      autoStart: true,
      webhookUrlConcluded: null,
      jsonButtonOrList: null,
      intervalJitterPct: 20,
      sendWindowStart: '08:00',
      sendWindowEnd: '20:00',
      breakerThreshold: 5,
      queueId: null,
      userId: null,
    });
    expect(r.warmup).toEqual([...DEFAULT_WARMUP]);
    expect(CAMPAIGN_SETUP_DEFAULTS.jsonButtonOrList).toEqual(DEFAULT_BUTTON_LIST);
    expect(DEFAULT_BUTTON_LIST.text).toBe('Você tem interesse?');
    expect(DEFAULT_BUTTON_LIST.buttons.map((b) => b.buttonText.displayText)).toEqual(['Sim', 'Não', 'Talvez']);
  });

  test('one or more connections required, with the spec text', () => {
    expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [] }))).toBe(
      'É necessário adicionar uma conexão para realizar campanhas',
    );
    expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x' }))).toBe(CAMPAIGN_TEXTS.connectionRequired);
    expect(CampaignSetupInput.parse({ name: 'x', whatsapps: ['2', 2, 5] }).whatsapps).toEqual([2, 5]);
  });

  test('tMax 10–60 step 5, tMin 1–10, interval options; strings from selects are accepted', () => {
    for (const tMax of [10, 15, 60, '25']) {
      expect(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], tMax }).success).toBe(true);
    }
    for (const tMax of [5, 12, 65, 0]) {
      expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], tMax }))).toBe(
        CAMPAIGN_TEXTS.tMaxInvalid,
      );
    }
    for (const tMin of [0, 11, 2.5]) {
      expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], tMin }))).toBe(
        CAMPAIGN_TEXTS.tMinInvalid,
      );
    }
    for (const interval of [5, 10, 20, 30, 40, 50, 60]) {
      expect(CampaignSetupInput.parse({ name: 'x', whatsapps: [1], interval }).interval).toBe(interval);
    }
    for (const interval of [15, 1, 90]) {
      expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], interval }))).toBe(
        CAMPAIGN_TEXTS.intervalInvalid,
      );
    }
    expect(CampaignSetupInput.parse({ name: 'x', whatsapps: [1], tMin: 10, tMax: 10 }).tMin).toBe(10);
    expect(lowTMinRisk(2)).toBe(true);
    expect(lowTMinRisk(3)).toBe(false);
  });

  test('ticketSetStatus open|pending|closed', () => {
    expect(CampaignSetupInput.parse({ name: 'x', whatsapps: [1], ticketSetStatus: 'open' }).ticketSetStatus).toBe(
      'open',
    );
    expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], ticketSetStatus: 'solved' }))).toBe(
      CAMPAIGN_TEXTS.ticketStatusInvalid,
    );
  });

  test('a field of the wrong type gets a Portuguese text (API clients), never a zod default', () => {
    expect(firstMessage(CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], autoStart: 'yes' }))).toBe(
      CAMPAIGN_TEXTS.valueInvalid,
    );
    expect(firstMessage(campaignUpdate(NOW).safeParse({ campaignDispatchs: 'a' }))).toBe(CAMPAIGN_TEXTS.valueInvalid);
    expect(campaignUpdate(NOW).parse({ name: 'x', campaignDispatchs: [] }).name).toBe('x');
  });

  test('webhookUrlConcluded: http(s) URL or empty', () => {
    const p = (u: unknown) => CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], webhookUrlConcluded: u });
    expect(p('https://example.com/hook').data?.webhookUrlConcluded).toBe('https://example.com/hook');
    expect(p('').data?.webhookUrlConcluded).toBeNull();
    expect(p(null).data?.webhookUrlConcluded).toBeNull();
    for (const bad of ['ftp://example.com', 'javascript:alert(1)', 'example.com', 'http://']) {
      expect(firstMessage(p(bad))).toBe('Deve ser uma URL válida');
    }
  });

  test('jsonButtonOrList: JSON text or object, at most 3 buttons with the spec text', () => {
    const p = (v: unknown) => CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], jsonButtonOrList: v });
    expect(p(JSON.stringify(DEFAULT_BUTTON_LIST)).data?.jsonButtonOrList).toEqual(DEFAULT_BUTTON_LIST);
    expect(p(DEFAULT_BUTTON_LIST).data?.jsonButtonOrList).toEqual(DEFAULT_BUTTON_LIST);
    const four = {
      ...DEFAULT_BUTTON_LIST,
      buttons: [...DEFAULT_BUTTON_LIST.buttons, { buttonId: '4', buttonText: { displayText: 'Nunca' }, type: 1 }],
    };
    expect(firstMessage(p(four))).toBe('O Whatsapp permite adicionar somente 3 botões por mensagens.');
    expect(firstMessage(p(JSON.stringify(four)))).toBe(CAMPAIGN_TEXTS.tooManyButtons);
    expect(firstMessage(p('{not json'))).toBe(CAMPAIGN_TEXTS.buttonListInvalid);
    expect(p({ buttons: [{ buttonId: 'a', buttonText: { displayText: 'Ok' } }] }).data?.jsonButtonOrList).toEqual({
      text: 'Você tem interesse?',
      footer: '',
      buttons: [{ buttonId: 'a', buttonText: { displayText: 'Ok' }, type: 1 }],
    });
  });

  test('ban-safety settings: window HH:MM, jitter 0–50, breaker 0–50, warm-up tiers from day 0 and growing', () => {
    const p = (v: object) => CampaignSetupInput.safeParse({ name: 'x', whatsapps: [1], ...v });
    expect(p({ sendWindowStart: '22:00', sendWindowEnd: '06:00' }).success).toBe(true);
    expect(firstMessage(p({ sendWindowStart: '24:00' }))).toBe(CAMPAIGN_TEXTS.windowInvalid);
    expect(firstMessage(p({ sendWindowStart: '23:30', sendWindowEnd: '00:15' }))).toBe(CAMPAIGN_TEXTS.windowTooShort);
    expect(p({ sendWindowStart: '09:00', sendWindowEnd: '09:00' }).success).toBe(true);
    expect(firstMessage(p({ intervalJitterPct: 60 }))).toBe(CAMPAIGN_TEXTS.jitterInvalid);
    expect(firstMessage(p({ breakerThreshold: -1 }))).toBe(CAMPAIGN_TEXTS.breakerInvalid);
    expect(p({ breakerThreshold: 0 }).data?.breakerThreshold).toBe(0);
    expect(firstMessage(p({ warmup: [{ fromDay: 1, perDay: 10 }] }))).toBe(CAMPAIGN_TEXTS.warmupFirstDay);
    expect(
      firstMessage(
        p({
          warmup: [
            { fromDay: 0, perDay: 50 },
            { fromDay: 7, perDay: 10 },
          ],
        }),
      ),
    ).toBe(CAMPAIGN_TEXTS.warmupOrder);
  });
});

describe('campaign message schema', () => {
  test('greeting required, text or media, body ≥ 5', () => {
    expect(firstMessage(CampaignMessageInput.safeParse({ greeting: ' ', body: 'Olá, tudo bem?' }))).toBe(
      'Adicione uma saudação',
    );
    expect(firstMessage(CampaignMessageInput.safeParse({ greeting: 'Oi', body: '' }))).toBe('Adicione uma mensagem');
    expect(firstMessage(CampaignMessageInput.safeParse({ greeting: 'Oi', body: 'abcd' }))).toBe('Mensagem muito curta');
    expect(CampaignMessageInput.parse({ greeting: 'Oi', body: 'abcde' })).toEqual({
      greeting: 'Oi',
      body: 'abcde',
      mediaName: null,
      typeMessage: 'Texto',
    });
    expect(CampaignMessageInput.parse({ greeting: 'Oi', mediaName: 'promo.png' }).typeMessage).toBe('Mídia');
    expect(CAMPAIGN_TEXTS.required).toBe('Obrigatório');
  });
});

describe('send list builder', () => {
  test('typed numbers split per line, 10+ digits kept, normalised, duplicates removed', () => {
    const r = parseTypedNumbers(
      '5511987654321\n+55 (11) 98765-4321\n\n12345\n 551187654321 \r\n5531999990000\nabcdefghijkl\n0000000000',
    );
    expect(r.entries.map((e) => e.number)).toEqual(['5511987654321', '5531999990000', '0000000000']);
    // '551187654321' is the legacy spelling of 5511987654321 (core's normaliser adds the 9th digit)
    expect(r.duplicates).toBe(2);
    expect(r.short).toBe(2);
  });

  test('merging keeps the first entry and fills a missing name', () => {
    const first = mergeSendList([], [{ number: '5511987654321' }]);
    const r = mergeSendList(first.entries, [{ number: '5511987654321', name: 'Ana', email: 'a@x.com' }]);
    expect(r.entries).toEqual([{ number: '5511987654321', name: 'Ana', email: 'a@x.com' }]);
    expect(r.duplicates).toBe(1);
  });

  test('property: the list never holds a repeated or short number, and every kept number came in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.stringMatching(/^\+?[0-9 ()-]{0,18}$/), fc.string()), { maxLength: 60 }),
        (xs) => {
          const r = parseTypedNumbers(xs.join('\n'));
          const nums = r.entries.map((e) => e.number);
          expect(new Set(nums).size).toBe(nums.length);
          for (const n of nums) expect(n).toMatch(/^\d{10,20}$/);
          const lines = xs
            .join('\n')
            .split(/\r?\n|[,;]/)
            .map((l) => l.trim())
            .filter(Boolean);
          expect(r.entries.length + r.short + r.duplicates).toBe(lines.length);
        },
      ),
    );
  });

  test('Excel rows: number, name_opcional, email_opcional; a bad optional e-mail is dropped', () => {
    const rows = campaignSheetRows([
      { row: 1, cells: ['number', 'name_opcional', 'email_opcional'] },
      { row: 2, cells: ['5511987654321', 'Ana', 'ana@x.com'] },
      { row: 3, cells: ['', '', ''] },
      { row: 4, cells: ['5511911112222', '', 'not-an-email'] },
    ]);
    expect(rows).toEqual([
      { number: '5511987654321', name: 'Ana', email: 'ana@x.com' },
      { number: '5511911112222', name: null, email: null },
    ]);
    expect(() => campaignSheetRows([{ row: 1, cells: ['nome', 'email'] }])).toThrow(
      new CampaignSheetError(CAMPAIGN_SHEET_TEXTS.missingNumber),
    );
    expect(() => campaignSheetRows([])).toThrow(CAMPAIGN_SHEET_TEXTS.empty);
  });
});

describe('campaign schemas', () => {
  test('creator: name, setup, schedule now … +1 month', () => {
    const s = campaignInput(NOW);
    expect(firstMessage(s.safeParse({ name: '', campaignSetupId: 1 }))).toBe('Adicione o nome da campanha');
    expect(firstMessage(s.safeParse({ name: 'x', campaignSetupId: '' }))).toBe('Selecione a Configuração da campanha');
    expect(s.parse({ name: 'x', campaignSetupId: '4', schedule: '' })).toEqual({
      name: 'x',
      campaignSetupId: 4,
      schedule: null,
    });
    const max = addMonths(NOW, 1);
    expect(s.parse({ name: 'x', campaignSetupId: 1, schedule: new Date(max).toISOString() }).schedule).toBe(
      new Date(max).toISOString(),
    );
    expect(
      firstMessage(s.safeParse({ name: 'x', campaignSetupId: 1, schedule: new Date(max + 1).toISOString() })),
    ).toBe(CAMPAIGN_TEXTS.scheduleTooFarCreator);
    expect(
      firstMessage(s.safeParse({ name: 'x', campaignSetupId: 1, schedule: new Date(NOW - 120_000).toISOString() })),
    ).toBe(CAMPAIGN_TEXTS.schedulePast);
  });

  test("manager's dialog: now … +2 months, default now + 2 h", () => {
    const limits = campaignScheduleLimits(NOW, 'manager');
    expect(limits.max).toBe(Date.UTC(2027, 0, 25, 12));
    expect(defaultManagerSchedule(NOW)).toBe(NOW + 2 * 3_600_000);
    const s = campaignUpdate(NOW);
    expect(s.parse({ schedule: new Date(limits.max).toISOString(), campaignDispatchs: [] }).schedule).toBe(
      new Date(limits.max).toISOString(),
    );
    expect(firstMessage(s.safeParse({ schedule: new Date(limits.max + 1).toISOString() }))).toBe(
      CAMPAIGN_TEXTS.scheduleTooFarManager,
    );
    expect(s.parse({ schedule: null }).schedule).toBeNull();
  });

  test('addMonths clamps the 31st to the shorter month', () => {
    expect(addMonths(Date.UTC(2026, 0, 31, 9), 1)).toBe(Date.UTC(2026, 1, 28, 9));
    expect(addMonths(Date.UTC(2026, 11, 31), 2)).toBe(Date.UTC(2027, 1, 28));
  });

  test('POST /api/campaign/v1 campaign JSON: text or object, messages and contacts required, list cleaned', () => {
    const s = campaignV1(NOW);
    const ok = s.parse(
      JSON.stringify({
        name: 'Promo',
        schedule: null,
        messages: [{ greeting: 'Olá {{name}}', body: 'Temos novidades' }],
        sendList: [
          { number: '5511987654321', name_opcional: 'Ana', email_opcional: 'ana@x.com' },
          { number: 551187654321 },
          { number: '123' },
          { number: '5531999990000', name: 'Bia' },
        ],
      }),
    );
    expect(ok.sendList).toEqual([
      { number: '5511987654321', name: 'Ana', email: 'ana@x.com' },
      { number: '5531999990000', name: 'Bia', email: null },
    ]);
    expect(ok.dropped).toEqual({ short: 1, duplicates: 1 });
    expect(ok.messages[0]?.typeMessage).toBe('Texto');
    expect(firstMessage(s.safeParse({ name: 'x', messages: [], sendList: [{ number: '5511987654321' }] }))).toBe(
      'Adicione ao menos uma mensagem',
    );
    expect(firstMessage(s.safeParse({ name: 'x', messages: [{ greeting: 'a', body: 'abcdef' }], sendList: [] }))).toBe(
      'Adicione ao menos um contato',
    );
    expect(
      firstMessage(
        s.safeParse({ name: 'x', messages: [{ greeting: 'a', body: 'abcdef' }], sendList: [{ number: '12' }] }),
      ),
    ).toBe('Adicione ao menos um contato');
    expect(firstMessage(s.safeParse('{oops'))).toBe(CAMPAIGN_TEXTS.campaignJsonInvalid);
  });

  test("creator's warning toasts in the spec's order", () => {
    const base = { name: 'x', campaignSetupId: 1, messages: [1], sendList: [1] };
    expect(creatorProblems({ ...base, name: ' ' })).toBe(CAMPAIGN_TEXTS.nameRequired);
    expect(creatorProblems({ ...base, campaignSetupId: null })).toBe(CAMPAIGN_TEXTS.setupRequired);
    expect(creatorProblems({ ...base, messages: [] })).toBe(CAMPAIGN_TEXTS.messagesRequired);
    expect(creatorProblems({ ...base, sendList: [] })).toBe(CAMPAIGN_TEXTS.contactsRequired);
    expect(creatorProblems(base)).toBeNull();
  });
});

describe('the send list fast path', () => {
  const schema = z.array(SendListItem);
  const text = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('', '  ', ' Ana ', 'a'.repeat(200), 'a'.repeat(201)),
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    fc.constant({}),
  );
  const item = fc.oneof(
    fc.record(
      {
        number: fc.oneof(fc.string({ maxLength: 14 }), fc.integer(), fc.double(), fc.constant(null), fc.constant([])),
        name: text,
        name_opcional: text,
        email: text,
        email_opcional: text,
        extra: text,
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(null, 'x', 1, [] as unknown),
  );

  test("the web creator's `email` and the sheet's `email_opcional` both reach the entry", () => {
    const list = [
      { number: '5511987654321', name: 'Ana', email: ' ana@x.com ' },
      { number: '5511987654322', email_opcional: 'bia@x.com' },
    ];
    const want = [
      { number: '5511987654321', name: 'Ana', email: 'ana@x.com' },
      { number: '5511987654322', name: null, email: 'bia@x.com' },
    ];
    expect(plainSendListItems(list)).toEqual(want);
    expect(schema.parse(list)).toEqual(want);
  });

  test('plainSendListItems answers what z.array(SendListItem) answers, or null where the schema refuses', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), (list) => {
        const plain = plainSendListItems(list);
        const slow = schema.safeParse(list);
        if (plain) expect(slow.success && slow.data).toEqual(plain);
        else expect(slow.success).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  test('a list the fast path declines keeps the schema’s issues and paths', () => {
    const s = campaignV1(NOW);
    const base = { name: 'x', messages: [{ greeting: 'a', body: 'abcdef' }] };
    const bad = s.safeParse({ ...base, sendList: [{ number: '5511987654321' }, { number: {} }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sendList.1.number', CAMPAIGN_TEXTS.numberInvalid],
    ]);
    const long = s.safeParse({ ...base, sendList: [{ number: '5511987654321', name: 'a'.repeat(201) }] });
    expect(long.error?.issues.map((i) => i.path.join('.'))).toEqual(['sendList.0.name']);
    expect(firstMessage(s.safeParse({ ...base }))).toBe(CAMPAIGN_TEXTS.contactsRequired);
    expect(firstMessage(s.safeParse({ ...base, sendList: 'x' }))).toBe(CAMPAIGN_TEXTS.contactsRequired);
    const tooMany = Array.from({ length: 100_001 }, (_, i) => ({ number: String(5511900000000 + i) }));
    expect(firstMessage(s.safeParse({ ...base, sendList: tooMany }))).toBe(CAMPAIGN_TEXTS.tooManyContacts);
    const max = s.parse({ ...base, sendList: tooMany.slice(1) });
    expect(max.sendList).toHaveLength(100_000);
  });
});
