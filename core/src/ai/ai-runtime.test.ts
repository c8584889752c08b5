import { describe, expect, test } from 'bun:test';
import { BOT_CONFIG_DEFAULTS, BotConfigInput, integrationModels } from './ai.schemas';
import { answerDueAt, buildAiHistory, cutAtStop, decideTurn, isIgnored, stopSequences, typingMs } from './ai-runtime';

describe('AI runtime decisions', () => {
  test('history: context, initial messages, the last N oldest first, roles right', () => {
    const h = buildAiHistory(
      {
        context: ' ctx ',
        initialMessages: [
          { body: 'a', fromMe: false },
          { body: 'b', fromMe: true },
        ],
        maxMessagesForDialog: 2,
      },
      [
        { body: 'new', fromMe: false, at: 30 },
        { body: 'old', fromMe: false, at: 10 },
        { body: 'mid', fromMe: true, at: 20 },
        { body: '', fromMe: false, at: 40 },
      ],
    );
    expect(h).toEqual([
      { role: 'system', content: 'ctx' },
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
      { role: 'assistant', content: 'mid' },
      { role: 'user', content: 'new' },
    ]);
  });

  test('ignoreWords: whole words or phrases, case and accents ignored', () => {
    expect(isIgnored('Quero falar com um HUMANO!', 'atendente, humano')).toBe(true);
    expect(isIgnored('humanidade', 'humano')).toBe(false);
    expect(isIgnored('a segunda   via', 'segunda via')).toBe(true);
    expect(isIgnored('Não', 'nao')).toBe(true);
    expect(isIgnored('qualquer', '')).toBe(false);
  });

  test('stop sequences (at most 4) and the cut', () => {
    expect(stopSequences('###, FIM\nx, y, z')).toEqual(['###', 'FIM', 'x', 'y']);
    expect(cutAtStop('olá ### resto FIM', ['FIM', '###'])).toBe('olá');
  });

  test('typing proportional to typingSpeed, capped; 0 means none', () => {
    expect(typingMs('x'.repeat(100), 100)).toBe(1000);
    expect(typingMs('x'.repeat(100), 50)).toBe(2000);
    expect(typingMs('x'.repeat(10_000), 1)).toBe(15_000);
    expect(typingMs('abc', 0)).toBe(0);
  });

  test('debounce: quiet firstDelay, capped by lastDelay after the burst started', () => {
    expect(answerDueAt({ burstStartedAt: 0, lastMessageAt: 0, firstDelay: 5, lastDelay: 10 })).toBe(5000);
    expect(answerDueAt({ burstStartedAt: 0, lastMessageAt: 8000, firstDelay: 5, lastDelay: 10 })).toBe(10_000);
    expect(answerDueAt({ burstStartedAt: 0, lastMessageAt: 0, firstDelay: 5, lastDelay: 0 })).toBe(5000);
  });

  test('turn: complete, hand over at the limit, nothing when taken or inactive', () => {
    expect(decideTurn({ status: 'active', exchanges: 1 }, { maxMessagesForDialog: 2 }, false).kind).toBe('complete');
    expect(decideTurn({ status: 'active', exchanges: 2 }, { maxMessagesForDialog: 2 }, false).kind).toBe('handOver');
    expect(decideTurn({ status: 'active', exchanges: 0 }, { maxMessagesForDialog: 2 }, true).kind).toBe('none');
    expect(decideTurn({ status: 'handedOver', exchanges: 0 }, { maxMessagesForDialog: 2 }, false).kind).toBe('none');
  });

  test('the form: §3 defaults, §5 steps; models from the integration', () => {
    expect(BotConfigInput.parse({ name: 'p' })).toMatchObject({
      ...BOT_CONFIG_DEFAULTS,
      lastQueueId: null,
      initialMessages: [],
    });
    expect(BotConfigInput.parse({ name: 'p', temperature: '0.34', maxTokens: 104 })).toMatchObject({
      temperature: 0.3,
      maxTokens: 100,
    });
    expect(integrationModels('{"models":["llama3","gpt-4",3]}')).toEqual([
      'gpt-3.5-turbo',
      'gpt-4',
      'gpt-4o',
      'llama3',
    ]);
    expect(integrationModels('nope')).toEqual(['gpt-3.5-turbo', 'gpt-4', 'gpt-4o']);
  });
});
