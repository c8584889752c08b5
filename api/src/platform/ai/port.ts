/**
 * The AI port: one chat completion against an OpenAI-compatible server, base URL and key per call (each company's
 * integration has its own). One adapter (`openai-adapter.ts`, the `openai` SDK); tests and the demo point it at the
 * embedded fake model (`fake-model.ts`) over real HTTP.
 */
export type AiCompletionRequest = {
  baseURL: string;
  apiKey: string;
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  temperature: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
  maxTokens: number;
  stop: string[];
  /** the whole call's limit (no retries: the runtime hands the conversation over instead) */
  timeoutMs: number;
};

export type AiCompletion = {
  content: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
};

export class AiModelError extends Error {
  constructor(
    message: string,
    readonly kind: 'error' | 'timeout',
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AiModelError';
  }
}

export type AiPort = { complete(req: AiCompletionRequest): Promise<AiCompletion> };
