import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { BotCommandInput, BotSetupInput, DEFAULT_MESSAGE_ON_ERRORS_BOT, hierarchyTypeName } from './bot.schemas';
import {
  answerBot,
  type BotCommandNode,
  type BotRules,
  type BotState,
  botCap,
  botEngages,
  renderMenu,
  startBot,
  timeoutBot,
} from './bot-walk';

const node = (commandBot: string, commandType: number, extra: Partial<BotCommandNode> = {}): BotCommandNode => ({
  commandBot,
  commandType,
  descriptionBot: `Opção ${commandBot}`,
  showMessage: `Mensagem ${commandBot}`,
  typeMessage: 'singleMessage',
  flowId: null,
  botConfigId: null,
  userId: null,
  queueId: null,
  tags: [],
  botCategoryContacts: [],
  webhook: '',
  mediaUrl: null,
  ...extra,
});

/** 1 Vendas (menu) → 1.1 Informativo, 1.2 Setor (queue 7); 2 Atendente (user 3); 3 Finalizar; 4 Pergunta → 4.1 Setor */
const tree: BotCommandNode[] = [
  node('1', 2, { descriptionBot: 'Vendas', showMessage: 'Menu de vendas' }),
  node('1.1', 1, { descriptionBot: 'Preços', showMessage: 'Nossa tabela de preços' }),
  node('1.2', 3, { descriptionBot: 'Falar com vendas', queueId: 7, tags: [5], botCategoryContacts: [6] }),
  node('2', 4, { descriptionBot: 'Falar com Ana', userId: 3, queueId: 7 }),
  node('3', 5, { descriptionBot: 'Encerrar' }),
  node('4', 7, {
    descriptionBot: 'Seu e-mail',
    showMessage: 'Qual é o seu e-mail?',
    webhook: 'https://hooks.example.com/x',
  }),
  node('5', 8, { descriptionBot: 'IA', botConfigId: 9 }),
  node('6', 1, { descriptionBot: 'Vídeo', typeMessage: 'flow', flowId: 11 }),
];

const rules: BotRules = {
  countErrorsBot: 2,
  messageOnErrorsBot: 'Opção inválida',
  actionWithoutQueue: 'transferQueueDefault',
  timeWithoutQueue: 5,
  messageOnWithoutQueue: 'Transferindo',
  transferQueueId: 99,
};
const root: BotState = { position: '', awaiting: 'choice', errors: 0, status: 'active' };

