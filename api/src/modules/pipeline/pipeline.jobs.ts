import { GroupCommit } from '@zapdesk/core';
import { z } from 'zod';
import { type Platform, platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { processMessageBatch } from './pipeline.batch';
import { processRawLog } from './pipeline.process';
import { type RawLogRow, unsafeFindRawLogs } from './pipeline.repo';
import type { StoredEvent } from './pipeline.types';

export const INBOUND_JOB = 'inbound.process';
/** processes many raw logs of one company at once (the group-committed ones) */
export const INBOUND_BATCH_JOB = 'inbound.batch';
/** embedded mode: the batch job that re-checks logs processed in-process (only acts if that did not happen) */
export const SAFETY_NET_DELAY_MS = 30_000;

const RETRIED = { attempts: 5, backoff: { type: 'exponential', delay: 500 } } as const;
const rawLogId = z.number().int().positive();

/** the processing job of one raw log (media messages, retries of a batch's failures) */
export const inboundJob = defineJob(
  INBOUND_JOB,
  z.object({ rawLogId }),
  async (data, run) => {
    await processRawLog(data.rawLogId, { attemptsMade: run.attemptsMade });
  },
  { ...RETRIED, concurrency: 4 },
);

/** processes many raw logs of one company; batch jobs claimed together are processed as one merged batch */
export const inboundBatchJob = defineJob(
  INBOUND_BATCH_JOB,
  z.object({ rawLogIds: z.array(rawLogId).min(1) }),
  async (data) => {
    await processMerged({ ids: data.rawLogIds });
  },
  { ...RETRIED, concurrency: Number(process.env.INBOUND_CONCURRENCY) || 32 },
);

/** the processing job of some raw logs of one company (retried with backoff) */
export async function enqueueInboundBatch(companyId: number, rawLogIds: number[], delay = 0): Promise<void> {
  await inboundBatchJob.enqueue(
    { companyId, rawLogIds },
    { jobId: `inbound-batch-${rawLogIds[0]}-${rawLogIds.length}`, ...(delay ? { delay } : {}) },
  );
}

/** the processing job of one raw log (media messages, retries of a batch's failures) */
export async function enqueueInbound(companyId: number, rawLogId: number, delay = 0): Promise<void> {
  await inboundJob.enqueue({ companyId, rawLogId }, { jobId: `inbound-${rawLogId}`, ...(delay ? { delay } : {}) });
}

/**
 * Where freshly written raw logs get processed. A process that runs the job workers (embedded mode) processes
 * them at once, here, skipping the job queue's write-claim-complete round trips and its wake-up latency; the batch
 * job is still written, delayed, as the durable safety net: if this process dies first, the job processes them
 * later (logs already processed are skipped). A process without workers (scaled API) leaves them to the workers.
 */
export async function dispatchInbound(companyId: number, rows: RawLogRow[]): Promise<void> {
  const rawLogIds = rows.map((r) => r.id);
  if (!platform().env.workersInApi) {
    await enqueueInboundBatch(companyId, rawLogIds);
    return;
  }
  // the rows just written travel along: nothing to read back
  void processMerged({ ids: rawLogIds, rows }).catch((err) =>
    log.error({ err, companyId, rawLogs: rawLogIds.length }, 'inbound processing failed; the safety-net job retries'),
  );
  await enqueueInboundBatch(companyId, rawLogIds, SAFETY_NET_DELAY_MS);
}

/**
 * The batch job: the messages of the batch together (processMessageBatch), then everything else — receipts,
 * edits, revokes, reactions, calls, and whatever the batch left — one by one in arrival order, so a receipt finds
 * the message it follows. A log that fails on its own gets its own retried job; logs already processed (a batch
 * retried after a crash) are skipped.
 */
export async function processInboundBatch(rawLogIds: number[], known: RawLogRow[] = []): Promise<void> {
  const have = new Set(known.map((r) => r.id));
  const missing = rawLogIds.filter((id) => !have.has(id));
  const rows = [...known, ...(await unsafeFindRawLogs(missing))]
    .filter((r) => r.status !== 'processed')
    .sort((a, b) => a.id - b.id);
  const perCompany = new Map<number, { raw: RawLogRow; ev: Extract<StoredEvent, { kind: 'message' }> }[]>();
  let rest: RawLogRow[] = [];
  for (const raw of rows) {
    const ev = raw.jsonValue as StoredEvent;
    if (ev?.kind !== 'message') {
      rest.push(raw);
      continue;
    }
    const list = perCompany.get(raw.companyId) ?? [];
    list.push({ raw, ev });
    perCompany.set(raw.companyId, list);
  }
  for (const [companyId, list] of perCompany) {
    try {
      rest.push(...(await processMessageBatch(companyId, list)).deferred);
    } catch (err) {
      log.warn({ err, companyId, rawLogs: list.length }, 'inbound batch failed; processing its logs one by one');
      rest.push(...list.map((i) => i.raw));
    }
  }
  rest = rest.sort((a, b) => a.id - b.id);
  for (const raw of rest) {
    try {
      await processRawLog(raw.id, { attemptsMade: 0, raw });
    } catch {
      // processRawLog recorded the error on the log; its own job retries it with backoff
      await enqueueInbound(raw.companyId, raw.id, 500);
    }
  }
}

/**
 * Batch jobs claimed at the same time are processed together, one merged batch at a time per process: the batches
 * grow with the load (not with the size of the writes that queued them), and a conversation's messages are handled
 * in arrival order inside a process — a person who writes as a LID and then as a phone number is one contact.
 */
type Work = { ids: number[]; rows?: RawLogRow[] };
/**
 * Under load, merged batches start at most every this many ms (idle, at once): a batch's fixed cost (a handful of
 * round trips) is then shared by more messages, which leaves more of the process for taking new ones in.
 */
const PROCESS_MIN_INTERVAL_MS = Number(process.env.INBOUND_BATCH_INTERVAL_MS ?? 5);
const mergers = new WeakMap<Platform, GroupCommit<Work, void>>();
function processMerged(work: Work): Promise<void> {
  const p = platform();
  let g = mergers.get(p);
  if (!g) {
    g = new GroupCommit<Work, void>(
      async (works) => {
        await processInboundBatch(
          works.flatMap((w) => w.ids),
          works.flatMap((w) => w.rows ?? []),
        );
        return works.map(() => undefined);
      },
      { maxBatch: 32, maxInFlight: 1, minIntervalMs: PROCESS_MIN_INTERVAL_MS },
    );
    mergers.set(p, g);
  }
  return g.add(work);
}

/** startup step: the processing jobs of the inbound pipeline */
export function definePipelineJobs(): void {
  inboundJob.register();
  inboundBatchJob.register();
}
