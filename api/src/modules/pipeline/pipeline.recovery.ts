import { type ClockTimer, clock } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { rootMessage } from '../../platform/unavailable';
import { inboundBatchJob } from './pipeline.jobs';
import { unsafeFindStaleReceivedRawLogs } from './pipeline.recovery.repo';

/**
 * Recovery sweep of the inbound pipeline. A raw log is written first and its processing job queued after; the job
 * can be lost although the log is safe: Redis restarted without persistence (every queued job gone), or the
 * process died between the two writes. Every `INBOUND_RECOVERY_INTERVAL_MS` (30 s) a process that runs the job
 * workers queues a batch job again for the logs still 'received' after `INBOUND_RECOVERY_AFTER_MS` (60 s).
 * Reprocessing is idempotent (a processed log is skipped, a message is unique per connection and WhatsApp id), and
 * the job id is the log and the sweep's time slot, so processes sweeping in the same slot queue one job.
 */
export const RECOVERY_INTERVAL_MS = Number(process.env.INBOUND_RECOVERY_INTERVAL_MS) || 30_000;
export const RECOVERY_AFTER_MS = Number(process.env.INBOUND_RECOVERY_AFTER_MS) || 60_000;
const SWEEP_LIMIT = 2_000;
const PER_JOB = 200;

/** One sweep: answers how many logs were queued again. */
export async function recoverStaleRawLogs(now = clock().now()): Promise<number> {
  const stale = await unsafeFindStaleReceivedRawLogs(RECOVERY_AFTER_MS, SWEEP_LIMIT);
  if (stale.length === 0) return 0;
  const slot = Math.floor(now / RECOVERY_INTERVAL_MS);
  const perCompany = new Map<number, number[]>();
  for (const r of stale) {
    const ids = perCompany.get(r.companyId) ?? [];
    ids.push(r.id);
    perCompany.set(r.companyId, ids);
  }
  for (const [companyId, ids] of perCompany) {
    for (let i = 0; i < ids.length; i += PER_JOB) {
      const rawLogIds = ids.slice(i, i + PER_JOB);
      await inboundBatchJob.enqueue(
        { companyId, rawLogIds },
        { jobId: `inbound-recover-${rawLogIds[0]}-${rawLogIds.length}-${slot}` },
      );
    }
  }
  log.warn({ rawLogs: stale.length }, 'inbound recovery: unprocessed raw logs queued again');
  return stale.length;
}

/** Starts the periodic sweep in this process (one that runs the job workers); stopped on shutdown. */
export function startInboundRecovery(): void {
  const p = platform();
  let timer: ClockTimer | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await recoverStaleRawLogs();
    } catch (err) {
      log.warn({ err: rootMessage(err) }, 'inbound recovery sweep failed; next one retries');
    }
    if (!stopped) timer = clock().setTimeout(() => void tick(), RECOVERY_INTERVAL_MS);
  };
  timer = clock().setTimeout(() => void tick(), RECOVERY_INTERVAL_MS);
  p.onShutdown.push(() => {
    stopped = true;
    timer?.cancel();
  });
}
