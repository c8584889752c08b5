/**
 * Rows of the first worksheet of an .xlsx, read with bounded memory and work whatever the file claims (issue 12
 * point 13: a 469 KB file of 3,000,000 rows took an in-memory parser from 0.4 GB to 3.6 GB). Before anything is
 * inflated, the zip's directory is checked (entry count, declared sizes); before any row is parsed, the sheet's
 * declared dimension; while inflating, the real output is counted (declared sizes can lie) and inflating stops at
 * the cap; rows are parsed as the sheet streams and reading stops at the row cap. Only what the rows need is read:
 * workbook.xml, its relationships, the shared strings and the first sheet.
 */
export type XlsxLimits = {
  /** most non-empty rows after the header */
  maxDataRows: number;
  /** most bytes one zip entry (sheet, shared strings…) may inflate to */
  maxEntryBytes: number;
  /** most bytes all the entries read may inflate to together */
  maxTotalBytes: number;
};

export type XlsxRow = { row: number; cells: string[] };

export type XlsxErrorKind = 'notXlsx' | 'empty' | 'tooManyRows' | 'tooLarge';
export class XlsxError extends Error {
  constructor(readonly kind: XlsxErrorKind) {
    super(kind);
  }
}

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const MAX_ENTRIES = 2_000;
/** one row's XML larger than this is not a contact row */
const MAX_ROW_XML = 1024 * 1024;
/** compressed bytes handed to the inflater per step */
const FEED = 64 * 1024;
const te = new TextDecoder();

