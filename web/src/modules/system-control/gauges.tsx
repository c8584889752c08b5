import { useLingui } from '@lingui/react/macro';
import type { CSSProperties, ReactNode } from 'react';
import { gaugeTone } from './monitor-format';

const TEXT_TONE = { success: 'text-success', warning: 'text-warning', error: 'text-error' } as const;
const BG_TONE = { success: 'bg-success', warning: 'bg-warning', error: 'bg-error' } as const;

/**
 * A round dial (daisyUI radial-progress) for a share of a maximum (CPU of 100 %, memory of 2048 MiB): a progressbar
 * to assistive technology with the readable value (`valueText`) as its text.
 */
export function Gauge({
  percent,
  label,
  valueText,
  size = '4.5rem',
  thickness = '0.45rem',
  caption,
  testId,
}: {
  /** 0–100 (already clamped) */
  percent: number;
  label: string;
  valueText: string;
  size?: string;
  thickness?: string;
  caption?: ReactNode;
  testId?: string;
}) {
  const tone = gaugeTone(percent);
  const style = { '--value': Math.round(percent), '--size': size, '--thickness': thickness } as CSSProperties;
  return (
    <div className="flex flex-col items-center gap-1" data-testid={testId}>
      <div
        className={`radial-progress bg-base-200 ${TEXT_TONE[tone]}`}
        style={style}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={valueText}
        data-value={percent.toFixed(1)}
      >
        <span className="text-xs font-semibold text-base-content tabular-nums">{valueText}</span>
      </div>
      {caption ? <div className="text-center text-xs text-base-content/70">{caption}</div> : null}
    </div>
  );
}

/** A horizontal meter (disk, memory of a host): the label, the bar, a caption under it. */
export function Meter({
  percent,
  label,
  caption,
  testId,
}: {
  percent: number;
  label: string;
  caption: ReactNode;
  testId?: string;
}) {
  const tone = gaugeTone(percent);
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-base-content/70">{Math.round(percent)} %</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-base-200"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className={`h-full ${BG_TONE[tone]} transition-[width] duration-500`} style={{ width: `${percent}%` }} />
      </div>
      <div className="text-xs text-base-content/60">{caption}</div>
    </div>
  );
}

/** Per-core load (spec 3 §3): one small vertical bar per core, its value in the tooltip and accessible name. */
export function CoreBars({ cores, testId }: { cores: readonly number[]; testId?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex h-10 items-end gap-1" data-testid={testId}>
      {cores.map((load, i) => {
        const pct = Math.min(100, Math.max(0, load));
        const n = i + 1;
        const text = t`Núcleo ${n}: ${Math.round(pct)} %`;
        return (
          <div
            key={i}
            className="flex h-full min-w-2 max-w-6 flex-1 flex-col justify-end overflow-hidden rounded-sm bg-base-200"
            role="meter"
            aria-label={text}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(pct)}
            title={text}
            data-testid="core-bar"
          >
            <div
              className={`${BG_TONE[gaugeTone(pct)]} transition-[height] duration-500`}
              style={{ height: `${pct}%` }}
            />
          </div>
        );
      })}
    </div>
  );
}
