import type { ActionWithoutQueue } from './bot.schemas';
import { childrenOf, compareCommandPaths, optionNumber, parentPath } from './command-tree';

/**
 * The chatbot's walk of a command tree, pure: given the setup's rules, its commands, the ticket's bot state and what
 * the customer wrote, the next state, what to say and what to do. The API runs it at the after-inbound hook and
 * executes the result (messages through the outbound seam with typing first, the ticket moves through the tickets
 * area, timers as typed jobs). Decisions (docs/DECISIONS.md "Chatbots"):
 * - the first message of a conversation is never read as a choice: it gets the root menu;
 * - an option is picked by its number under the current menu ('2' at 1 → 1.2) or by its full path ('1.2');
 *   '#' goes back to the root menu; anything else is an invalid answer;
 * - informative (1) answers and stays at the menu; menu (2) moves down and lists its options (a menu without
 *   options answers like an informative); sector (3) moves the ticket to its queue, pending, and the bot stops;
 *   attendant (4) gives the ticket to the user (open) and the bot stops; resolve (5) closes it and the bot stops;
 *   question (7) asks, stores the next message as the answer (contact extra info named after the description),
 *   then lists the question's own options or, without any, goes back to its parent's menu; GPT prompt (8) hands the
 *   conversation to the AI port (its own issue) and the bot stops; 6 (buttons, not offered) answers like 1;
 * - a command whose message type is flow runs the flow instead of sending its message, then acts as its type (the
 *   runtime waits for the flow's timeline before the bot's next message or the ticket's move); with forceNextFlow
 *   an informative, menu or question command hands over to the flow: the bot stops there (reason 'flow');
 * - invalid answers: each counts; at countErrorsBot of them (0: the first) the no-queue action runs, before that
 *   messageOnErrorsBot and the menu again; the count restarts when the customer picks a valid option;
 * - no-queue action: none → the bot stops and the ticket waits for a person; sendMessageAndClosed →
 *   messageOnWithoutQueue then the ticket is closed; transferQueueDefault → messageOnWithoutQueue then the ticket
 *   moves to transferQueueId, pending;
 * - silence: while the bot waits, a timer of timeWithoutQueue minutes runs when the action is not none; if it fires
 *   (the ticket still without a queue, the state unchanged) the no-queue action runs.
 */

export type BotRules = {
  countErrorsBot: number;
  messageOnErrorsBot: string;
  actionWithoutQueue: ActionWithoutQueue;
  timeWithoutQueue: number;
  messageOnWithoutQueue: string;
  transferQueueId: number | null;
};

export type BotCommandNode = {
  commandBot: string;
  commandType: number;
  descriptionBot: string;
  showMessage: string;
  typeMessage: 'singleMessage' | 'flow';
  flowId: number | null;
  /** with message type flow: the flow is the bot's last word in the ticket (decision "Chatbots", forceNextFlow) */
  forceNextFlow?: boolean;
  botConfigId: number | null;
  userId: number | null;
  queueId: number | null;
  tags: number[];
  botCategoryContacts: number[];
  webhook: string;
  mediaUrl: string | null;
  mediaName?: string | null;
};

/** where the bot is in a ticket: at a menu ('' = root) waiting for a choice, or at a question waiting for its answer */
export type BotState = {
  position: string;
  awaiting: 'choice' | 'answer';
  errors: number;
  status: 'active' | 'done';
};

export type BotSay =
  | { kind: 'text'; body: string }
  | { kind: 'media'; mediaUrl: string; caption: string; mediaName: string | null };

export type BotAction =
  | { kind: 'moveToQueue'; queueId: number }
  | { kind: 'assignUser'; userId: number; queueId: number | null }
  | { kind: 'close' }
  | { kind: 'storeAnswer'; name: string; value: string }
  | { kind: 'applyTags'; tagIds: number[] }
  | { kind: 'applyCategories'; categoryIds: number[] }
  | { kind: 'webhook'; url: string; commandBot: string; answer: string }
  | { kind: 'runFlow'; flowId: number }
  | { kind: 'aiPrompt'; botConfigId: number | null };

export type BotStep = {
  state: BotState;
  say: BotSay[];
  actions: BotAction[];
  /** why the step ended the bot, when it did */
  reason: 'sector' | 'attendant' | 'resolve' | 'ai' | 'errors' | 'timeout' | 'flow' | null;
  /** the silence timer to (re)start, minutes; null: none runs */
  timerMinutes: number | null;
};

export const BOT_BACK_OPTION = '#';
export const BOT_MENU_TEXTS = {
  back: 'Voltar ao menu inicial',
  choose: 'Digite o número da opção desejada:',
} as const;

const START: BotState = { position: '', awaiting: 'choice', errors: 0, status: 'active' };

function timerOf(rules: BotRules, state: BotState): number | null {
  return state.status === 'active' && rules.actionWithoutQueue !== 'none' ? rules.timeWithoutQueue : null;
}

