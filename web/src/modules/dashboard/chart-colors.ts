/**
 * Chart colours: fixed (not the theme's) so a chart reads the same on every theme and on paper. Open/closed pies use
 * OPEN_COLOR and CLOSED_COLOR; series of categories cycle through SERIES_COLORS.
 */
export const OPEN_COLOR = '#f59e0b';
export const CLOSED_COLOR = '#16a34a';
export const SERIES_COLORS = [
  '#3b82f6',
  '#16a34a',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#f97316',
  '#64748b',
] as const;

export const colorAt = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length];
