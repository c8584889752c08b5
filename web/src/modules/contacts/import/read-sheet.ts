import {
  cellText,
  IMPORT_MAX_BYTES,
  IMPORT_SHEET_TEXTS,
  ImportSheetError,
  type ImportSheetRow,
  importRowsOf,
} from '@zapdesk/core/contacts/import-sheet';

/** The cells of the first sheet of an .xlsx file as text, row by row (row 1 = header), read in the browser. */
export type SheetGrid = { row: number; cells: string[] }[];

/**
 * The first sheet of an .xlsx file as text cells. exceljs is loaded on demand (its own chunk, only when someone
 * imports), so it never weighs on the first load. Throws ImportSheetError with one of IMPORT_SHEET_TEXTS.
 */
export async function readSheetGrid(file: Blob): Promise<SheetGrid> {
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
  const grid: SheetGrid = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    grid.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return grid;
}

/** The contact rows of an .xlsx file (see readSheetGrid). Throws ImportSheetError with one of IMPORT_SHEET_TEXTS. */
export async function readContactSheet(file: Blob): Promise<ImportSheetRow[]> {
  return importRowsOf(await readSheetGrid(file));
}
