/**
 * Environment knobs of the campaign engine (like the schedules' SCHEDULE_* ones). The defaults are production's;
 * tests and benches compress the spec's slow pacing with CAMPAIGN_PACING_SCALE.
 */
function num(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  return Number.isFinite(v) && v >= min ? v : fallback;
}

/** CAMPAIGN_PACING_SCALE (default 1): multiplies tMin, tMax and interval (tests: 0.01 → a 30 s interval is 0.3 s). */
export const pacingScale = (): number => num('CAMPAIGN_PACING_SCALE', 1, 0.0001);

/** CAMPAIGN_RETRY_MS (default 30 s): when no connection is usable (or nothing fits), decide again after this. */
export const retryMs = (): number => num('CAMPAIGN_RETRY_MS', 30_000, 10);

/** CAMPAIGN_RELEASE_RETRY_MS (default 1 s): after a dispatch was released (connection down before the greeting). */
export const releaseRetryMs = (): number => num('CAMPAIGN_RELEASE_RETRY_MS', 1_000, 0);

/** CAMPAIGN_WEBHOOK_TIMEOUT_MS (default 5 s): one call of webhookUrlConcluded. */
export const webhookTimeoutMs = (): number => num('CAMPAIGN_WEBHOOK_TIMEOUT_MS', 5_000, 10);

/** CAMPAIGN_WEBHOOK_BACKOFF_MS (default 10 s, exponential, 5 attempts). */
export const webhookBackoffMs = (): number => num('CAMPAIGN_WEBHOOK_BACKOFF_MS', 10_000, 0);
export const WEBHOOK_ATTEMPTS = 5;

/**
 * CAMPAIGN_WEBHOOK_ALLOW_HOSTS: comma-separated hosts (`name` or `name:port`) the concluded webhook may call even
 * though they resolve to private / loopback addresses (an intranet receiver; tests' local server). Empty: public
 * addresses only.
 */
export function webhookAllowHosts(): string[] {
  return (process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}