function u16(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/** The zip's central directory (names, methods, declared sizes). Zip64 and multi-disk archives are refused. */
function zipEntries(data: Uint8Array): Map<string, Entry> {
  if (data.length < 22 || u32(data, 0) !== 0x04034b50) throw new XlsxError('notXlsx');
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (u32(data, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxError('notXlsx');
  const count = u16(data, eocd + 10);
  const cdOffset = u32(data, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new XlsxError('notXlsx');
  if (count > MAX_ENTRIES) throw new XlsxError('tooLarge');
  const entries = new Map<string, Entry>();
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > data.length || u32(data, p) !== 0x02014b50) throw new XlsxError('notXlsx');
    const nameLen = u16(data, p + 28);
    const entry: Entry = {
      method: u16(data, p + 10),
      compressedSize: u32(data, p + 20),
      size: u32(data, p + 24),
      name: te.decode(data.subarray(p + 46, p + 46 + nameLen)),
      localOffset: u32(data, p + 42),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new XlsxError('tooLarge');
    entries.set(entry.name.replace(/^\//, ''), entry);
    p += 46 + nameLen + u16(data, p + 30) + u16(data, p + 32);
  }
  return entries;
}

/** Inflates one entry, handing decoded text to `onText` step by step; refuses past `budget` bytes of output. */
async function streamEntry(
  data: Uint8Array,
  e: Entry,
  budget: { entry: number; total: number },
  onText: (text: string) => void,
): Promise<void> {
  const p = e.localOffset;
  if (p + 30 > data.length || u32(data, p) !== 0x04034b50) throw new XlsxError('notXlsx');
  const start = p + 30 + u16(data, p + 26) + u16(data, p + 28);
  const end = start + e.compressedSize;
  if (end > data.length) throw new XlsxError('notXlsx');
  const decoder = new TextDecoder('utf-8');
  let out = 0;
  const take = (chunk: Uint8Array) => {
    out += chunk.length;
    if (out > budget.entry || out > budget.total) throw new XlsxError('tooLarge');
    onText(decoder.decode(chunk, { stream: true }));
  };
  if (e.method === 0) {
    for (let at = start; at < end; at += 64 * 1024) take(data.subarray(at, Math.min(end, at + 64 * 1024)));
  } else if (e.method === 8) {
    // the runtime's native inflate (zlib), fed FEED bytes at a time; its output comes in bounded chunks (64 KB),
    // each counted by `take` before the next is asked for, so a bomb stops at the cap
    let at = start;
    const source = new ReadableStream<Uint8Array<ArrayBuffer>>(
      {
        pull(controller) {
          if (at >= end) {
            controller.close();
            return;
          }
          const next = Math.min(end, at + FEED);
          controller.enqueue(data.slice(at, next));
          at = next;
        },
      },
      { highWaterMark: 0 },
    );
    const reader = source.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    let steps = 0;
    try {
      for (;;) {
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await reader.read();
        } catch {
          throw new XlsxError('notXlsx');
        }
        if (step.done) break;
        take(step.value);
        // let the event loop breathe (health checks, other requests) during a long sheet
        if (++steps % 32 === 0) await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      reader.cancel().catch(() => {});
      throw err;
    }
  } else {
    throw new XlsxError('notXlsx');
  }
  onText(decoder.decode());
  budget.total -= out;
}

async function entryText(data: Uint8Array, e: Entry, budget: { entry: number; total: number }): Promise<string> {
  const parts: string[] = [];
  await streamEntry(data, e, budget, (t) => parts.push(t));
  return parts.join('');
}

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ent: string) => {
    if (ent[0] === '#') {
      const code = ent[1] === 'x' || ent[1] === 'X' ? Number.parseInt(ent.slice(2), 16) : Number(ent.slice(1));
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITY[ent] ?? m;
  });
}

/** Text of an `<si>` or `<is>` element: its `<t>` runs, phonetic runs (`<rPh>`) left out. */
function runText(xml: string): string {
  // the common shape, one plain run (`<t>…</t>`, `<t xml:space="preserve">…</t>`), without a regular expression
  if (xml.startsWith('<t') && xml.endsWith('</t>')) {
    const gt = xml.indexOf('>');
    const c = xml.charCodeAt(2);
    if ((c === 62 || isSpace(c)) && xml.charCodeAt(gt - 1) !== 47 && xml.indexOf('<', gt) === xml.length - 4) {
      return unescapeXml(xml.slice(gt + 1, -4));
    }
  }
  const body = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let s = '';
  for (const m of body.matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) s += m[1] ?? '';
  return unescapeXml(s);
}

/** XML whitespace (space, tab, CR, LF) */
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** A letter, digit or `_` (what `\\w` matches: the end of a tag name is the first char that is not one). */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The value of attribute `name` (`name="…"` at the start or after whitespace), as `(?:^|\\s)name="([^"]*)"`. */
function attr(attrs: string, name: string): string | undefined {
  const key = `${name}="`;
  for (let i = attrs.indexOf(key); i >= 0; i = attrs.indexOf(key, i + 1)) {
    if (i > 0 && !isSpace(attrs.charCodeAt(i - 1))) continue;
    const from = i + key.length;
    const to = attrs.indexOf('"', from);
    return to < 0 ? undefined : attrs.slice(from, to);
  }
  return undefined;
}

/** 0-based column of a cell reference (`C12` → 2). */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col - 1;
}

/** Rows (1-based) spanned by a `<dimension ref="A1:C3000000"/>`, or null when absent. */
export function declaredRowSpan(head: string): number | null {
  const m = /<dimension\b[^>]*\bref="([A-Z]*)(\d+)(?::[A-Z]*(\d+))?"/.exec(head);
  if (!m) return null;
  const from = Number(m[2]);
  const to = m[3] ? Number(m[3]) : from;
  return Math.max(from, to);
}

/**
 * Finds complete `<tag …>…</tag>` / `<tag …/>` elements in text arriving in pieces. Each byte is scanned a bounded
 * number of times (an element still open remembers how far it was searched), and one element may not outgrow
 * `maxElement`: junk between or inside elements never makes the reading quadratic.
 */
class ElementScanner {
  /** text kept from the previous piece: an element still open, or a tail that may begin one */
  private buf = '';
  /** for an element still open at the start of `buf`: where the search for its end resumes */
  private from = 0;
  constructor(
    private readonly tag: string,
    private readonly maxElement: number,
  ) {}

  private findOpen(buf: string, pos: number): number {
    const open = `<${this.tag}`;
    for (let i = buf.indexOf(open, pos); i >= 0; i = buf.indexOf(open, i + 1)) {
      const next = buf.charCodeAt(i + open.length);
      // NaN (end of the text), '>', '/' or whitespace: the tag itself, not a longer name
      if (Number.isNaN(next) || next === 62 || next === 47 || isSpace(next)) return i;
    }
    return -1;
  }

  push(text: string, onElement: (attrs: string, inner: string | undefined) => void): void {
    const buf = this.buf + text;
    const close = `</${this.tag}>`;
    const head = this.tag.length + 1;
    let pos = 0;
    let from = this.from;
    for (;;) {
      const open = this.findOpen(buf, pos);
      if (open < 0) {
        this.buf = buf.slice(Math.max(pos, buf.length - head));
        this.from = 0;
        return;
      }
      const gt = buf.indexOf('>', open);
      if (gt < 0) {
        if (buf.length - open > this.maxElement) throw new XlsxError('tooLarge');
        this.buf = buf.slice(open);
        this.from = 0;
        return;
      }
      if (buf.charCodeAt(gt - 1) === 47) {
        onElement(buf.slice(open + head, gt - 1), undefined);
        pos = gt + 1;
        from = 0;
        continue;
      }
      const end = buf.indexOf(close, Math.max(gt + 1, from));
      if (end < 0) {
        if (buf.length - open > this.maxElement) throw new XlsxError('tooLarge');
        this.buf = buf.slice(open);
        this.from = Math.max(gt + 1, buf.length - close.length) - open;
        return;
      }
      onElement(buf.slice(open + head, gt), buf.slice(gt + 1, end));
      pos = end + close.length;
      from = 0;
    }
  }
}

function firstSheetPath(entries: Map<string, Entry>, workbook: string, rels: string): string | undefined {
  const sheet = /<(?:\w+:)?sheet\b([^>]*)>/.exec(workbook)?.[1];
  const rid = sheet ? /\b[\w]+:id="([^"]+)"/.exec(sheet)?.[1] : undefined;
  if (rid) {
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      if (attr(m[1], 'Id') !== rid) continue;
      const target = attr(m[1], 'Target');
      if (!target) break;
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
      if (entries.has(path)) return path;
    }
  }
  if (!sheet) return undefined;
  return entries.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : undefined;
}

