import { describe, expect, test } from 'bun:test';
import { BotConfigInput, type IntegrationDto } from '@zapdesk/core';
import { modelChoices, newPromptForm, promptBody, rangeOf, SLIDER_FIELDS, sliderText } from './prompt-form';

describe('prompt form', () => {
  test('a new prompt has the §3 defaults and passes the core schema once named', () => {
    const f = newPromptForm();
    expect(f).toMatchObject({
      firstDelay: 5,
      lastDelay: 10,
      typingSpeed: 100,
      model: 'gpt-3.5-turbo',
      temperature: 0.1,
      frequencyPenalty: 0.9,
      presencePenalty: 0.9,
      topP: 0.5,
      maxTokens: 1000,
      maxMessagesForDialog: 10,
    });
    expect(BotConfigInput.safeParse(promptBody(f)).success).toBe(false);
    expect(BotConfigInput.safeParse(promptBody({ ...f, name: 'Vendas' })).success).toBe(true);
  });

  test('every §5 slider, with its range', () => {
    expect(SLIDER_FIELDS).toHaveLength(9);
    expect(rangeOf('maxMessagesForDialog')).toEqual([2, 100, 1]);
    expect(rangeOf('maxTokens')).toEqual([100, 2000, 10]);
    expect(rangeOf('presencePenalty')).toEqual([0, 1, 0.1]);
    expect(sliderText('temperature', 0.1)).toBe('0.1');
    expect(sliderText('topP', 0)).toBe('0.0');
    expect(sliderText('maxTokens', 1000)).toBe('1000');
  });

  test("model choices: §5's three, or the integration's list; the stored model stays choosable", () => {
    expect(modelChoices(null, 'gpt-4')).toEqual(['gpt-3.5-turbo', 'gpt-4', 'gpt-4o']);
    const integration = { models: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o', 'llama-3'] } as IntegrationDto;
    expect(modelChoices(integration, 'gpt-4')).toEqual(['gpt-3.5-turbo', 'gpt-4', 'gpt-4o', 'llama-3']);
    expect(modelChoices(null, 'old-model')).toEqual(['gpt-3.5-turbo', 'gpt-4', 'gpt-4o', 'old-model']);
  });
});
