/** The process monitor's numbers as people read them (pure). */

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** bytes → "512 MiB" / "3,4 GiB" (pt-BR decimals) */
export function formatBytes(bytes: number, locale = 'pt-BR'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const fmt = (n: number, digits: number) =>
    n.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (bytes >= 1024 * GiB) return `${fmt(bytes / (1024 * GiB), 1)} TiB`;
  if (bytes >= GiB) return `${fmt(bytes / GiB, 1)} GiB`;
  if (bytes >= MiB) return `${fmt(bytes / MiB, 0)} MiB`;
  if (bytes >= 1024) return `${fmt(bytes / 1024, 0)} KiB`;
  return `${fmt(bytes, 0)} B`;
}

export const toMiB = (bytes: number): number => bytes / MiB;

/** ms → "3d 4h", "5h 12min", "7min 3s", "42s" (the two largest units) */
export function formatUptime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}min`;
  if (m > 0) return `${m}min ${sec}s`;
  return `${sec}s`;
}

/** value as a percent of max, clamped to 0–100 (a gauge never overflows its dial) */
export function percentOf(value: number, max: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

/** the dial's colour: calm below 60 %, watch below 85 %, act above */
export type GaugeTone = 'success' | 'warning' | 'error';
export function gaugeTone(percent: number): GaugeTone {
  if (percent < 60) return 'success';
  if (percent < 85) return 'warning';
  return 'error';
}

/** used share of a total given the free/available part */
export const usedPercent = (total: number, free: number): number => percentOf(total - free, total);
