import { describe, expect, test } from 'bun:test';
import ExcelJS from 'exceljs';
import { Deflate, strToU8, zipSync } from 'fflate';
import { declaredRowSpan, readXlsxRows, type XlsxLimits } from './xlsx-rows';

/** Issue 12 point 13: an .xlsx is read with bounded work whatever it declares. Bombs are made here, never committed. */
const LIMITS: XlsxLimits = { maxDataRows: 10_000, maxEntryBytes: 32 * 1024 * 1024, maxTotalBytes: 48 * 1024 * 1024 };

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const row = (r: number, name: string, number: string) =>
  `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${name}</t></is></c><c r="B${r}"><v>${number}</v></c></row>`;
const sheetXml = (rows: string, dimension = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${dimension}<sheetData>${rows}</sheetData></worksheet>`;

function xlsxOf(sheet: Uint8Array | string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/workbook.xml': strToU8(WORKBOOK),
    'xl/_rels/workbook.xml.rels': strToU8(RELS),
    'xl/worksheets/sheet1.xml': typeof sheet === 'string' ? strToU8(sheet) : sheet,
  });
}

/** Rewrites the uncompressed size of `name` in the zip's central directory (what a lying bomb does). */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const dv = new DataView(out.buffer);
  for (let p = 0; p + 46 < out.length; p++) {
    if (dv.getUint32(p, true) !== 0x02014b50) continue;
    const len = dv.getUint16(p + 28, true);
    if (new TextDecoder().decode(out.subarray(p + 46, p + 46 + len)) === name) dv.setUint32(p + 24, size, true);
  }
  return out;
}

/** A deflated sheet of `count` rows, streamed into the compressor (never one big string). */
function deflatedRows(count: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const d = new Deflate({ level: 6 }, (chunk) => parts.push(chunk));
  d.push(strToU8(`<worksheet><sheetData>${row(1, 'name', 'number')}`));
  const block: string[] = [];
  for (let i = 0; i < 1000; i++) block.push(row(0, 'Cliente', '5511987654321'));
  // identical rows (no r: numbered by position) compress ~1000×, the shape of the 3,000,000-row file
  const bytes = strToU8(block.join('').replaceAll(' r="0"', '').replaceAll(' r="A0"', '').replaceAll(' r="B0"', ''));
  for (let i = 0; i < count / 1000; i++) d.push(bytes);
  d.push(strToU8('</sheetData></worksheet>'), true);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A zip whose sheet entry is already deflated (fflate's zipSync would deflate again). */
function zipWithDeflatedSheet(deflated: Uint8Array, declaredSize: number): Uint8Array {
  const base = xlsxOf(sheetXml(''));
  // build the sheet entry by hand: local header + data; then rebuild the central directory
  const files: { name: string; method: number; data: Uint8Array; size: number; crc: number }[] = [];
  const dv = new DataView(base.buffer);
  for (let p = 0; p + 30 < base.length; ) {
    if (dv.getUint32(p, true) !== 0x04034b50) break;
    const method = dv.getUint16(p + 8, true);
    const crc = dv.getUint32(p + 14, true);
    const csize = dv.getUint32(p + 18, true);
    const size = dv.getUint32(p + 22, true);
    const n = dv.getUint16(p + 26, true);
    const e = dv.getUint16(p + 28, true);
    const name = new TextDecoder().decode(base.subarray(p + 30, p + 30 + n));
    const data = base.subarray(p + 30 + n + e, p + 30 + n + e + csize);
    files.push(
      name === 'xl/worksheets/sheet1.xml'
        ? { name, method: 8, data: deflated, size: declaredSize, crc: 0 }
        : { name, method, data, size, crc },
    );
    p += 30 + n + e + csize;
  }
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = strToU8(f.name);
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(8, f.method, true);
    l.setUint32(14, f.crc, true);
    l.setUint32(18, f.data.length, true);
    l.setUint32(22, f.size, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const c = new DataView(cd.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(6, 20, true);
    c.setUint16(10, f.method, true);
    c.setUint32(16, f.crc, true);
    c.setUint32(20, f.data.length, true);
    c.setUint32(24, f.size, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    cd.set(name, 46);
    chunks.push(local, f.data);
    central.push(cd);
    offset += local.length + f.data.length;
  }
  const cdSize = central.reduce((n, x) => n + x.length, 0);
  const eocd = new Uint8Array(22);
  const e = new DataView(eocd.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, files.length, true);
  e.setUint16(10, files.length, true);
  e.setUint32(12, cdSize, true);
  e.setUint32(16, offset, true);
  const all = [...chunks, ...central, eocd];
  const out = new Uint8Array(all.reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of all) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

describe('readXlsxRows', () => {
  test('reads what exceljs writes: shared strings, numbers as digits, rich text, formulas, blank rows skipped', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('contatos');
    ws.addRow(['name', 'number', 'email']);
    ws.addRow(['Ana & <Bia>', 5511987654321, 'ana@x.com']);
    ws.addRow([]);
    ws.addRow([{ richText: [{ text: 'Zé ' }, { text: 'Rico', font: { bold: true } }] }, '011 2345-6789', null]);
    ws.addRow([{ formula: '"Fó"&"rmula"', result: 'Fórmula' }, 12.5, { text: 'x@y.com', hyperlink: 'mailto:x@y.com' }]);
    const data = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(await readXlsxRows(data, LIMITS)).toEqual([
      { row: 1, cells: ['name', 'number', 'email'] },
      { row: 2, cells: ['Ana & <Bia>', '5511987654321', 'ana@x.com'] },
      { row: 4, cells: ['Zé Rico', '011 2345-6789'] },
      { row: 5, cells: ['Fórmula', '12.5', 'x@y.com'] },
    ]);
  });

  test('the declared dimension is checked before any row is parsed', async () => {
    expect(declaredRowSpan('<dimension ref="A1:C3000001"/>')).toBe(3_000_001);
    expect(declaredRowSpan('<dimension ref="A1"/>')).toBe(1);
    const file = xlsxOf(
      sheetXml(row(1, 'name', 'number') + row(2, 'Ana', '5511987654321'), '<dimension ref="A1:C3000001"/>'),
    );
    await expect(readXlsxRows(file, LIMITS)).rejects.toMatchObject({ kind: 'tooManyRows' });
  });

  test('a declared uncompressed size over the cap is refused before inflating', async () => {
    const file = declareSize(xlsxOf(sheetXml(row(1, 'name', 'number'))), 'xl/worksheets/sheet1.xml', 900_000_000);
    await expect(readXlsxRows(file, LIMITS)).rejects.toMatchObject({ kind: 'tooLarge' });
  });

  test('a sheet lying about its size stops inflating at the cap', async () => {
    // 3 MB of padding compresses to a few KB; the directory claims 100 bytes
    const padded = sheetXml(`${row(1, 'name', 'number')}<!--${' '.repeat(3 * 1024 * 1024)}-->`);
    const file = declareSize(xlsxOf(padded), 'xl/worksheets/sheet1.xml', 100);
    expect(file.length).toBeLessThan(50 * 1024);
    await expect(readXlsxRows(file, { ...LIMITS, maxEntryBytes: 1024 * 1024 })).rejects.toMatchObject({
      kind: 'tooLarge',
    });
  });

  test('300,000 rows in a few dozen KB, no dimension, sizes lying: refused at row 10,001 with bounded memory', async () => {
    const deflated = deflatedRows(300_000);
    const file = zipWithDeflatedSheet(deflated, 4096);
    expect(file.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expect(readXlsxRows(file, LIMITS)).rejects.toMatchObject({ kind: 'tooManyRows' });
    // stopped at the row cap: nowhere near inflating the ~20 MB of XML
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    // the same rows under the cap are read
    const ok = await readXlsxRows(zipWithDeflatedSheet(deflatedRows(5_000), 4096), LIMITS);
    expect(ok).toHaveLength(5_001);
    expect(ok[5_000]).toEqual({ row: 5_001, cells: ['Cliente', '5511987654321'] });
  });

  test('the shapes other writers use: attribute order, preserved spaces, phonetic runs, entities, rows across pieces', async () => {
    const shared = [
      '<si><t>plain</t></si>',
      '<si><t xml:space="preserve">  a &amp; b &#233;  </t></si>',
      '<si><r><rPr><b/></rPr><t>Ri</t></r><r><t xml:space="preserve">co </t></r></si>',
      '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
      '<si><t/></si>',
      '<si><t>x</t><t>y</t></si>',
    ].join('');
    const filler = Array.from(
      { length: 3_000 },
      (_, i) =>
        `<row r="${i + 4}" spans="1:2"><c r="A${i + 4}" s="1" t="s"><v>0</v></c><c r="B${i + 4}"><v>${i}</v></c></row>`,
    ).join('');
    const sheet = sheetXml(
      '<row r="1"><c t="s" r="A1"><v>0</v></c><c r="B1" t="s" s="2"><v>1</v></c><c r="C1" t="s"><v xml:space="preserve">2</v></c></row>' +
        '<row r="2"><c r="A2"/><c r="B2" t="s"><v>3</v></c><c><v>5.51E+12</v></c><c t="str"><f>A1</f><v>1 &lt; 2</v></c></row>' +
        '<row r="3" ht="20"><c r="D3" t="b"><v>1</v></c><c r="E3" t="s"><v>4</v></c><c r="F3" t="s"><v>5</v></c><c r="G3" t="inlineStr"><is><t xml:space="preserve"> in </t></is></c></row>' +
        filler,
      '<dimension ref="A1:G3003"/><cols><col min="1" max="2" width="20"/></cols>',
    );
    const file = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8(WORKBOOK),
      'xl/_rels/workbook.xml.rels': strToU8(RELS),
      'xl/sharedStrings.xml': strToU8(`<sst count="6" uniqueCount="6">${shared}</sst>`),
      // stored, not deflated: read in 64 KB pieces, so rows cross the pieces' edges
      'xl/worksheets/sheet1.xml': [strToU8(sheet), { level: 0 }],
    });
    const rows = await readXlsxRows(file, LIMITS);
    expect(rows.slice(0, 3)).toEqual([
      { row: 1, cells: ['plain', 'a & b é', 'Rico'] },
      { row: 2, cells: ['', '東京', '5510000000000', '1 < 2'] },
      { row: 3, cells: ['', '', '', 'true', '', 'xy', 'in'] },
    ]);
    expect(rows).toHaveLength(3_003);
    expect(rows[3_002]).toEqual({ row: 3_003, cells: ['plain', '2999'] });
    // the same sheet deflated: the same rows
    const deflated = zipSync({
      'xl/workbook.xml': strToU8(WORKBOOK),
      'xl/_rels/workbook.xml.rels': strToU8(RELS),
      'xl/sharedStrings.xml': strToU8(`<sst>${shared}</sst>`),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    });
    expect(await readXlsxRows(deflated, LIMITS)).toEqual(rows);
  });

  test('a corrupt or cut deflate stream: notXlsx', async () => {
    const good = deflatedRows(2_000);
    await expect(
      readXlsxRows(zipWithDeflatedSheet(good.slice(0, good.length >> 1), 4096), LIMITS),
    ).rejects.toMatchObject({ kind: 'notXlsx' });
    const garbage = good.slice();
    garbage.fill(0xff, 0, 16);
    await expect(readXlsxRows(zipWithDeflatedSheet(garbage, 4096), LIMITS)).rejects.toMatchObject({ kind: 'notXlsx' });
  });

  test('not a zip, a truncated zip, no workbook: notXlsx; no sheet: empty', async () => {
    await expect(readXlsxRows(strToU8('name,number\nAna,1'), LIMITS)).rejects.toMatchObject({ kind: 'notXlsx' });
    await expect(readXlsxRows(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]), LIMITS)).rejects.toMatchObject({
      kind: 'notXlsx',
    });
    await expect(readXlsxRows(zipSync({ 'a.txt': strToU8('x') }), LIMITS)).rejects.toMatchObject({ kind: 'notXlsx' });
    const noSheets = zipSync({ 'xl/workbook.xml': strToU8('<workbook><sheets/></workbook>') });
    await expect(readXlsxRows(noSheets, LIMITS)).rejects.toMatchObject({ kind: 'empty' });
  });
});
