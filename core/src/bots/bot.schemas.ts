import { z } from 'zod';
import { coercedId } from '../ids/ids';
import { IdList, PageNumber, SearchParam } from '../lists/page-query';
import { COMMAND_PATH_TEXTS, isCommandPath } from './command-tree';

/**
 * Chatbots (spec 2 §2 Bot setups list and Bot commands list, §3 BotSetup and Bot command, §4 command types and
 * actionWithoutQueue, §5 Bot command, §6, §7 Bot setups and Bot commands, §9 bot setup options and defaults). The
 * form's and the API's body are ONE schema each. Contract: docs/DECISIONS.md "Chatbots".
 */

export const BOT_TEXTS = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  invalidUrl: 'Deve ser uma URL válida',
  invalidOption: 'Opção inválida',
  invalidId: 'Id inválido',
  commandTypeInvalid: 'Tipo de comando inválido',
  queueRequired: 'Selecione uma fila',
  userRequired: 'Selecione um atendente',
  flowRequired: 'Selecione um fluxo',
  flowDisabled: 'Fluxos não estão habilitados no plano da empresa',
  promptRequired: 'Selecione um prompt',
  transferQueueRequired: 'Selecione a fila de transferência',
  botSetupRequired: 'Selecione a configuração do bot',
  formInvalid: 'Dados do comando inválidos',
  setupNotFound: 'Configuração de bot não encontrada.',
  commandNotFound: 'Comando não encontrado.',
  commandPath: COMMAND_PATH_TEXTS.format,
} as const;

/** §9 defaults and options */
export const TYPING_TIME_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
export const TYPING_TIME_DEFAULT = 5;
/** 0 = disabled */
export const REOPEN_BOT_AFTER_HOURS_OPTIONS = [
  0, 1, 2, 3, 4, 5, 6, 12, 24, 48, 72, 96, 120, 144, 168, 336, 504, 672,
] as const;
export const REOPEN_BOT_AFTER_HOURS_DEFAULT = 0;
export const COUNT_ERRORS_BOT_OPTIONS = [0, 1, 2, 3, 4, 5, 6] as const;
export const COUNT_ERRORS_BOT_DEFAULT = 2;
export const TIME_WITHOUT_QUEUE_OPTIONS = [1, 2, 3, 5, 10, 15, 30] as const;
export const TIME_WITHOUT_QUEUE_DEFAULT = 5;
export const TYPE_MENUS = ['text'] as const;
export type TypeMenu = (typeof TYPE_MENUS)[number];
export const ACTIONS_WITHOUT_QUEUE = ['none', 'sendMessageAndClosed', 'transferQueueDefault'] as const;
export type ActionWithoutQueue = (typeof ACTIONS_WITHOUT_QUEUE)[number];
export const BOT_TYPES = ['common', 'prompt'] as const;
export type BotType = (typeof BOT_TYPES)[number];

/** the default Portuguese texts of a new setup (spec 2 §9: "default error and no-queue messages in Portuguese") */
export const DEFAULT_MESSAGE_ON_ERRORS_BOT =
  'Desculpe, não entendi. Por favor, responda com o número de uma das opções.';
export const DEFAULT_MESSAGE_ON_WITHOUT_QUEUE =
  'Não recebemos sua escolha a tempo. Encerramos este atendimento; se precisar, é só nos chamar novamente.';

/** Spec 2 §4: 1 informative, 2 menu, 3 sector, 4 attendant, 5 resolve ticket, 6 menu with buttons (not offered), 7 question, 8 GPT prompt */
export const COMMAND_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
/** the types the form offers (6 is not offered) */
export const OFFERED_COMMAND_TYPES = [1, 2, 3, 4, 5, 7, 8] as const;
/** pt-BR names (the web translates them); any other type shows 'Erro' in the hierarchy viewer */
export const COMMAND_TYPE_NAMES: Record<number, string> = {
  1: 'Informativo',
  2: 'Menu',
  3: 'Setor',
  4: 'Atendente',
  5: 'Finalizar ticket',
  7: 'Pergunta',
  8: 'Prompt GPT',
};
export function commandTypeName(type: number): string {
  return COMMAND_TYPE_NAMES[type] ?? 'Erro';
}
/** spec 2 §4 "In the hierarchy viewer any type other than 1, 2, 3, 4, 5, 7 shows 'Erro'" */
export function hierarchyTypeName(type: number): string {
  return [1, 2, 3, 4, 5, 7].includes(type) ? (COMMAND_TYPE_NAMES[type] as string) : 'Erro';
}

export const COMMAND_TYPE_MESSAGES = ['singleMessage', 'flow'] as const;
export type CommandTypeMessage = (typeof COMMAND_TYPE_MESSAGES)[number];

