/**
 * Test helper: reads an SSE response body incrementally, frame by frame, with timeouts so a missing event fails the
 * test instead of hanging the suite. Usable by any area's tests to assert what a user's stream carries.
 */
export type SseFrame = {
  id?: string;
  event?: string;
  /** parsed JSON of the `data:` lines */
  data?: any;
  retry?: number;
  /** text of a `:` comment line (heartbeats) */
  comment?: string;
};

export type SseReader = {
  /** the next frame (heartbeats included), or rejects after `ms` */
  next: (ms?: number) => Promise<SseFrame>;
  /** the next frame that is an event (has `event`), skipping heartbeats and retry hints */
  nextEvent: (ms?: number) => Promise<SseFrame>;
  /** events until (and including) the first one matching `pred` */
  until: (pred: (f: SseFrame) => boolean, ms?: number) => Promise<SseFrame[]>;
  /** resolves true if no event arrives within `ms` */
  quiet: (ms: number) => Promise<boolean>;
  /** resolves once the server has ended the stream, false if it still runs after `ms` */
  ended: (ms?: number) => Promise<boolean>;
  close: () => Promise<void>;
};

function parseBlock(block: string): SseFrame {
  const f: SseFrame = {};
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      f.comment = line.slice(1).trim();
      continue;
    }
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'id') f.id = value;
    else if (field === 'event') f.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') f.retry = Number(value);
  }
  if (data.length) f.data = JSON.parse(data.join('\n'));
  return f;
}

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error('response has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buf = '';
  let done = false;
  let pending: Promise<void> | undefined;

  // one outstanding read at a time; a timed-out wait leaves it running for the next call
  const pump = (): Promise<void> => {
    pending ??= reader.read().then(
      (r) => {
        pending = undefined;
        if (r.done) {
          done = true;
          return;
        }
        buf += decoder.decode(r.value, { stream: true });
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          frames.push(parseBlock(buf.slice(0, i)));
          buf = buf.slice(i + 2);
          i = buf.indexOf('\n\n');
        }
      },
      () => {
        pending = undefined;
        done = true;
      },
    );
    return pending;
  };

  const timeout = (ms: number) =>
    new Promise<'timeout'>((resolve) => {
      const t = setTimeout(() => resolve('timeout'), ms);
      (t as { unref?: () => void }).unref?.();
    });

  const next = async (ms = 2000): Promise<SseFrame> => {
    const deadline = Date.now() + ms;
    while (!frames.length) {
      if (done) throw new Error('SSE stream ended');
      const left = deadline - Date.now();
      if (left <= 0 || (await Promise.race([pump(), timeout(left)])) === 'timeout') {
        throw new Error(`no SSE frame within ${ms} ms`);
      }
    }
    return frames.shift() as SseFrame;
  };

  const nextEvent = async (ms = 2000): Promise<SseFrame> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const f = await next(Math.max(1, deadline - Date.now()));
      if (f.event) return f;
    }
  };

  return {
    next,
    nextEvent,
    until: async (pred, ms = 2000) => {
      const deadline = Date.now() + ms;
      const out: SseFrame[] = [];
      for (;;) {
        const f = await nextEvent(Math.max(1, deadline - Date.now()));
        out.push(f);
        if (pred(f)) return out;
      }
    },
    quiet: async (ms) => {
      try {
        await nextEvent(ms);
        return false;
      } catch {
        // timed out, or the stream ended: either way nothing arrived
        return true;
      }
    },
    ended: async (ms = 2000) => {
      const deadline = Date.now() + ms;
      while (!done) {
        frames.length = 0;
        const left = deadline - Date.now();
        if (left <= 0 || (await Promise.race([pump(), timeout(left)])) === 'timeout') return false;
      }
      return true;
    },
    close: async () => {
      await reader.cancel().catch(() => {});
    },
  };
}
