/**
 * The fixed palette of 50 queue colours (spec 2 §9). The queue dialog offers exactly these; the API accepts only
 * these (case-insensitive, stored as written here).
 */
export const QUEUE_PALETTE = [
  // greens
  '#2ECC71',
  '#27AE60',
  '#1ABC9C',
  '#16A085',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#009688',
  '#00897B',
  '#43A047',
  // blues
  '#3498DB',
  '#2980B9',
  '#2196F3',
  '#1E88E5',
  '#03A9F4',
  '#00BCD4',
  '#0097A7',
  '#3F51B5',
  '#303F9F',
  '#34495E',
  // oranges / yellows
  '#E67E22',
  '#D35400',
  '#FF9800',
  '#FB8C00',
  '#FF5722',
  '#F39C12',
  '#F1C40F',
  '#FFC107',
  '#FFB300',
  '#FFEB3B',
  // reds / pinks
  '#E74C3C',
  '#C0392B',
  '#F44336',
  '#D32F2F',
  '#E91E63',
  '#C2185B',
  '#FF4081',
  '#AD1457',
  '#B71C1C',
  '#EC407A',
  // purples / neutrals
  '#9B59B6',
  '#8E44AD',
  '#9C27B0',
  '#673AB7',
  '#7E57C2',
  '#795548',
  '#607D8B',
  '#95A5A6',
  '#7F8C8D',
  '#272B53',
] as const;

export type QueueColor = (typeof QUEUE_PALETTE)[number];

const byUpper = new Map<string, QueueColor>(QUEUE_PALETTE.map((c) => [c.toUpperCase(), c]));

/** The palette entry for a colour written in any case, or undefined when it is not in the palette. */
export function paletteColor(input: string): QueueColor | undefined {
  return byUpper.get(input.trim().toUpperCase());
}

/** Default queues created when a company has none (spec 1 §7, spec 2 §3): green, blue, orange. */
export const DEFAULT_QUEUES: readonly { name: string; color: QueueColor }[] = [
  { name: 'Financeiro', color: '#2ECC71' },
  { name: 'Vendas', color: '#3498DB' },
  { name: 'Suporte', color: '#E67E22' },
];
