import type { ReactNode } from 'react';

/** Black or white text, whichever reads better on a #rgb / #rrggbb / #rrggbbaa background (WCAG luminance). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  let hex = background.trim().replace(/^#/, '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) return '#000000';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.4 ? '#000000' : '#ffffff';
}

/** A name on its colour (tags, queues, categories). */
export function ColorChip({
  color,
  children,
  size = 'md',
  testId,
}: {
  color: string;
  children: ReactNode;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  return (
    <span
      className={`badge ${size === 'sm' ? 'badge-sm' : ''} max-w-full border-0 font-medium`}
      style={{ backgroundColor: color, color: readableTextColor(color) }}
      data-testid={testId}
    >
      <span className="truncate">{children}</span>
    </span>
  );
}

/** Just the colour: a small round swatch. */
export function ColorDot({ color, size = 16 }: { color: string; size?: number }) {
  return (
    <span
      className="inline-block shrink-0 rounded-full ring-1 ring-base-content/10"
      style={{ backgroundColor: color, width: size, height: size }}
      aria-hidden="true"
    />
  );
}
