import OpenAI from 'openai';
import { type AiCompletion, type AiCompletionRequest, AiModelError, type AiPort } from './port';

/** The AI port on the `openai` SDK: any OpenAI-compatible chat-completions server (OpenAI, a gateway, a local one). */
export const openAiAdapter: AiPort = {
  async complete(req: AiCompletionRequest): Promise<AiCompletion> {
    const client = new OpenAI({
      baseURL: req.baseURL,
      apiKey: req.apiKey || 'none',
      timeout: req.timeoutMs,
      maxRetries: 0,
      dangerouslyAllowBrowser: false,
    });
    try {
      const res = await client.chat.completions.create({
        model: req.model,
        messages: req.messages,
        temperature: req.temperature,
        top_p: req.topP,
        frequency_penalty: req.frequencyPenalty,
        presence_penalty: req.presencePenalty,
        max_tokens: req.maxTokens,
        ...(req.stop.length ? { stop: req.stop } : {}),
      });
      const content = res.choices[0]?.message?.content ?? '';
      return {
        content,
        promptTokens: res.usage?.prompt_tokens ?? 0,
        completionTokens: res.usage?.completion_tokens ?? 0,
        totalTokens: res.usage?.total_tokens ?? 0,
      };
    } catch (err) {
      if (err instanceof OpenAI.APIConnectionTimeoutError) throw new AiModelError('model timeout', 'timeout');
      if (err instanceof OpenAI.APIError) {
        // the server's message may echo the request; only the status and a short text are kept
        throw new AiModelError(
          `model error ${err.status ?? ''}: ${String(err.message).slice(0, 200)}`,
          'error',
          err.status ?? null,
        );
      }
      throw new AiModelError(`model unreachable: ${String((err as Error)?.message ?? err).slice(0, 200)}`, 'error');
    }
  },
};
