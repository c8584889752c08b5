import { type RefObject, useEffect, useState } from 'react';
import uPlot from 'uplot';

/** Text and axes of a chart drawn for paper (the print sheet always has the light theme). */
export const PAPER_INK = '#475569';

/** The y axis of a count: about four gridlines at whole numbers from 0. */
export function countAxis(font: string, stroke: string, grid: string, k: number): uPlot.Axis {
  return {
    font,
    stroke,
    size: 36 * k,
    gap: 4 * k,
    grid: { stroke: grid, width: k },
    ticks: { show: false },
    splits: (_u, _i, min, mx) => {
      const step = Math.max(1, Math.ceil((mx - min) / 4));
      const out: number[] = [];
      for (let v = 0; v <= mx; v += step) out.push(v);
      return out;
    },
  };
}

/** The element's width in whole CSS pixels, followed as it resizes (0 before the first layout). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    ro.observe(el);
    setWidth(Math.floor(el.clientWidth));
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * Draws a chart off-screen and hands it over as a PNG data URL (print images). uPlot draws on a microtask after
 * construction, so `options` receives the hook to call once drawn. Answers the cleanup for an effect.
 */
export function drawAsImage(
  options: (onDrawn: (u: uPlot) => void) => uPlot.Options,
  data: uPlot.AlignedData,
  onImage: (png: string) => void,
): () => void {
  const off = document.createElement('div');
  off.style.position = 'absolute';
  off.style.left = '-10000px';
  document.body.appendChild(off);
  let done = false;
  const u = new uPlot(
    options((drawn) => {
      if (done) return;
      done = true;
      onImage(drawn.ctx.canvas.toDataURL('image/png'));
      queueMicrotask(() => {
        drawn.destroy();
        off.remove();
      });
    }),
    data,
    off,
  );
  return () => {
    if (done) return;
    done = true;
    u.destroy();
    off.remove();
  };
}