/** The text menu of a position: the command's message (when it has one) and its options, one a line. */
export function renderMenu(commands: readonly BotCommandNode[], position: string, intro?: string): string {
  const options = childrenOf(commands, position);
  const lines: string[] = [];
  if (intro?.trim()) lines.push(intro.trim(), '');
  lines.push(BOT_MENU_TEXTS.choose);
  for (const c of options) lines.push(`*${optionNumber(c.commandBot)}* - ${c.descriptionBot || c.commandBot}`);
  if (position) lines.push(`*${BOT_BACK_OPTION}* - ${BOT_MENU_TEXTS.back}`);
  return lines.join('\n');
}

function find(commands: readonly BotCommandNode[], path: string): BotCommandNode | undefined {
  return commands.find((c) => c.commandBot === path);
}

/** The bot's first words in a conversation: the root menu. */
export function startBot(commands: readonly BotCommandNode[], rules: BotRules): BotStep {
  const state = { ...START };
  return {
    state,
    say: [{ kind: 'text', body: renderMenu(commands, '') }],
    actions: [],
    reason: null,
    timerMinutes: timerOf(rules, state),
  };
}

/** The option a text picks at a menu, if any. */
export function pickOption(
  commands: readonly BotCommandNode[],
  position: string,
  answer: string,
): BotCommandNode | 'back' | null {
  const a = answer
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .trim();
  if (!a) return null;
  if (a === BOT_BACK_OPTION) return position ? 'back' : null;
  const options = childrenOf(commands, position);
  return options.find((c) => optionNumber(c.commandBot) === a || c.commandBot === a) ?? null;
}

function messageOf(c: BotCommandNode): BotSay[] {
  const out: BotSay[] = [];
  if (c.mediaUrl)
    out.push({ kind: 'media', mediaUrl: c.mediaUrl, caption: c.showMessage, mediaName: c.mediaName ?? null });
  else if (c.showMessage.trim()) out.push({ kind: 'text', body: c.showMessage });
  return out;
}

function sideEffects(c: BotCommandNode, answer: string): BotAction[] {
  const out: BotAction[] = [];
  if (c.tags.length) out.push({ kind: 'applyTags', tagIds: c.tags });
  if (c.botCategoryContacts.length) out.push({ kind: 'applyCategories', categoryIds: c.botCategoryContacts });
  if (c.webhook) out.push({ kind: 'webhook', url: c.webhook, commandBot: c.commandBot, answer });
  return out;
}

/** The no-queue action (too many invalid answers, or silence): spec 2 §4 actionWithoutQueue. */
export function noQueueAction(rules: BotRules, reason: 'errors' | 'timeout'): BotStep {
  const state: BotState = { ...START, status: 'done' };
  const say: BotSay[] = [];
  const actions: BotAction[] = [];
  if (rules.actionWithoutQueue === 'sendMessageAndClosed') {
    say.push({ kind: 'text', body: rules.messageOnWithoutQueue });
    actions.push({ kind: 'close' });
  } else if (rules.actionWithoutQueue === 'transferQueueDefault' && rules.transferQueueId !== null) {
    say.push({ kind: 'text', body: rules.messageOnWithoutQueue });
    actions.push({ kind: 'moveToQueue', queueId: rules.transferQueueId });
  }
  return { state, say, actions, reason, timerMinutes: null };
}

/** The customer's message while the bot is active. */
export function answerBot(
  commands: readonly BotCommandNode[],
  rules: BotRules,
  current: BotState,
  answer: string,
): BotStep {
  if (current.status !== 'active') {
    return { state: current, say: [], actions: [], reason: null, timerMinutes: null };
  }
  // a question: whatever comes is the answer
  if (current.awaiting === 'answer') {
    const q = find(commands, current.position);
    const value = answer.trim();
    if (q && value) {
      const actions: BotAction[] = [
        { kind: 'storeAnswer', name: q.descriptionBot.trim() || q.commandBot, value },
        ...sideEffects(q, value),
      ];
      const hasOptions = childrenOf(commands, q.commandBot).length > 0;
      const position = hasOptions ? q.commandBot : parentPath(q.commandBot);
      const state: BotState = { position, awaiting: 'choice', errors: 0, status: 'active' };
      return {
        state,
        say: [{ kind: 'text', body: renderMenu(commands, position) }],
        actions,
        reason: null,
        timerMinutes: timerOf(rules, state),
      };
    }
    if (!q) return startBot(commands, rules);
  }

  const picked = pickOption(commands, current.position, answer);
  if (picked === 'back') {
    const state: BotState = { ...START };
    return {
      state,
      say: [{ kind: 'text', body: renderMenu(commands, '') }],
      actions: [],
      reason: null,
      timerMinutes: timerOf(rules, state),
    };
  }
  if (!picked) {
    const errors = current.errors + 1;
    if (errors >= Math.max(rules.countErrorsBot, 1)) {
      const step = noQueueAction(rules, 'errors');
      return { ...step, state: { ...step.state, errors } };
    }
    const state: BotState = { ...current, errors };
    return {
      state,
      say: [
        { kind: 'text', body: rules.messageOnErrorsBot },
        { kind: 'text', body: renderMenu(commands, current.position, menuIntro(commands, current.position)) },
      ],
      actions: [],
      reason: null,
      timerMinutes: timerOf(rules, state),
    };
  }
  return choose(commands, rules, current, picked, answer.trim());
}