/** The text of a cell's `<v>`, as `/<v\\b[^>]*>([\\s\\S]*?)<\\/v>/` finds it; the plain `<v>…</v>` without the regex. */
function valueText(inner: string): string | undefined {
  const at = inner.indexOf('<v');
  if (at < 0) return undefined;
  if (inner.charCodeAt(at + 2) === 62) {
    const end = inner.indexOf('</v>', at + 3);
    if (end >= 0 && inner.lastIndexOf('<v', end) === at) return inner.slice(at + 3, end);
  }
  return /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(inner)?.[1];
}

function cellValue(attrs: string, inner: string, shared: readonly string[]): string {
  const t = attr(attrs, 't') ?? 'n';
  if (t === 'inlineStr') {
    const is = /<is\b[^>]*>([\s\S]*?)<\/is>/.exec(inner)?.[1];
    return is ? runText(is) : '';
  }
  const v = valueText(inner);
  if (v === undefined) return '';
  if (t === 's') return shared[Number(v)] ?? '';
  if (t === 'str' || t === 'd') return unescapeXml(v);
  if (t === 'b') return v === '1' ? 'true' : 'false';
  if (t === 'e') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return unescapeXml(v);
  // phone numbers typed into Excel are numbers: every digit, never 5.51E+12
  return Number.isInteger(n) ? n.toFixed(0) : String(n);
}

