/**
 * AI prompts and integrations (spec 2 §3 "Bot config (AI prompt)", "Integration"; §5 "Integration", "AI prompt
 * sliders"; §7 "AI prompts and integrations"). The forms, their defaults and ranges, the DTOs and the simulator's
 * live event. The runtime's pure decisions are in `ai-runtime.ts`.
 */
import { z } from 'zod';
import { coercedId } from '../ids/ids';

export const AI_TEXTS = {
  required: 'Obrigatório',
  tooLong: 'Muito longo!',
  invalidUrl: 'Deve ser uma URL válida',
  invalidJson: 'JSON inválido',
  invalidNumber: 'Valor inválido',
  invalidOption: 'Opção inválida',
  promptNotFound: 'Prompt não encontrado',
  integrationNotFound: 'Integração não encontrada',
  queueNotFound: 'Fila não encontrada',
  noIntegration: 'Cadastre uma integração de IA antes de testar o prompt',
  saved: 'Configuração salva com sucesso',
  deleted: 'Prompt excluído com sucesso',
  integrationSaved: 'Integração salva com sucesso',
  integrationDeleted: 'Integração excluída com sucesso',
  simulatorLimited: 'Muitas mensagens para o simulador em pouco tempo. Aguarde e tente novamente.',
} as const;

/**
 * The simulator's message (the admin's text goes to a paid model): at most a WhatsApp-sized text, and at most
 * `AI_SIMULATOR_RULE.limit` messages to the model per company in a minute (429 with Retry-After beyond).
 */
export const AI_SIMULATOR_BODY_MAX = 4096;
export const AI_SIMULATOR_RULE = { limit: 30, windowMs: 60_000 } as const;
/** a message of a ticket's conversation goes to the model cut to this many characters (a stranger's text) */
export const AI_MODEL_MESSAGE_MAX = 4096;

/** §5 model choices; an integration may list its own model names in its dataJson (`{ "models": [...] }`). */
export const AI_MODELS = ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o'] as const;

/** §3 defaults of a prompt. */
export const BOT_CONFIG_DEFAULTS = {
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
} as const;

/** §5 slider ranges: [min, max, step]. */
export const BOT_CONFIG_RANGES = {
  maxMessagesForDialog: [2, 100, 1],
  firstDelay: [0, 30, 1],
  lastDelay: [0, 30, 1],
  typingSpeed: [0, 100, 1],
  temperature: [0, 0.9, 0.1],
  maxTokens: [100, 2000, 10],
  topP: [0, 0.9, 0.1],
  frequencyPenalty: [0, 0.9, 0.1],
  presencePenalty: [0, 1, 0.1],
} as const satisfies Record<string, readonly [number, number, number]>;
export type BotConfigRangeField = keyof typeof BOT_CONFIG_RANGES;

/** The chat-AI kind: any server speaking the OpenAI chat-completions API (OpenAI, a gateway, a local model server). */
export const INTEGRATION_TYPES = ['openai'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DEFAULT_AI_API_URL = 'https://api.openai.com/v1';

const TEXT_MAX = 20_000;
const text = (max = TEXT_MAX) => z.string({ error: AI_TEXTS.required }).max(max, AI_TEXTS.tooLong);
const optText = (max = TEXT_MAX) =>
  z
    .string()
    .max(max, AI_TEXTS.tooLong)
    .nullish()
    .transform((v) => v ?? '');

/** A slider value: a number (or numeric text) within the §5 range, on its step (rounded to it). */
function slider(field: BotConfigRangeField) {
  const [min, max, step] = BOT_CONFIG_RANGES[field];
  const decimals = step < 1 ? 1 : 0;
  return z.coerce
    .number({ error: AI_TEXTS.invalidNumber })
    .refine(Number.isFinite, AI_TEXTS.invalidNumber)
    .transform((v) => Number((Math.round(v / step) * step).toFixed(decimals)))
    .pipe(z.number().min(min, AI_TEXTS.invalidNumber).max(max, AI_TEXTS.invalidNumber));
}

const optionalId = z.union([coercedId(AI_TEXTS.invalidOption), z.literal(''), z.null()]).transform((v) => v || null);

/** One message of a prompt's initialMessages (and of the simulator): the same shape as a chat message. */
export const AiChatMessage = z.object({
  body: z.string({ error: AI_TEXTS.required }).max(TEXT_MAX, AI_TEXTS.tooLong),
  fromMe: z.coerce.boolean().default(false),
});
export type AiChatMessage = z.output<typeof AiChatMessage>;

export const MAX_INITIAL_MESSAGES = 50;

/** POST /botConfigs and PUT /botConfigs/{id} (absent sliders take the §3 defaults). */
export const BotConfigInput = z.object({
  name: text(100).trim().min(1, AI_TEXTS.required),
  context: optText(),
  firstDelay: slider('firstDelay').default(BOT_CONFIG_DEFAULTS.firstDelay),
  lastDelay: slider('lastDelay').default(BOT_CONFIG_DEFAULTS.lastDelay),
  typingSpeed: slider('typingSpeed').default(BOT_CONFIG_DEFAULTS.typingSpeed),
  /** comma- or line-separated words: a customer message containing one is not answered */
  ignoreWords: optText(2000),
  /** §5 choices or the integration's own model names (checked against the integration by the service) */
  model: z
    .string({ error: AI_TEXTS.required })
    .trim()
    .min(1, AI_TEXTS.required)
    .max(100, AI_TEXTS.tooLong)
    .default(BOT_CONFIG_DEFAULTS.model),
  /** stop sequences, comma- or line-separated (at most 4 go to the model) */
  stop: optText(500),
  inactivityMessage: optText(2000),
  initialMessages: z
    .array(AiChatMessage)
    .max(MAX_INITIAL_MESSAGES, AI_TEXTS.tooLong)
    .nullish()
    .transform((v) => v ?? []),
  temperature: slider('temperature').default(BOT_CONFIG_DEFAULTS.temperature),
  frequencyPenalty: slider('frequencyPenalty').default(BOT_CONFIG_DEFAULTS.frequencyPenalty),
  presencePenalty: slider('presencePenalty').default(BOT_CONFIG_DEFAULTS.presencePenalty),
  topP: slider('topP').default(BOT_CONFIG_DEFAULTS.topP),
  maxTokens: slider('maxTokens').default(BOT_CONFIG_DEFAULTS.maxTokens),
  maxMessagesForDialog: slider('maxMessagesForDialog').default(BOT_CONFIG_DEFAULTS.maxMessagesForDialog),
  messageForMaxMessagesExceeded: optText(2000),
  lastQueueId: optionalId.optional().transform((v) => v ?? null),
  /** ours: which integration answers (null: the company's first chat-AI integration) */
  integrationId: optionalId.optional().transform((v) => v ?? null),
});
export type BotConfigInput = z.output<typeof BotConfigInput>;
export type BotConfigInputRaw = z.input<typeof BotConfigInput>;

export type BotConfigDto = Omit<BotConfigInput, 'name'> & {
  id: number;
  companyId: number;
  name: string;
  isDeleted: boolean;
  lastQueue: { id: number; name: string } | null;
  integration: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};
export type BotConfigListDto = { botConfigs: BotConfigDto[]; count: number; hasMore: boolean };

/** POST /integration/ and PUT /integration/{id}. apiToken: required on create; absent or '' on edit keeps the key. */
export const IntegrationInput = z.object({
  name: text(100).trim().min(1, AI_TEXTS.required),
  integrationType: z.enum(INTEGRATION_TYPES, { error: AI_TEXTS.invalidOption }).default('openai'),
  apiUrl: z
    .string()
    .trim()
    .max(500, AI_TEXTS.tooLong)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), AI_TEXTS.invalidUrl)
    .refine((v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, AI_TEXTS.invalidUrl),
  apiToken: z
    .string()
    .trim()
    .max(500, AI_TEXTS.tooLong)
    .nullish()
    .transform((v) => v ?? ''),
  message: optText(2000),
  dataJson: optText(10_000).refine((v) => {
    if (v.trim() === '') return true;
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  }, AI_TEXTS.invalidJson),
});
export type IntegrationInput = z.output<typeof IntegrationInput>;

