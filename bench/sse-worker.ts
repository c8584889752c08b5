/**
 * One load-client process of bench:sse: opens `COUNT` raw-socket SSE streams to the API (tokens round-robin) and
 * records, for every `ticket-*` event, receipt time − publish time (the event id starts with the publisher's
 * millisecond clock in base 36). Commands on stdin, answers one JSON line on stdout:
 *   open <n>   open n more streams, answer when all are established
 *   report     latency histogram, counts and this process's CPU seconds since the previous report; then reset
 *   close      close every stream and exit
 */
import { cpuSecondsOf } from './lib/server';
import { openSse, type SseConnection } from './lib/sse-client';

const HOST = process.env.SSE_HOST ?? '127.0.0.1';
const PORT = Number(process.env.SSE_PORT);
const TOKENS = JSON.parse(process.env.SSE_TOKENS ?? '[]') as string[];
const EXPECT_CHANNEL = process.env.SSE_EXPECT_CHANNEL ?? '';
/** histogram buckets of 0.25 ms up to 10 s */
const BUCKET_MS = 0.25;
const BUCKETS = 40_000;

const conns: SseConnection[] = [];
let hist = new Uint32Array(BUCKETS + 1);
let received = 0;
let foreign = 0;
let other = 0;
let lastCpu = cpuSecondsOf(process.pid);
let lastAt = performance.now();
let opened = 0;

function onFrame(event: string, _data: string, at: number, id: string) {
  if (event === 'ready' || event === 'resync') return;
  if (!event.startsWith('ticket-')) {
    other++;
    return;
  }
  if (EXPECT_CHANNEL && event !== EXPECT_CHANNEL) {
    foreign++;
    return;
  }
  received++;
  const published = Number.parseInt(id.slice(0, 9), 36);
  const ms = Math.max(0, at - published);
  hist[Math.min(BUCKETS, Math.floor(ms / BUCKET_MS))]++;
}

async function open(n: number) {
  const batch: SseConnection[] = [];
  for (let i = 0; i < n; i++) {
    const token = TOKENS[(opened + i) % TOKENS.length];
    let lastId = '';
    const c = openSse({
      host: HOST,
      port: PORT,
      path: `/events?token=${token}`,
      onFrame: (event, data, at) => onFrame(event, data, at, lastId),
      onId: (id) => {
        lastId = id;
      },
    });
    batch.push(c);
    // pace the handshakes a little so the listen backlog never overflows
    if (i % 200 === 199) await Bun.sleep(20);
  }
  opened += n;
  const results = await Promise.allSettled(batch.map((c) => c.ready));
  conns.push(...batch);
  return results.filter((r) => r.status === 'rejected').length;
}

function report() {
  const cpu = cpuSecondsOf(process.pid);
  const now = performance.now();
  const out = {
    hist: Array.from(hist),
    bucketMs: BUCKET_MS,
    received,
    foreign,
    other,
    open: conns.filter((c) => !c.closed).length,
    cpuSeconds: cpu - lastCpu,
    wallSeconds: (now - lastAt) / 1000,
  };
  hist = new Uint32Array(BUCKETS + 1);
  received = 0;
  foreign = 0;
  other = 0;
  lastCpu = cpu;
  lastAt = now;
  return out;
}

for await (const line of console) {
  const [cmd, arg] = line.trim().split(' ');
  if (cmd === 'open') {
    const failed = await open(Number(arg));
    console.log(JSON.stringify({ opened: conns.length, failed }));
  } else if (cmd === 'report') {
    console.log(JSON.stringify(report()));
  } else if (cmd === 'close') {
    for (const c of conns) c.close();
    console.log(JSON.stringify({ closed: true }));
    process.exit(0);
  }
}