function parseRow(attrs: string, inner: string, fallbackRow: number, shared: readonly string[]): XlsxRow {
  const r = Number(attr(attrs, 'r'));
  const row = Number.isInteger(r) && r > 0 ? r : fallbackRow;
  const cells: string[] = [];
  let next = 0;
  // the cells, as `/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g` finds them, with indexOf
  for (let at = inner.indexOf('<c'); at >= 0; at = inner.indexOf('<c', at)) {
    const afterName = inner.charCodeAt(at + 2);
    const gt = isWordChar(afterName) ? -1 : inner.indexOf('>', at + 2);
    if (gt < 0) {
      at += 2;
      continue;
    }
    let cellAttrs: string;
    let body: string | undefined;
    if (inner.charCodeAt(gt - 1) === 47 && gt - 1 >= at + 2) {
      cellAttrs = inner.slice(at + 2, gt - 1);
      at = gt + 1;
    } else {
      const end = inner.indexOf('</c>', gt + 1);
      if (end < 0) {
        at += 2;
        continue;
      }
      cellAttrs = inner.slice(at + 2, gt);
      body = inner.slice(gt + 1, end);
      at = end + 4;
    }
    const ref = attr(cellAttrs, 'r');
    const col = ref ? columnOf(ref) : next;
    next = col + 1;
    if (col < 0 || col > 16_383) continue;
    const value = body === undefined ? '' : cellValue(cellAttrs, body, shared).trim();
    if (value) cells[col] = value;
  }
  return { row, cells: Array.from(cells, (c) => c ?? '') };
}

/**
 * The header row (row 1) and the non-empty rows after it of the workbook's first sheet. Throws XlsxError:
 * `notXlsx` (not a readable xlsx), `empty` (no worksheet), `tooManyRows` (declared dimension or actual rows over
 * `maxDataRows`), `tooLarge` (declared or actual inflated size over the caps).
 */
export async function readXlsxRows(data: Uint8Array, limits: XlsxLimits): Promise<XlsxRow[]> {
  const entries = zipEntries(data);
  const workbookEntry = entries.get('xl/workbook.xml');
  if (!workbookEntry) throw new XlsxError('notXlsx');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  const sharedEntry = entries.get('xl/sharedStrings.xml');
  const budget = { entry: limits.maxEntryBytes, total: limits.maxTotalBytes };
  // declared sizes first: a bomb that tells the truth is refused before a byte is inflated
  const small = Math.min(budget.entry, 4 * 1024 * 1024);
  if (workbookEntry.size > small || (relsEntry?.size ?? 0) > small) throw new XlsxError('tooLarge');
  const workbook = await entryText(data, workbookEntry, { entry: small, total: budget.total });
  const rels = relsEntry ? await entryText(data, relsEntry, { entry: small, total: budget.total }) : '';
  const sheetPath = firstSheetPath(entries, workbook, rels);
  if (!sheetPath) throw new XlsxError('empty');
  const sheetEntry = entries.get(sheetPath) as Entry;
  const declared = sheetEntry.size + (sharedEntry?.size ?? 0);
  if (sheetEntry.size > budget.entry || (sharedEntry?.size ?? 0) > budget.entry || declared > budget.total) {
    throw new XlsxError('tooLarge');
  }

  const shared: string[] = [];
  if (sharedEntry) {
    const items = new ElementScanner('si', MAX_ROW_XML);
    await streamEntry(data, sharedEntry, budget, (text) =>
      items.push(text, (_attrs, inner) => {
        shared.push(inner === undefined ? '' : runText(inner));
      }),
    );
  }

  const rows: XlsxRow[] = [];
  const rowScanner = new ElementScanner('row', MAX_ROW_XML);
  let head = '';
  let checkedDimension = false;
  let lastRow = 0;
  let dataRows = 0;
  const onRow = (attrs: string, inner: string | undefined) => {
    const row = parseRow(attrs, inner ?? '', lastRow + 1, shared);
    lastRow = row.row;
    if (!row.cells.some(Boolean)) return;
    if (row.row !== 1 && ++dataRows > limits.maxDataRows) throw new XlsxError('tooManyRows');
    rows.push(row);
  };
  await streamEntry(data, sheetEntry, budget, (text) => {
    if (!checkedDimension) {
      // the dimension sits before <sheetData>: checked before the first row is parsed
      head += text;
      const open = head.indexOf('<sheetData');
      if (open < 0 && head.length < 64 * 1024) return;
      checkedDimension = true;
      const span = declaredRowSpan(open < 0 ? head : head.slice(0, open));
      // the header plus the data rows; a sheet may start lower than row 1, so this bounds, never refuses, a short one
      if (span !== null && span > limits.maxDataRows + 1) throw new XlsxError('tooManyRows');
      text = head;
      head = '';
    }
    rowScanner.push(text, onRow);
  });
  return rows;
}
