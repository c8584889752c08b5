import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { countAxis, drawAsImage, PAPER_INK, useElementWidth } from './uplot-kit';

export type BarChartProps = {
  /** category names (x axis) */
  labels: readonly string[];
  values: readonly number[];
  colors: readonly string[];
  height?: number;
  /** accessible name */
  title: string;
  /** a bar's label above it (default: the value) */
  format?: (v: number) => string;
  /**
   * Draw once and show a PNG <img> instead of the live canvas: the print view's charts (print engines and PDF keep an
   * image reliably, and at `imageScale` × the CSS size it stays sharp on paper).
   */
  asImage?: boolean;
  imageScale?: number;
  /**
   * The CSS width an image is drawn for (default 700: the content width of an A4 page). Fixed, not the container's:
   * printing re-lays the page out at paper width, and a picture redrawn for the screen's width would shrink on paper.
   */
  imageWidth?: number;
  testId?: string;
};

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** uPlot options of a categorical bar chart, every size multiplied by `k` (image mode draws at k × CSS pixels). */
function optionsOf(
  p: BarChartProps,
  width: number,
  height: number,
  k: number,
  ink: string,
  onDrawn?: (u: uPlot) => void,
): uPlot.Options {
  const fmt = p.format ?? ((v: number) => String(v));
  const font = `${11 * k}px Inter, ui-sans-serif, system-ui, sans-serif`;
  const axisColor = ink;
  const grid = 'rgba(128, 128, 128, 0.25)';
  const max = Math.max(1, ...p.values);
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    padding: [18 * k, 8 * k, 0, 0],
    scales: {
      x: { time: false, range: () => [-0.5, p.labels.length - 0.5] },
      y: { range: () => [0, Math.ceil(max * 1.1) || 1] },
    },
    axes: [
      {
        font,
        stroke: axisColor,
        size: 28 * k,
        gap: 4 * k,
        grid: { show: false },
        ticks: { show: false },
        splits: () => p.labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => cut(p.labels[i] ?? '', p.labels.length > 6 ? 10 : 18)),
      },
      countAxis(font, axisColor, grid, k),
    ],
    series: [
      {},
      {
        label: p.title,
        // width 0: uPlot draws one path per bar colour (disp.fill) only without a stroke
        width: 0,
        fill: p.colors[0] ?? '#3b82f6',
        paths: uPlot.paths.bars?.({
          size: [0.6, 80 * k],
          radius: 0.15,
          disp: {
            // unit 3 = colours, indexed by the data index
            fill: { unit: 3, values: () => p.colors as string[] },
          },
        }),
        points: { show: false },
      },
    ],
    hooks: {
      draw: [
        (u) => {
          // the value above each bar
          const { ctx } = u;
          ctx.save();
          // the hook draws in canvas pixels (CSS pixels × devicePixelRatio)
          const r = uPlot.pxRatio;
          ctx.font = `600 ${Math.round(11 * k * r)}px Inter, ui-sans-serif, system-ui, sans-serif`;
          ctx.fillStyle = ink;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'bottom';
          p.values.forEach((v, i) => {
            const x = u.valToPos(i, 'x', true);
            const y = u.valToPos(v, 'y', true);
            ctx.fillText(fmt(v), x, y - 3 * k * r);
          });
          ctx.restore();
          onDrawn?.(u);
        },
      ],
    },
  };
}

/**
 * A bar chart of categories on uPlot (the project's one chart library). Follows its container's width; in image mode
 * it is drawn off-screen and kept as a PNG.
 */
export function BarChart(p: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [image, setImage] = useState<string | null>(null);
  const height = p.height ?? 180;
  const k = p.asImage ? (p.imageScale ?? 2) : 1;
  const key = JSON.stringify([p.labels, p.values, p.colors]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the data (key), size or mode change
  useEffect(() => {
    const el = box.current;
    if (!el || (!p.asImage && width < 40)) return;
    const data: uPlot.AlignedData = [p.labels.map((_, i) => i), [...p.values]];
    if (p.asImage) {
      return drawAsImage(
        (onDrawn) => optionsOf(p, (p.imageWidth ?? 700) * k, height * k, k, PAPER_INK, onDrawn),
        data,
        setImage,
      );
    }
    // on screen the text takes the theme's colour (light or dark themes); on paper a fixed dark grey
    const u = new uPlot(optionsOf(p, width, height, 1, getComputedStyle(el).color || PAPER_INK), data, el);
    return () => u.destroy();
  }, [key, p.asImage ? 0 : width, height, p.asImage, k]);

  return (
    <div
      ref={box}
      className="w-full"
      // an image keeps its own aspect ratio (the sheet is narrower on paper than on screen)
      style={p.asImage && image ? undefined : { height }}
      role="img"
      aria-label={p.title}
      data-testid={p.testId}
    >
      {p.asImage && image ? (
        <img src={image} alt={p.title} className="block h-auto w-full" data-testid="chart-image" />
      ) : null}
    </div>
  );
}
