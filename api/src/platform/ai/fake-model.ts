/**
 * The embedded fake model: an OpenAI-compatible chat-completions server over real HTTP (`POST /v1/chat/completions`,
 * `GET /v1/models`), for the demo (`npm start` without a key) and the tests. Deterministic: the answer repeats the
 * last customer message and counts the conversation; honours `stop`; reports usage (words as tokens).
 * Configurable: latency, the next calls failing (HTTP status) or hanging (a timeout for the caller), and, from a
 * message, `#erro` (500) or `#lento` (hangs) so the demo can show a hand-over. Never reaches the internet.
 */
export type FakeModelRequest = {
  model: string;
  messages: { role: string; content: string }[];
  stop: string[];
  authorization: string | null;
  body: Record<string, unknown>;
};

export type FakeModel = {
  url: string;
  requests: FakeModelRequest[];
  /** the most chat completions that ran at once since the start (or the last reset) */
  maxActive(): number;
  configure(opts: { latencyMs?: number; failNext?: number; failStatus?: number; hangNext?: number }): void;
  reset(): void;
  close(): Promise<void>;
};

const HANG_MS = 120_000;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The deterministic answer to a conversation. */
export function fakeAnswer(messages: { role: string; content: string }[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const turns = messages.filter((m) => m.role !== 'system').length;
  return `Olá! Sou o assistente virtual. Você disse: “${lastUser}”. (${turns} ${turns === 1 ? 'mensagem' : 'mensagens'} na conversa)`;
}

export function startFakeModel(opts: { port?: number; hostname?: string; latencyMs?: number } = {}): FakeModel {
  const state = { latencyMs: opts.latencyMs ?? 0, failNext: 0, failStatus: 500, hangNext: 0 };
  const requests: FakeModelRequest[] = [];
  let active = 0;
  let maxActive = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: opts.hostname ?? '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === 'GET' && url.pathname.endsWith('/models')) {
        return Response.json({
          object: 'list',
          data: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o'].map((id) => ({ id, object: 'model', owned_by: 'fake' })),
        });
      }
      if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
        return Response.json({ error: { message: 'not found', type: 'invalid_request_error' } }, { status: 404 });
      }
      let body: Record<string, unknown>;
      try {
        body = (await req.json()) as Record<string, unknown>;
      } catch {
        return Response.json({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }, { status: 400 });
      }
      const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content: string }[]) : [];
      const stop = Array.isArray(body.stop)
        ? (body.stop as string[])
        : typeof body.stop === 'string'
          ? [body.stop]
          : [];
      const model = String(body.model ?? '');
      requests.push({ model, messages, stop, authorization: req.headers.get('authorization'), body });
      if (requests.length > 200) requests.shift();
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
        if (state.latencyMs > 0) await sleep(state.latencyMs);
        if (state.hangNext > 0 || lastUser.includes('#lento')) {
          if (state.hangNext > 0) state.hangNext--;
          await sleep(HANG_MS);
        }
        if (state.failNext > 0 || lastUser.includes('#erro')) {
          if (state.failNext > 0) state.failNext--;
          return Response.json(
            { error: { message: 'The fake model failed on purpose', type: 'server_error' } },
            { status: state.failStatus },
          );
        }
        let content = fakeAnswer(messages);
        for (const s of stop) {
          const i = s ? content.indexOf(s) : -1;
          if (i >= 0) content = content.slice(0, i);
        }
        const promptTokens = messages.reduce((n, m) => n + words(m.content ?? ''), 0);
        const completionTokens = words(content);
        return Response.json({
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
          },
        });
      } finally {
        active--;
      }
    },
  });

  return {
    url: `http://${server.hostname}:${server.port}/v1`,
    requests,
    maxActive: () => maxActive,
    configure(o) {
      if (o.latencyMs !== undefined) state.latencyMs = o.latencyMs;
      if (o.failNext !== undefined) state.failNext = o.failNext;
      if (o.failStatus !== undefined) state.failStatus = o.failStatus;
      if (o.hangNext !== undefined) state.hangNext = o.hangNext;
    },
    reset() {
      Object.assign(state, { latencyMs: opts.latencyMs ?? 0, failNext: 0, failStatus: 500, hangNext: 0 });
      requests.length = 0;
      maxActive = 0;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.stop(true);
    },
  };
}
