import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CLOSED_COLOR, SERIES_COLORS } from './chart-colors';
import { ChartLegend } from './pie-chart';
import type { ReportData } from './report-data';
import { countAxis, drawAsImage, PAPER_INK, useElementWidth } from './uplot-kit';

const CREATED_COLOR = SERIES_COLORS[0];

type Series = { days: readonly string[]; created: readonly number[]; closed: readonly number[] };

/** "dd/mm" of a 'YYYY-MM-DD' day in the user's language (the day is a calendar date: formatted in UTC). */
function dayLabel(day: string, locale: string, withYear = false): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

function optionsOf(
  s: Series,
  labels: { created: string; closed: string; locale: string },
  width: number,
  height: number,
  k: number,
  ink: string,
  onDrawn?: (u: uPlot) => void,
): uPlot.Options {
  const font = `${11 * k}px Inter, ui-sans-serif, system-ui, sans-serif`;
  const grid = 'rgba(128, 128, 128, 0.25)';
  const max = Math.max(1, ...s.created, ...s.closed);
  const n = s.days.length;
  // about one label per 70 px
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(width / (70 * k)))));
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: !onDrawn, points: { size: 6 }, drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    padding: [10 * k, 12 * k, 0, 0],
    scales: {
      x: { time: false, range: () => [0, Math.max(1, n - 1)] },
      y: { range: () => [0, Math.ceil(max * 1.1) || 1] },
    },
    axes: [
      {
        font,
        stroke: ink,
        size: 28 * k,
        gap: 4 * k,
        grid: { show: false },
        ticks: { show: false },
        splits: () => s.days.map((_, i) => i).filter((i) => i % every === 0),
        values: (_u, splits) => splits.map((i) => (s.days[i] ? dayLabel(s.days[i], labels.locale) : '')),
      },
      countAxis(font, ink, grid, k),
    ],
    series: [
      {},
      {
        label: labels.created,
        stroke: CREATED_COLOR,
        width: 2 * k,
        fill: `${CREATED_COLOR}22`,
        points: { show: n <= 62, size: 4 * k },
      },
      { label: labels.closed, stroke: CLOSED_COLOR, width: 2 * k, points: { show: n <= 62, size: 4 * k } },
    ],
    hooks: onDrawn ? { draw: [(u) => onDrawn(u)] } : {},
  };
}

/**
 * Tickets created per day and how many of them are resolved (ReportData.daily), a uPlot time series. Follows its
 * container's width; in image mode (the print view) it is drawn off-screen and kept as a PNG, as the bar charts.
 */
export function DailyChart({
  data,
  height = 160,
  asImage = false,
}: {
  data: ReportData;
  height?: number;
  asImage?: boolean;
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [image, setImage] = useState<string | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const daily = data.daily ?? [];
  const s: Series = {
    days: daily.map((d) => d.day),
    created: daily.map((d) => d.tickets),
    closed: daily.map((d) => d.closed),
  };
  const labels = { created: t`Criados`, closed: t`Resolvidos`, locale: i18n.locale };
  const k = asImage ? 2 : 1;
  const key = JSON.stringify([s, labels]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the data (key), size or mode change
  useEffect(() => {
    const el = box.current;
    if (!el || (!asImage && width < 40)) return;
    const aligned: uPlot.AlignedData = [s.days.map((_, i) => i), [...s.created], [...s.closed]];
    if (asImage) {
      return drawAsImage(
        (onDrawn) => optionsOf(s, labels, 700 * k, height * k, k, PAPER_INK, onDrawn),
        aligned,
        setImage,
      );
    }
    const opts = optionsOf(s, labels, width, height, 1, getComputedStyle(el).color || PAPER_INK);
    opts.hooks = { setCursor: [(u) => setHover(u.cursor.idx ?? null)] };
    const u = new uPlot(opts, aligned, el);
    return () => u.destroy();
  }, [key, asImage ? 0 : width, height, asImage]);

  const totalCreated = s.created.reduce((a, b) => a + b, 0);
  const totalClosed = s.closed.reduce((a, b) => a + b, 0);
  const n = (v: number) => new Intl.NumberFormat(i18n.locale).format(v);
  const at = hover !== null && s.days[hover] ? hover : null;
  return (
    <section className="report-block flex min-w-0 flex-col rounded-box border border-base-300" data-testid="dash-daily">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 px-4 py-2">
        <h2 className="text-base font-semibold">
          <Trans>Atendimentos por dia</Trans>
        </h2>
        <div className="flex items-center gap-3" data-testid="dash-daily-legend">
          {at !== null ? (
            <span className="text-xs font-medium tabular-nums">{dayLabel(s.days[at] ?? '', i18n.locale, true)}</span>
          ) : null}
          <ChartLegend
            items={[
              {
                label: labels.created,
                color: CREATED_COLOR,
                value: n(at !== null ? (s.created[at] ?? 0) : totalCreated),
              },
              { label: labels.closed, color: CLOSED_COLOR, value: n(at !== null ? (s.closed[at] ?? 0) : totalClosed) },
            ]}
          />
        </div>
      </div>
      <div className="report-chart px-2 py-2">
        <div
          ref={box}
          className="w-full"
          style={asImage && image ? undefined : { height }}
          role="img"
          aria-label={t`Tickets criados e resolvidos por dia`}
          data-testid="daily-chart"
        >
          {asImage && image ? (
            <img
              src={image}
              alt={t`Tickets criados e resolvidos por dia`}
              className="block h-auto w-full"
              data-testid="chart-image"
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
