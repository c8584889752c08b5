import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { peekSessionManager } from '../channels/session-manager';
import { peekSseHub } from '../events/sse';
import { platform } from '../index';
import type { JobState } from '../jobs/types';
import { log } from '../log';

/**
 * The process's Prometheus series (`GET /metrics`, issue 22). One registry per process: each API and worker process
 * exposes its own series (Prometheus scrapes each one and sums). Instrumentation lives here and in the few platform
 * seams that call it — the HTTP middleware (request-context.ts), the raw-log seam of the inbound pipeline, the
 * campaign send loop; gauges (jobs, SSE clients, sessions) are read when scraped, costing nothing in between.
 */
export const registry = new client.Registry();

const PREFIX = 'zapdesk_';

const httpDuration = new client.Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'HTTP request latency until the response headers, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const inboundReceived = new client.Counter({
  name: `${PREFIX}inbound_events_total`,
  help: 'raw inbound WhatsApp events written to the raw message log (messages, receipts, edits, reactions, calls)',
  registers: [registry],
});

const inboundProcessed = new client.Counter({
  name: `${PREFIX}inbound_processed_total`,
  help: 'raw inbound events processed, by outcome (ok, warning, unknown, error)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const inboundLag = new client.Histogram({
  name: `${PREFIX}inbound_lag_seconds`,
  help: 'time from a raw inbound event written to its processing finished',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

const campaignSends = new client.Counter({
  name: `${PREFIX}campaign_sends_total`,
  help: 'campaign dispatches finished by this process, by outcome (sent, or how the send failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const JOB_STATES: JobState[] = ['waiting', 'delayed', 'active', 'completed', 'failed'];

new client.Gauge({
  name: `${PREFIX}jobs`,
  help: 'jobs of the shared queue by state (the whole queue, as every process sees it)',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const counts = await safely(() => platform().jobs.counts?.());
    if (!counts) return;
    for (const s of JOB_STATES) this.set({ state: s }, counts[s] ?? 0);
  },
});

new client.Gauge({
  name: `${PREFIX}sse_clients`,
  help: 'live event streams (SSE) open on this process',
  registers: [registry],
  collect() {
    this.set(peekSseHub()?.clientCount() ?? 0);
  },
});

const sessionsGauge = new client.Gauge({
  name: `${PREFIX}whatsapp_sessions`,
  help: 'WhatsApp sessions running on this process, by their last status',
  labelNames: ['status'] as const,
  registers: [registry],
  collect() {
    sessionsGauge.reset();
    const counts = peekSessionManager()?.statusCounts() ?? {};
    for (const [status, n] of Object.entries(counts)) sessionsGauge.set({ status }, n);
  },
});

async function safely<T>(fn: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    log.warn({ err }, 'metrics: a gauge could not be read');
    return undefined;
  }
}

let defaultsOn = false;
/** process CPU, memory, event-loop lag, GC: from the first scrape on (nothing runs while metrics are off) */
function ensureDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });
}

/** the text exposition of every series */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  ensureDefaultMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

// --- the seams' calls (cheap: a map lookup and an add) ---

export function observeHttp(route: string, method: string, status: number, seconds: number): void {
  httpDuration.observe({ route, method, status: String(status) }, seconds);
}

export function countInboundReceived(n = 1): void {
  inboundReceived.inc(n);
}

export function observeInboundProcessed(outcome: string, createdAt: Date, finishedAt = Date.now()): void {
  inboundProcessed.inc({ outcome });
  if (outcome !== 'error') inboundLag.observe(Math.max(0, (finishedAt - createdAt.getTime()) / 1000));
}

const CAMPAIGN_OUTCOME: Record<string, string> = {
  messageSent: 'sent',
  fail: 'failed',
  interrupt: 'interrupted',
  release: 'released',
};

/** a campaign dispatch's finishing move (core DispatchMove type): sent, failed, interrupted, released */
export function countCampaignSend(moveType: string): void {
  campaignSends.inc({ outcome: CAMPAIGN_OUTCOME[moveType] ?? 'other' });
}

/**
 * The token check of /metrics: `Authorization: Bearer <token>` or `?token=`. Answers 'disabled' when no token is
 * configured (the route is then absent: 404), 'refused' on a missing or wrong token (401).
 */
export function metricsAccess(
  configured: string | undefined,
  authorization: string | undefined,
  queryToken: string | undefined,
): 'ok' | 'refused' | 'disabled' {
  if (!configured) return 'disabled';
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const given = bearer || queryToken || '';
  const a = Buffer.from(given);
  const b = Buffer.from(configured);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'refused';
}