function menuIntro(commands: readonly BotCommandNode[], position: string): string | undefined {
  return position ? find(commands, position)?.showMessage : undefined;
}

function choose(
  commands: readonly BotCommandNode[],
  rules: BotRules,
  current: BotState,
  c: BotCommandNode,
  answer: string,
): BotStep {
  const flow = c.typeMessage === 'flow' && c.flowId !== null;
  const say = flow ? [] : messageOf(c);
  const actions: BotAction[] = flow ? [{ kind: 'runFlow', flowId: c.flowId as number }] : [];
  // a question's side effects wait for its answer
  if (c.commandType !== 7) actions.push(...sideEffects(c, answer));
  const stay: BotState = { position: current.position, awaiting: 'choice', errors: 0, status: 'active' };
  const done: BotState = { ...stay, position: c.commandBot, status: 'done' };
  const step = (state: BotState, reason: BotStep['reason'] = null): BotStep => ({
    state,
    say,
    actions,
    reason,
    timerMinutes: timerOf(rules, state),
  });
  // forceNextFlow: the flow goes next and the bot hands over — no menu, no question, no waiting (the types that
  // move the ticket still move it, after the flow)
  if (flow && c.forceNextFlow && [1, 2, 6, 7].includes(c.commandType)) return step(done, 'flow');
  switch (c.commandType) {
    case 2: {
      if (!childrenOf(commands, c.commandBot).length) return step(stay);
      const state: BotState = { ...stay, position: c.commandBot };
      // the menu's message and its options in one message
      const menu = renderMenu(commands, c.commandBot, flow || c.mediaUrl ? undefined : c.showMessage);
      const out =
        flow || c.mediaUrl ? [...say, { kind: 'text' as const, body: menu }] : [{ kind: 'text' as const, body: menu }];
      return { state, say: out, actions, reason: null, timerMinutes: timerOf(rules, state) };
    }
    case 3:
      if (c.queueId !== null) actions.push({ kind: 'moveToQueue', queueId: c.queueId });
      return step(done, 'sector');
    case 4:
      if (c.userId !== null) actions.push({ kind: 'assignUser', userId: c.userId, queueId: c.queueId });
      return step(done, 'attendant');
    case 5:
      actions.push({ kind: 'close' });
      return step(done, 'resolve');
    case 7:
      return step({ ...stay, position: c.commandBot, awaiting: 'answer' });
    case 8:
      actions.push({ kind: 'aiPrompt', botConfigId: c.botConfigId });
      return step(done, 'ai');
    default:
      return step(stay);
  }
}

/** The silence timer fired: the no-queue action, when the bot still waits and the ticket has no queue. */
export function timeoutBot(rules: BotRules, current: BotState, ticket: { queueId: number | null }): BotStep | null {
  if (current.status !== 'active' || ticket.queueId !== null || rules.actionWithoutQueue === 'none') return null;
  return noQueueAction(rules, 'timeout');
}

/**
 * Whether the bot takes a conversation: a one-to-one ticket, new or pending, that no attendant owns. A contact whose
 * previous conversation was closed less than reopenBotAfterHours ago (0 = disabled: always) is left to the people.
 */
export function botEngages(input: {
  ticket: { status: string; userId: number | null; isGroup: boolean };
  fromMe: boolean;
  reopenBotAfterHours: number;
  previousClosedAt: number | null;
  now: number;
}): boolean {
  const { ticket } = input;
  if (input.fromMe || ticket.isGroup || ticket.userId !== null || ticket.status !== 'pending') return false;
  if (input.reopenBotAfterHours > 0 && input.previousClosedAt !== null) {
    return input.now - input.previousClosedAt >= input.reopenBotAfterHours * 3_600_000;
  }
  return true;
}

/** bot messages per ticket in a rolling minute: more means another bot (or a script) is answering ours */
export const BOT_MESSAGES_PER_MINUTE = 10;
export const BOT_CAP_WINDOW_MS = 60_000;

/** The send instants kept for the cap (within the window) and whether `count` more fit. */
export function botCap(
  sentAt: readonly number[],
  now: number,
  count: number,
  limit = BOT_MESSAGES_PER_MINUTE,
): { ok: boolean; recent: number[] } {
  const recent = sentAt.filter((t) => now - t < BOT_CAP_WINDOW_MS);
  return { ok: recent.length + count <= limit, recent };
}

/** The commands in book order (the list's order). */
export function sortCommands<T extends { commandBot: string }>(commands: readonly T[]): T[] {
  return [...commands].sort((a, b) => compareCommandPaths(a.commandBot, b.commandBot));
}
