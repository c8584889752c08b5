/**
 * A low-overhead SSE client on a raw TCP socket (Bun.connect): one HTTP/1.1 GET, a chunked-transfer decoder and a
 * frame splitter. Thousands of these cost far less client CPU than fetch streams, so the server is what gets
 * measured. `onFrame(event, data, receivedAt)` gets each complete SSE event (comments and `retry:` are skipped).
 */
export type SseFrameHandler = (event: string, data: string, receivedAt: number) => void;

export type SseConnection = {
  /** resolves once the response headers arrived with status 200 */
  ready: Promise<void>;
  frames: number;
  bytes: number;
  closed: boolean;
  close(): void;
};

export function openSse(opts: {
  host: string;
  port: number;
  path: string;
  onFrame: SseFrameHandler;
  /** the frame's `id:` line, called before onFrame of that frame */
  onId?: (id: string) => void;
}): SseConnection {
  const dec = new TextDecoder();
  const latin1 = new TextDecoder('latin1');
  let headerDone = false;
  let head = '';
  // chunked decoding state: bytes still expected in the current chunk, or -1 while reading a size line
  let chunkLeft = -1;
  let sizeLine = '';
  let skipCrlf = 0;
  let text = '';
  let resolveReady!: () => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  // avoid unhandled rejections when nobody awaits ready
  ready.catch(() => {});
  const conn: SseConnection = {
    ready,
    frames: 0,
    bytes: 0,
    closed: false,
    close() {
      conn.closed = true;
      sock?.end();
    },
  };
  let sock: { end(): void; write(d: string): number } | undefined;

  const emitFrames = (now: number) => {
    let i = text.indexOf('\n\n');
    while (i !== -1) {
      const frame = text.slice(0, i);
      text = text.slice(i + 2);
      let event = 'message';
      let data = '';
      for (const line of frame.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) opts.onId?.(line.slice(4));
        else if (line.startsWith('data: ')) data = data ? `${data}\n${line.slice(6)}` : line.slice(6);
      }
      if (data) {
        conn.frames++;
        opts.onFrame(event, data, now);
      }
      i = text.indexOf('\n\n');
    }
  };

  // chunk sizes count bytes: decode only the payload bytes (a multi-byte character may span reads)
  const body = (chunk: Uint8Array, now: number) => {
    let p = 0;
    while (p < chunk.length) {
      if (skipCrlf > 0) {
        const n = Math.min(skipCrlf, chunk.length - p);
        skipCrlf -= n;
        p += n;
        continue;
      }
      if (chunkLeft === -1) {
        const nl = chunk.indexOf(10, p);
        if (nl === -1) {
          sizeLine += latin1.decode(chunk.subarray(p));
          return;
        }
        sizeLine += latin1.decode(chunk.subarray(p, nl));
        p = nl + 1;
        chunkLeft = Number.parseInt(sizeLine.trim(), 16);
        sizeLine = '';
        if (chunkLeft === 0) {
          conn.close();
          return;
        }
        continue;
      }
      const n = Math.min(chunkLeft, chunk.length - p);
      text += dec.decode(chunk.subarray(p, p + n), { stream: true });
      chunkLeft -= n;
      p += n;
      if (chunkLeft === 0) {
        chunkLeft = -1;
        skipCrlf = 2;
      }
    }
    emitFrames(now);
  };

  Bun.connect({
    hostname: opts.host,
    port: opts.port,
    socket: {
      open(s) {
        sock = s;
        s.write(`GET ${opts.path} HTTP/1.1\r\nHost: ${opts.host}:${opts.port}\r\nAccept: text/event-stream\r\n\r\n`);
      },
      data(_s, buf) {
        const now = performance.now() + performance.timeOrigin;
        conn.bytes += buf.byteLength;
        const chunk = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
        if (!headerDone) {
          head += latin1.decode(chunk);
          const end = head.indexOf('\r\n\r\n');
          if (end === -1) return;
          const status = Number(head.slice(9, 12));
          if (status !== 200) {
            rejectReady(new Error(`SSE answered ${status}`));
            conn.close();
            return;
          }
          headerDone = true;
          resolveReady();
          // header bytes are ASCII, so the string offset is the byte offset within what arrived so far
          const consumed = end + 4 - (head.length - chunk.length);
          head = '';
          if (consumed < chunk.length) body(chunk.subarray(consumed), now);
          return;
        }
        body(chunk, now);
      },
      close() {
        conn.closed = true;
        rejectReady(new Error('SSE socket closed'));
      },
      error(_s, err) {
        conn.closed = true;
        rejectReady(err);
      },
      connectError(_s, err) {
        conn.closed = true;
        rejectReady(err);
      },
    },
  }).catch((err) => {
    conn.closed = true;
    rejectReady(err);
  });
  return conn;
}

/** wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine */
export const nowMs = () => performance.timeOrigin + performance.now();
