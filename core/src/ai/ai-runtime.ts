/**
 * The AI attendant's pure decisions (issue 17): the conversation sent to the model, the debounce, what to ignore, the
 * stop sequences, the typing time and when the dialog goes to a person. No IO, no clock: times are passed in.
 */
import { AI_MODEL_MESSAGE_MAX, type AiChatMessage } from './ai.schemas';

export type AiRole = 'system' | 'user' | 'assistant';
export type AiPromptMessage = { role: AiRole; content: string };

/** What the history needs of a prompt. */
export type AiPromptShape = {
  context: string;
  initialMessages: AiChatMessage[];
  maxMessagesForDialog: number;
};

const roleOf = (fromMe: boolean): AiRole => (fromMe ? 'assistant' : 'user');

/**
 * The conversation for the model: the prompt's context (system), its initialMessages (as written, fromMe → assistant),
 * then the last `maxMessagesForDialog` messages of the conversation, oldest first (ours → assistant, the
 * customer's → user). `messages` may come in any order with `at` (ms); empty bodies are skipped.
 */
export function buildAiHistory(
  prompt: AiPromptShape,
  messages: { body: string; fromMe: boolean; at: number; id?: number }[],
): AiPromptMessage[] {
  const out: AiPromptMessage[] = [];
  if (prompt.context.trim()) out.push({ role: 'system', content: prompt.context.trim() });
  for (const m of prompt.initialMessages) {
    if (m.body.trim()) out.push({ role: roleOf(m.fromMe), content: m.body });
  }
  const recent = messages
    .filter((m) => m.body.trim() !== '')
    .sort((a, b) => a.at - b.at || (a.id ?? 0) - (b.id ?? 0))
    .slice(-Math.max(1, prompt.maxMessagesForDialog));
  // a customer's (stranger-controlled) text reaches a paid model: each message is cut to AI_MODEL_MESSAGE_MAX
  for (const m of recent) out.push({ role: roleOf(m.fromMe), content: m.body.slice(0, AI_MODEL_MESSAGE_MAX) });
  return out;
}

/** The words of a comma-, semicolon- or line-separated list, trimmed and lower-cased, without empties. */
export function splitWords(list: string): string[] {
  return list
    .split(/[,;\n]/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * ignoreWords: a customer message containing one of the words (as a whole word or phrase, case and accents ignored)
 * is not answered by the AI.
 */
export function isIgnored(body: string, ignoreWords: string): boolean {
  const text = ` ${normalize(body).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return splitWords(ignoreWords).some((w) => {
    const word = normalize(w)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return word !== '' && text.includes(` ${word} `);
  });
}

/** The stop sequences for the model (the API accepts at most 4). */
export function stopSequences(stop: string): string[] {
  return stop
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 4);
}

/** The answer cut at the first stop sequence (a model that ignores `stop` must not leak past it). */
export function cutAtStop(answer: string, stops: string[]): string {
  let end = answer.length;
  for (const s of stops) {
    const i = answer.indexOf(s);
    if (i >= 0 && i < end) end = i;
  }
  return answer.slice(0, end).trim();
}

/** the longest typing presence before an answer */
export const AI_MAX_TYPING_MS = 15_000;

/**
 * How long "typing…" shows before an answer: the answer's length at typingSpeed characters per second (0: no typing,
 * the answer goes at once), at most AI_MAX_TYPING_MS.
 */
export function typingMs(answer: string, typingSpeed: number): number {
  if (typingSpeed <= 0) return 0;
  return Math.min(AI_MAX_TYPING_MS, Math.round((answer.length * 1000) / typingSpeed));
}

/**
 * The debounce (docs/DECISIONS.md "AI attendant"): the answer waits until the customer has been quiet for firstDelay
 * seconds, but a burst never postpones it past lastDelay seconds after the burst's first message (lastDelay below
 * firstDelay: firstDelay wins). Answers the instant the answer's turn runs.
 */
export function answerDueAt(p: {
  burstStartedAt: number;
  lastMessageAt: number;
  firstDelay: number;
  lastDelay: number;
}) {
  const quiet = p.lastMessageAt + p.firstDelay * 1000;
  const cap = p.burstStartedAt + Math.max(p.lastDelay, p.firstDelay) * 1000;
  return Math.min(quiet, cap);
}

/** the state of a conversation's AI, as the runtime keeps it */
export type AiConversationState = {
  status: 'active' | 'handedOver' | 'stopped';
  /** answers the AI sent in this dialog */
  exchanges: number;
};

export type AiTurnDecision =
  /** ask the model */
  | { kind: 'complete' }
  /** the dialog is long enough: send messageForMaxMessagesExceeded, the ticket goes to lastQueueId, pending */
  | { kind: 'handOver'; reason: 'maxMessages' }
  /** nothing to do (a person has it, or the AI stopped) */
  | { kind: 'none' };

/**
 * A turn (the debounce elapsed): the AI answers while it is active, nobody took the ticket over and fewer than
 * maxMessagesForDialog answers went out; at the limit the dialog goes to a person.
 */
export function decideTurn(
  state: AiConversationState,
  prompt: { maxMessagesForDialog: number },
  taken: boolean,
): AiTurnDecision {
  if (state.status !== 'active' || taken) return { kind: 'none' };
  if (state.exchanges >= prompt.maxMessagesForDialog) return { kind: 'handOver', reason: 'maxMessages' };
  return { kind: 'complete' };
}

/** minutes of customer silence after an AI answer before inactivityMessage goes (once per silence) */
export const AI_INACTIVITY_MINUTES = 10;