describe('the walk', () => {
  test('start: the root menu with every top-level option, and the silence timer', () => {
    const s = startBot(tree, rules);
    expect(s.state).toEqual(root);
    expect(s.say).toHaveLength(1);
    const body = (s.say[0] as { body: string }).body;
    expect(body).toContain('*1* - Vendas');
    expect(body).toContain('*5* - IA');
    expect(body).not.toContain('1.1');
    expect(body).not.toContain('*#*');
    expect(s.timerMinutes).toBe(5);
    expect(startBot(tree, { ...rules, actionWithoutQueue: 'none' }).timerMinutes).toBeNull();
  });

  test('menu (2): moves down and lists its options with its message, a back option', () => {
    const s = answerBot(tree, rules, root, '1');
    expect(s.state).toEqual({ position: '1', awaiting: 'choice', errors: 0, status: 'active' });
    expect(s.say).toHaveLength(1);
    const body = (s.say[0] as { body: string }).body;
    expect(body.startsWith('Menu de vendas')).toBe(true);
    expect(body).toContain('*1* - Preços');
    expect(body).toContain('*2* - Falar com vendas');
    expect(body).toContain('*#* - Voltar ao menu inicial');
    // '#' goes back to the root; the full path works too
    expect(answerBot(tree, rules, s.state, '#').state.position).toBe('');
    expect(answerBot(tree, rules, root, '*1*').state.position).toBe('1');
  });

  test('informative (1): answers and stays', () => {
    const at1: BotState = { ...root, position: '1' };
    const s = answerBot(tree, rules, at1, '1');
    expect(s.state).toEqual(at1);
    expect(s.say).toEqual([{ kind: 'text', body: 'Nossa tabela de preços' }]);
    expect(s.reason).toBeNull();
  });

  test('sector (3): the ticket moves to the queue, tags and categories applied, the bot stops', () => {
    const s = answerBot(tree, rules, { ...root, position: '1' }, '2');
    expect(s.state.status).toBe('done');
    expect(s.reason).toBe('sector');
    expect(s.actions).toEqual([
      { kind: 'applyTags', tagIds: [5] },
      { kind: 'applyCategories', categoryIds: [6] },
      { kind: 'moveToQueue', queueId: 7 },
    ]);
    expect(s.timerMinutes).toBeNull();
  });

  test('attendant (4) assigns the user; resolve (5) closes; GPT (8) hands to the AI; all stop', () => {
    const a = answerBot(tree, rules, root, '2');
    expect(a.actions).toEqual([{ kind: 'assignUser', userId: 3, queueId: 7 }]);
    expect([a.state.status, a.reason]).toEqual(['done', 'attendant']);
    const r = answerBot(tree, rules, root, '3');
    expect(r.actions).toEqual([{ kind: 'close' }]);
    expect(r.reason).toBe('resolve');
    const g = answerBot(tree, rules, root, '5');
    expect(g.actions).toEqual([{ kind: 'aiPrompt', botConfigId: 9 }]);
    expect(g.reason).toBe('ai');
  });

  test('question (7): asks, stores the next message under its description, calls its webhook, back to the menu', () => {
    const ask = answerBot(tree, rules, root, '4');
    expect(ask.state).toEqual({ position: '4', awaiting: 'answer', errors: 0, status: 'active' });
    expect(ask.say).toEqual([{ kind: 'text', body: 'Qual é o seu e-mail?' }]);
    expect(ask.actions).toEqual([]);
    const got = answerBot(tree, rules, ask.state, '  ana@example.com ');
    expect(got.actions).toEqual([
      { kind: 'storeAnswer', name: 'Seu e-mail', value: 'ana@example.com' },
      { kind: 'webhook', url: 'https://hooks.example.com/x', commandBot: '4', answer: 'ana@example.com' },
    ]);
    expect(got.state).toEqual(root);
    expect((got.say[0] as { body: string }).body).toContain('*1* - Vendas');
    // a question with options lists them after the answer
    const withChild = [...tree, node('4.1', 3, { queueId: 8 })];
    expect(answerBot(withChild, rules, ask.state, 'x').state.position).toBe('4');
  });

  test('a flow command runs the flow instead of its message', () => {
    const s = answerBot(tree, rules, root, '6');
    expect(s.say).toEqual([]);
    expect(s.actions).toEqual([{ kind: 'runFlow', flowId: 11 }]);
  });

  test('forceNextFlow: an informative, menu or question flow command hands over to the flow (the bot stops)', () => {
    const menuFlow = [
      ...tree,
      node('7', 2, { typeMessage: 'flow', flowId: 12, forceNextFlow: true }),
      node('7.1', 1),
      node('8', 5, { typeMessage: 'flow', flowId: 13, forceNextFlow: true }),
    ];
    for (const [pick, flowId] of [
      ['7', 12],
      ['6', 11],
    ] as const) {
      const forced = pick === '7';
      const s = answerBot(menuFlow, rules, root, pick);
      expect(s.actions).toEqual([{ kind: 'runFlow', flowId }]);
      if (forced) {
        expect([s.say, s.state.status, s.reason, s.timerMinutes]).toEqual([[], 'done', 'flow', null]);
      } else {
        expect([s.state.status, s.reason]).toEqual(['active', null]);
      }
    }
    // without the toggle the menu command lists its options after the flow
    const plain = answerBot(
      menuFlow.map((c) => (c.commandBot === '7' ? { ...c, forceNextFlow: false } : c)),
      rules,
      root,
      '7',
    );
    expect([plain.state.position, plain.state.status, (plain.say[0] as { body: string }).body]).toEqual([
      '7',
      'active',
      expect.stringContaining('*1* - Opção 7.1'),
    ]);
    // a type that moves the ticket still moves it (after the flow)
    const resolve = answerBot(menuFlow, rules, root, '8');
    expect(resolve.actions).toEqual([{ kind: 'runFlow', flowId: 13 }, { kind: 'close' }]);
    expect(resolve.reason).toBe('resolve');
  });

  test('invalid answers: counted, answered with messageOnErrorsBot and the menu; at countErrorsBot the no-queue action', () => {
    const first = answerBot(tree, rules, root, 'banana');
    expect(first.state.errors).toBe(1);
    expect(first.say.map((s) => (s as { body: string }).body)[0]).toBe('Opção inválida');
    expect((first.say[1] as { body: string }).body).toContain('*1* - Vendas');
    const second = answerBot(tree, rules, first.state, '42');
    expect(second.state.status).toBe('done');
    expect(second.reason).toBe('errors');
    expect(second.say).toEqual([{ kind: 'text', body: 'Transferindo' }]);
    expect(second.actions).toEqual([{ kind: 'moveToQueue', queueId: 99 }]);
    // a valid pick resets the count
    const reset = answerBot(tree, rules, first.state, '1');
    expect(reset.state.errors).toBe(0);
    // sendMessageAndClosed; none (the bot stops silently); countErrorsBot 0: the first invalid answer acts
    const closed = answerBot(tree, { ...rules, actionWithoutQueue: 'sendMessageAndClosed' }, first.state, 'x');
    expect(closed.actions).toEqual([{ kind: 'close' }]);
    const none = answerBot(tree, { ...rules, actionWithoutQueue: 'none' }, first.state, 'x');
    expect([none.state.status, none.say, none.actions]).toEqual(['done', [], []]);
    expect(answerBot(tree, { ...rules, countErrorsBot: 0 }, root, 'x').reason).toBe('errors');
  });

  test('a stopped bot says nothing', () => {
    const s = answerBot(tree, rules, { ...root, status: 'done' }, '1');
    expect([s.say, s.actions]).toEqual([[], []]);
  });

  test('silence: the no-queue action only while active and without a queue', () => {
    expect(timeoutBot(rules, root, { queueId: null })?.actions).toEqual([{ kind: 'moveToQueue', queueId: 99 }]);
    expect(timeoutBot(rules, root, { queueId: 4 })).toBeNull();
    expect(timeoutBot(rules, { ...root, status: 'done' }, { queueId: null })).toBeNull();
    expect(timeoutBot({ ...rules, actionWithoutQueue: 'none' }, root, { queueId: null })).toBeNull();
  });

  test('the menu text', () => {
    expect(renderMenu(tree, '1', 'Olá')).toBe(
      'Olá\n\nDigite o número da opção desejada:\n*1* - Preços\n*2* - Falar com vendas\n*#* - Voltar ao menu inicial',
    );
  });
});

