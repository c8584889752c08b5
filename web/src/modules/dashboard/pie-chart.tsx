export type PieSlice = { label: string; value: number; color: string };

/** The SVG path of one slice from angle a0 to a1 (radians, 0 = 12 o'clock, clockwise) of a circle of radius r at (r, r). */
export function slicePath(a0: number, a1: number, r: number): string {
  const x = (a: number) => r + r * Math.sin(a);
  const y = (a: number) => r - r * Math.cos(a);
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${r},${r} L${x(a0).toFixed(3)},${y(a0).toFixed(3)} A${r},${r} 0 ${large} 1 ${x(a1).toFixed(3)},${y(a1).toFixed(3)} Z`;
}

/**
 * A pie chart as plain SVG (prints as vector, no chart library needed). A slice holding everything is a full circle;
 * no data at all shows a grey ring. `title` is the accessible name (and the hover text lists the slices).
 */
export function PieChart({
  slices,
  size = 40,
  title,
  testId,
}: {
  slices: readonly PieSlice[];
  size?: number;
  title: string;
  testId?: string;
}) {
  const r = size / 2;
  const total = slices.reduce((s, x) => s + Math.max(0, x.value), 0);
  const hover = [title, ...slices.map((s) => `${s.label}: ${s.value}`)].join('\n');
  let angle = 0;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={title}
      data-testid={testId}
      className="shrink-0"
    >
      <title>{hover}</title>
      {total === 0 ? (
        <circle cx={r} cy={r} r={r - 2} fill="none" stroke="#cbd5e1" strokeWidth={3} />
      ) : (
        slices
          .filter((s) => s.value > 0)
          .map((s) => {
            if (s.value >= total) return <circle key={s.label} cx={r} cy={r} r={r} fill={s.color} />;
            const a0 = angle;
            angle += (s.value / total) * 2 * Math.PI;
            return (
              <path
                key={s.label}
                d={slicePath(a0, angle, r)}
                fill={s.color}
                style={{ stroke: 'var(--color-base-100, #fff)' }}
                strokeWidth={1}
              />
            );
          })
      )}
    </svg>
  );
}

/** The colour key of a chart: a dot, the label and (optionally) the value. */
export function ChartLegend({ items }: { items: readonly { label: string; color: string; value?: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {items.map((i) => (
        <li key={i.label} className="flex min-w-0 items-center gap-1.5">
          <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: i.color }} />
          <span className="truncate">{i.label}</span>
          {i.value ? <span className="font-medium tabular-nums text-base-content/70">{i.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}