/** Upload extensions of a command's media (spec 2 §5, §9). */
export const BOT_MEDIA_EXTENSIONS = ['png', 'jpg', 'pdf', 'mp4', 'mp3', 'ogg'] as const;

const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' || v === undefined ? null : v),
  coercedId(BOT_TEXTS.invalidId).nullable(),
);

const oneOf = <T extends readonly number[]>(options: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: BOT_TEXTS.invalidOption })
      .refine((n) => (options as readonly number[]).includes(n), BOT_TEXTS.invalidOption),
  );

const text = (max: number) => z.string({ error: BOT_TEXTS.required }).max(max, BOT_TEXTS.tooLong);

/** POST /BotSetup and PUT /BotSetup/{id}: the whole setup (absent optional fields take their defaults). */
export const BotSetupInput = z
  .object({
    name: z.string({ error: BOT_TEXTS.required }).trim().min(1, BOT_TEXTS.required).max(100, BOT_TEXTS.tooLong),
    typingTime: oneOf(TYPING_TIME_OPTIONS, TYPING_TIME_DEFAULT),
    reopenBotAfterHours: oneOf(REOPEN_BOT_AFTER_HOURS_OPTIONS, REOPEN_BOT_AFTER_HOURS_DEFAULT),
    countErrorsBot: oneOf(COUNT_ERRORS_BOT_OPTIONS, COUNT_ERRORS_BOT_DEFAULT),
    typeMenu: z.enum(TYPE_MENUS, { error: BOT_TEXTS.invalidOption }).default('text'),
    messageOnErrorsBot: text(1000).default(DEFAULT_MESSAGE_ON_ERRORS_BOT),
    actionWithoutQueue: z.enum(ACTIONS_WITHOUT_QUEUE, { error: BOT_TEXTS.invalidOption }).default('none'),
    timeWithoutQueue: oneOf(TIME_WITHOUT_QUEUE_OPTIONS, TIME_WITHOUT_QUEUE_DEFAULT),
    messageOnWithoutQueue: text(1000).default(DEFAULT_MESSAGE_ON_WITHOUT_QUEUE),
    transferQueueId: optionalId.optional().transform((v) => v ?? null),
    whatsapps: IdList,
    userId: optionalId.optional().transform((v) => v ?? null),
    botType: z.enum(BOT_TYPES, { error: BOT_TEXTS.invalidOption }).default('common'),
    botConfigId: optionalId.optional().transform((v) => v ?? null),
    companyId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.actionWithoutQueue === 'transferQueueDefault' && v.transferQueueId === null) {
      ctx.addIssue({ code: 'custom', path: ['transferQueueId'], message: BOT_TEXTS.transferQueueRequired });
    }
    if (v.botType === 'prompt' && v.botConfigId === null) {
      ctx.addIssue({ code: 'custom', path: ['botConfigId'], message: BOT_TEXTS.promptRequired });
    }
  })
  .transform(({ companyId: _c, ...v }) => ({
    ...v,
    messageOnErrorsBot: v.messageOnErrorsBot.trim() || DEFAULT_MESSAGE_ON_ERRORS_BOT,
    messageOnWithoutQueue: v.messageOnWithoutQueue.trim() || DEFAULT_MESSAGE_ON_WITHOUT_QUEUE,
    // the queue picker shows only for a transfer (spec 2 §4)
    transferQueueId: v.actionWithoutQueue === 'transferQueueDefault' ? v.transferQueueId : null,
    botConfigId: v.botType === 'prompt' ? v.botConfigId : null,
  }));
export type BotSetupInput = z.output<typeof BotSetupInput>;

export const BotSetupListQuery = z.object({ searchParam: SearchParam, pageNumber: PageNumber });
export type BotSetupListQuery = z.output<typeof BotSetupListQuery>;

export type BotSetupDto = {
  id: number;
  name: string;
  typingTime: number;
  reopenBotAfterHours: number;
  countErrorsBot: number;
  typeMenu: TypeMenu;
  messageOnErrorsBot: string;
  actionWithoutQueue: ActionWithoutQueue;
  timeWithoutQueue: number;
  messageOnWithoutQueue: string;
  transferQueueId: number | null;
  transferQueue: { id: number; name: string } | null;
  companyId: number;
  whatsapps: { id: number; name: string }[];
  userId: number | null;
  user: { id: number; name: string } | null;
  botType: BotType;
  botConfigId: number | null;
  createdAt: string;
  updatedAt: string;
};

export type BotSetupList = { botSetups: BotSetupDto[]; count: number; hasMore: boolean };

