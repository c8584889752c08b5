/**
 * The placeholders of a notification template as the editor sees them: `{{name}}` markers (the API's syntax), the
 * unknown ones (a typo would reach the customer as typed: the API refuses them), and inserting one at the caret.
 */
const MARKER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** the names a text uses, in order of first use */
export function usedNames(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(MARKER)) seen.add(m[1]);
  return [...seen];
}

/** the names of a text that are not in `known` (each once) */
export function unknownNames(text: string, known: readonly string[]): string[] {
  const set = new Set(known);
  return usedNames(text).filter((n) => !set.has(n));
}

/** the marker of a name as the editor inserts it */
export const markerOf = (name: string) => `{{${name}}}`;

/**
 * Inserts `insert` into `value` at the selection [start, end): the new value and the caret after the insert. A
 * missing selection (the field never focused) appends.
 */
export function insertAt(
  value: string,
  insert: string,
  start: number | null,
  end: number | null,
): { value: string; caret: number } {
  const s = Math.min(start ?? value.length, value.length);
  const e = Math.max(s, Math.min(end ?? s, value.length));
  return { value: value.slice(0, s) + insert + value.slice(e), caret: s + insert.length };
}
