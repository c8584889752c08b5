import {
  IMPORT_MAX_BYTES,
  IMPORT_SHEET_TEXTS,
  ImportSheetError,
  type ImportSheetRow,
  importRowsOf,
} from '@zapdesk/core/contacts/import-sheet';

type CellValue = unknown;

/** Text of a cell whatever exceljs made of it (number, rich text, hyperlink, formula result, date). */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  // phone numbers typed into Excel are numbers: print every digit, never 5.51E+12
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) {
      return (o.richText as { text?: string }[])
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    }
    if ('text' in o && o.text !== undefined) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
    if ('hyperlink' in o)
      return String(o.hyperlink)
        .replace(/^mailto:/i, '')
        .trim();
  }
  return '';
}

/**
 * The contact rows of an .xlsx file, read in the browser. exceljs is loaded on demand (its own chunk, only when
 * someone imports), so it never weighs on the first load. Throws ImportSheetError with one of IMPORT_SHEET_TEXTS.
 */
export async function readContactSheet(file: Blob): Promise<ImportSheetRow[]> {
  if (file.size > IMPORT_MAX_BYTES) throw new ImportSheetError(IMPORT_SHEET_TEXTS.tooLarge);
  const data = new Uint8Array(await file.arrayBuffer());
  // an xlsx is a zip: refuse anything else before handing it to the parser
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) {
    throw new ImportSheetError(IMPORT_SHEET_TEXTS.notXlsx);
  }
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data.buffer);
  } catch {
    throw new ImportSheetError(IMPORT_SHEET_TEXTS.notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ImportSheetError(IMPORT_SHEET_TEXTS.empty);
  const grid: { row: number; cells: string[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    grid.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return importRowsOf(grid);
}