/** The key is never sent back: `apiToken` is its mask ('••••' + last 4), `hasApiToken` whether one is saved. */
export type IntegrationDto = {
  id: number;
  companyId: number;
  name: string;
  integrationType: IntegrationType;
  apiUrl: string;
  apiToken: string;
  hasApiToken: boolean;
  message: string;
  dataJson: string;
  /** the model names this integration offers: §5's plus dataJson's `models` */
  models: string[];
  createdAt: string;
  updatedAt: string;
};
export type IntegrationListDto = { integrations: IntegrationDto[]; count: number; hasMore: boolean };

export const maskAiKey = (last4: string): string => (last4 ? `••••${last4}` : '');

/** The model names an integration offers: §5's three, then its dataJson `models` (strings, deduplicated). */
export function integrationModels(dataJson: string): string[] {
  const out: string[] = [...AI_MODELS];
  try {
    const parsed = JSON.parse(dataJson || '{}') as { models?: unknown };
    if (Array.isArray(parsed.models)) {
      for (const m of parsed.models) {
        if (typeof m === 'string' && m.trim() && m.length <= 100 && !out.includes(m.trim())) out.push(m.trim());
      }
    }
  } catch {
    // not JSON: only §5's models
  }
  return out;
}

/** POST /botSimulator */
export const BotSimulatorInput = z.object({
  message: z
    .object({
      body: z.string().max(AI_SIMULATOR_BODY_MAX, AI_TEXTS.tooLong).default(''),
      fromMe: z.coerce.boolean().default(false),
    })
    .nullish(),
  botConfigId: coercedId(AI_TEXTS.invalidOption),
  clearConversation: z.coerce.boolean().default(false),
});
export type BotSimulatorInput = z.output<typeof BotSimulatorInput>;

export type BotSimulatorMessageDto = { id: number; body: string; fromMe: boolean; createdAt: string };
/** the simulator's status: idle (nothing pending), waiting (the debounce runs), typing (the model answers),
 * handedOver (the dialog went to a person: limit reached or the model failed) */
export const BOT_SIMULATOR_STATUSES = ['idle', 'waiting', 'typing', 'handedOver'] as const;
export type BotSimulatorStatus = (typeof BOT_SIMULATOR_STATUSES)[number];
export type BotSimulatorDto = { messages: BotSimulatorMessageDto[]; status: BotSimulatorStatus };
/** live `botSimulator-{botConfigId}`: the status and the config's messages */
export type BotSimulatorEvent = {
  action: 'update';
  botConfigId: number;
  status: BotSimulatorStatus;
  messages: BotSimulatorMessageDto[];
};

/** GET /aiUsage: the company's model calls and tokens since the start of the current month (UTC) */
export type AiUsageDto = { since: string; totalTokens: number; completions: number; failures: number };
