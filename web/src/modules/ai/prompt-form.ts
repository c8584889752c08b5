import {
  AI_MODELS,
  BOT_CONFIG_DEFAULTS,
  BOT_CONFIG_RANGES,
  type BotConfigDto,
  type BotConfigInputRaw,
  type BotConfigRangeField,
  type IntegrationDto,
} from '@zapdesk/core';

/** The prompt dialog's form (spec 2 §3): every field of a bot config; sliders hold numbers. */
export type PromptForm = {
  name: string;
  context: string;
  integrationId: number | null;
  model: string;
  ignoreWords: string;
  stop: string;
  inactivityMessage: string;
  messageForMaxMessagesExceeded: string;
  lastQueueId: number | null;
  initialMessages: { body: string; fromMe: boolean }[];
} & Record<BotConfigRangeField, number>;

/** The §5 sliders in the dialog's order. */
export const SLIDER_FIELDS: BotConfigRangeField[] = [
  'maxMessagesForDialog',
  'firstDelay',
  'lastDelay',
  'typingSpeed',
  'temperature',
  'maxTokens',
  'topP',
  'frequencyPenalty',
  'presencePenalty',
];

export function newPromptForm(): PromptForm {
  return {
    name: '',
    context: '',
    integrationId: null,
    model: BOT_CONFIG_DEFAULTS.model,
    ignoreWords: '',
    stop: '',
    inactivityMessage: '',
    messageForMaxMessagesExceeded: '',
    lastQueueId: null,
    initialMessages: [],
    maxMessagesForDialog: BOT_CONFIG_DEFAULTS.maxMessagesForDialog,
    firstDelay: BOT_CONFIG_DEFAULTS.firstDelay,
    lastDelay: BOT_CONFIG_DEFAULTS.lastDelay,
    typingSpeed: BOT_CONFIG_DEFAULTS.typingSpeed,
    temperature: BOT_CONFIG_DEFAULTS.temperature,
    maxTokens: BOT_CONFIG_DEFAULTS.maxTokens,
    topP: BOT_CONFIG_DEFAULTS.topP,
    frequencyPenalty: BOT_CONFIG_DEFAULTS.frequencyPenalty,
    presencePenalty: BOT_CONFIG_DEFAULTS.presencePenalty,
  };
}

export function promptFormOf(p: BotConfigDto): PromptForm {
  const form = newPromptForm();
  for (const f of SLIDER_FIELDS) form[f] = p[f];
  return {
    ...form,
    name: p.name,
    context: p.context,
    integrationId: p.integration?.id ?? p.integrationId ?? null,
    model: p.model,
    ignoreWords: p.ignoreWords,
    stop: p.stop,
    inactivityMessage: p.inactivityMessage,
    messageForMaxMessagesExceeded: p.messageForMaxMessagesExceeded,
    lastQueueId: p.lastQueue?.id ?? p.lastQueueId ?? null,
    initialMessages: p.initialMessages.map((m) => ({ body: m.body, fromMe: m.fromMe })),
  };
}

export const promptBody = (f: PromptForm): BotConfigInputRaw => ({ ...f });

/** The model choices: §5's three, or the chosen integration's list; the stored model always stays choosable. */
export function modelChoices(integration: IntegrationDto | null | undefined, current: string): string[] {
  const list: string[] = integration?.models?.length ? [...integration.models] : [...AI_MODELS];
  if (current && !list.includes(current)) list.push(current);
  return list;
}

/** [min, max, step] of a §5 slider. */
export const rangeOf = (f: BotConfigRangeField) => BOT_CONFIG_RANGES[f];

/** A slider's value as shown (one decimal for the fractional ones). */
export function sliderText(f: BotConfigRangeField, v: number): string {
  return rangeOf(f)[2] < 1 ? v.toFixed(1) : String(v);
}