describe('who the bot answers, the cap, timers on an injected clock', () => {
  const base = { ticket: { status: 'pending', userId: null, isGroup: false }, fromMe: false, reopenBotAfterHours: 0 };
  const now = Date.UTC(2026, 10, 25, 12);
  test('never fromMe, groups, an owned or a closed ticket', () => {
    expect(botEngages({ ...base, previousClosedAt: null, now })).toBe(true);
    expect(botEngages({ ...base, fromMe: true, previousClosedAt: null, now })).toBe(false);
    expect(botEngages({ ...base, ticket: { ...base.ticket, isGroup: true }, previousClosedAt: null, now })).toBe(false);
    expect(botEngages({ ...base, ticket: { ...base.ticket, userId: 2 }, previousClosedAt: null, now })).toBe(false);
    expect(botEngages({ ...base, ticket: { ...base.ticket, status: 'open' }, previousClosedAt: null, now })).toBe(
      false,
    );
  });
  test('reopenBotAfterHours: a recently closed contact waits; 0 is disabled', () => {
    const closed = now - 2 * 3_600_000;
    expect(botEngages({ ...base, reopenBotAfterHours: 3, previousClosedAt: closed, now })).toBe(false);
    expect(botEngages({ ...base, reopenBotAfterHours: 2, previousClosedAt: closed, now })).toBe(true);
    expect(botEngages({ ...base, reopenBotAfterHours: 0, previousClosedAt: now - 1, now })).toBe(true);
  });
  test('the cap: at most 10 bot messages in any rolling minute', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(120_000), { maxLength: 40 }), fc.integer({ min: 1, max: 3 }), (offsets, count) => {
        let sent: number[] = [];
        for (const o of [...offsets].sort((a, b) => a - b)) {
          const at = now + o;
          const c = botCap(sent, at, count);
          if (c.ok) sent = [...c.recent, ...Array(count).fill(at)];
          else sent = c.recent;
          // invariant: never more than the cap in the window ending now
          expect(sent.filter((t) => at - t < 60_000).length).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});

describe('forms', () => {
  test('a setup takes the spec defaults', () => {
    const s = BotSetupInput.parse({ name: 'Atendimento' });
    expect(s).toMatchObject({
      typingTime: 5,
      reopenBotAfterHours: 0,
      countErrorsBot: 2,
      typeMenu: 'text',
      actionWithoutQueue: 'none',
      timeWithoutQueue: 5,
      messageOnErrorsBot: DEFAULT_MESSAGE_ON_ERRORS_BOT,
      transferQueueId: null,
      whatsapps: [],
      botType: 'common',
    });
    expect(BotSetupInput.safeParse({ name: 'x', typingTime: 7 }).success).toBe(false);
    expect(BotSetupInput.safeParse({ name: 'x', timeWithoutQueue: 4 }).success).toBe(false);
    expect(BotSetupInput.safeParse({ name: 'x', reopenBotAfterHours: 7 }).success).toBe(false);
    expect(BotSetupInput.safeParse({ name: 'x', reopenBotAfterHours: 672 }).success).toBe(true);
    const noQueue = BotSetupInput.safeParse({ name: 'x', actionWithoutQueue: 'transferQueueDefault' });
    expect(noQueue.error?.issues[0]?.message).toBe('Selecione a fila de transferência');
  });

  test('a command: the spec texts', () => {
    const msg = (v: unknown) => BotCommandInput.safeParse(v).error?.issues[0]?.message;
    const ok = { commandBot: '1', commandType: 1, botSetupId: 1 };
    expect(BotCommandInput.parse(ok)).toMatchObject({ typeMessage: 'singleMessage', webhook: '', tags: [] });
    expect(msg({ ...ok, commandBot: undefined })).toBe('Obrigatório');
    expect(msg({ ...ok, commandBot: '' })).toBe('Muito curto!');
    expect(msg({ ...ok, commandBot: '1.'.repeat(30) })).toBe('Muito longo!');
    expect(msg({ ...ok, webhook: 'not a url' })).toBe('Deve ser uma URL válida');
    expect(msg({ ...ok, commandType: 6 })).toBe('Tipo de comando inválido');
    expect(msg({ ...ok, commandType: 3 })).toBe('Selecione uma fila');
    expect(msg({ ...ok, commandType: 4 })).toBe('Selecione um atendente');
    expect(msg({ ...ok, typeMessage: 'flow' })).toBe('Selecione um fluxo');
  });

  test('hierarchy type names: 1–5 and 7, anything else Erro', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 0].map(hierarchyTypeName)).toEqual([
      'Informativo',
      'Menu',
      'Setor',
      'Atendente',
      'Finalizar ticket',
      'Erro',
      'Pergunta',
      'Erro',
      'Erro',
    ]);
  });
});
