/**
 * The schedule dialog's send date is typed as a wall-clock time of the COMPANY's time zone (not the browser's): an
 * attendant in Lisbon scheduling for a São Paulo company types São Paulo time, as the list shows it.
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallOf(instant: number, timeZone: string): Wall {
  const p = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: -3 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallOf(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the `YYYY-MM-DDTHH:mm` of a datetime-local input, on the zone's clock. */
export function toZonedInput(iso: string | Date, timeZone: string): string {
  const instant = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  if (Number.isNaN(instant)) return '';
  const w = wallOf(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * A datetime-local value read on the zone's clock → the instant (ISO). A wall time skipped by a DST jump resolves
 * to the instant after the jump; an ambiguous one (clocks back) to its first occurrence. Null for a bad value.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // the zone's offsets a day before and a day after: the same unless a DST change lies between
  const day1 = 86_400_000;
  const candidates = [asUtc - offsetAt(asUtc - day1, timeZone), asUtc - offsetAt(asUtc + day1, timeZone)];
  const shows = (instant: number) => {
    const w = wallOf(instant, timeZone);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  };
  const valid = candidates.filter(shows);
  // ambiguous (clocks back): the first; skipped (clocks forward): the old offset lands just after the jump
  const instant = valid.length ? Math.min(...valid) : candidates[0];
  return new Date(instant).toISOString();
}

/** A date and time on the zone's clock for lists ("25/11/2026 14:30" in pt-BR). */
export function formatZoned(iso: string | null | undefined, timeZone: string, locale: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/** IANA zone names for the company setting (the browser's list; a short fallback where it has none). */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return names.length
    ? names
    : ['America/Sao_Paulo', 'America/Manaus', 'America/Recife', 'America/Fortaleza', 'America/Rio_Branco', 'UTC'];
}