const webhook = z
  .string({ error: BOT_TEXTS.invalidUrl })
  .trim()
  .max(2000, BOT_TEXTS.tooLong)
  .refine((v) => {
    if (!v) return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, BOT_TEXTS.invalidUrl);

/**
 * The body of POST /bot/{companyId} and PUT /bot/{companyId}/{id} (the multipart's `body` JSON) and the command
 * dialog's form. `commandBot`'s place in the tree (parent, no gaps) is checked by the API against the setup's other
 * commands (core `checkCommandPath`).
 */
export const BotCommandInput = z
  .object({
    commandBot: z
      .string({ error: BOT_TEXTS.required })
      .trim()
      .min(1, BOT_TEXTS.tooShort)
      .max(50, BOT_TEXTS.tooLong)
      .refine(isCommandPath, BOT_TEXTS.commandPath),
    commandType: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() ? Number(v) : v),
      z
        .number({ error: BOT_TEXTS.commandTypeInvalid })
        .int(BOT_TEXTS.commandTypeInvalid)
        .refine((n) => (OFFERED_COMMAND_TYPES as readonly number[]).includes(n), BOT_TEXTS.commandTypeInvalid),
    ),
    descriptionBot: text(500).default(''),
    showMessage: text(4096).default(''),
    typeMessage: z.enum(COMMAND_TYPE_MESSAGES, { error: BOT_TEXTS.invalidOption }).default('singleMessage'),
    flowId: optionalId.optional().transform((v) => v ?? null),
    botConfigId: optionalId.optional().transform((v) => v ?? null),
    forceNextFlow: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).default(false),
    userId: optionalId.optional().transform((v) => v ?? null),
    queueId: optionalId.optional().transform((v) => v ?? null),
    botSetupId: z.preprocess(
      (v) => (v === '' || v === null || v === 0 ? undefined : v),
      coercedId(BOT_TEXTS.botSetupRequired),
    ),
    tags: IdList,
    botCategoryContacts: IdList,
    webhook: webhook
      .nullable()
      .optional()
      .transform((v) => v || ''),
    mediaName: z
      .string()
      .trim()
      .max(200, BOT_TEXTS.tooLong)
      .nullable()
      .optional()
      .transform((v) => v || null),
    /** the stored media of an edit: '' or null removes it */
    mediaUrl: z.string().max(300).nullable().optional(),
    companyId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.commandType === 3 && v.queueId === null) {
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: BOT_TEXTS.queueRequired });
    }
    if (v.commandType === 4 && v.userId === null) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: BOT_TEXTS.userRequired });
    }
    if (v.commandType === 8 && v.botConfigId === null) {
      ctx.addIssue({ code: 'custom', path: ['botConfigId'], message: BOT_TEXTS.promptRequired });
    }
    if (v.typeMessage === 'flow' && v.flowId === null) {
      ctx.addIssue({ code: 'custom', path: ['flowId'], message: BOT_TEXTS.flowRequired });
    }
  })
  .transform(({ companyId: _c, ...v }) => ({
    ...v,
    flowId: v.typeMessage === 'flow' ? v.flowId : null,
    // a prompt only for a GPT prompt command (the form shows the field only then)
    botConfigId: v.commandType === 8 ? v.botConfigId : null,
  }));
export type BotCommandInput = z.output<typeof BotCommandInput>;

export type BotCommandDto = {
  id: number;
  commandBot: string;
  commandType: number;
  descriptionBot: string;
  showMessage: string;
  typeMessage: CommandTypeMessage;
  flowId: number | null;
  botConfig: { id: number } | null;
  botConfigId: number | null;
  forceNextFlow: boolean;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  botSetupId: number;
  tags: { id: number; name: string; color: string }[];
  botCategoryContacts: { id: number; name: string }[];
  webhook: string;
  mediaUrl: string | null;
  mediaName: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /bot/ query: the commands of one setup (botSetupId) or every command of the company */
export const BotCommandListQuery = z.object({
  botSetupId: z.preprocess((v) => (v === '' ? undefined : v), coercedId(BOT_TEXTS.invalidId).optional()),
  searchParam: SearchParam,
});
export type BotCommandListQuery = z.output<typeof BotCommandListQuery>;

/** Spec 2 §6: edit, delete and manage for an admin or the owner; others only copy. */
export function canManageBotSetup(user: { id: number; profile: string }, setup: { userId: number | null }): boolean {
  return user.profile === 'admin' || (setup.userId !== null && setup.userId === user.id);
}

/** SSE `botSetup-{companyId}` */
export type BotSetupEvent =
  | { action: 'create' | 'update'; botSetup: BotSetupDto }
  | { action: 'delete'; botSetupId: number };

/** SSE `bot-{companyId}` (spec 2 §7: "with bot or botId") */
export type BotEvent =
  | { action: 'create' | 'update'; bot: BotCommandDto }
  | { action: 'delete'; botId: number }
  | { action: 'reload'; botSetupId: number };
