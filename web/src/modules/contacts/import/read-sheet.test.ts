import { describe, expect, test } from 'bun:test';
import { IMPORT_SHEET_TEXTS } from '@zapdesk/core/contacts/import-sheet';
import { readContactSheet } from './read-sheet';

describe('readContactSheet', () => {
  test('refuses a file that is not an xlsx before loading the parser', async () => {
    await expect(readContactSheet(new Blob(['name,number\nAna,5511987654321']))).rejects.toThrow(
      IMPORT_SHEET_TEXTS.notXlsx,
    );
  });
  test('refuses a file over 5 MB', async () => {
    await expect(readContactSheet(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]))).rejects.toThrow(
      IMPORT_SHEET_TEXTS.tooLarge,
    );
  });
});

describe('readContactSheet on a real workbook', () => {
  test('reads the rows by their headers (pt-BR spellings), numbers as digits, blank rows skipped', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('contatos');
    ws.addRow(['E-mail', 'Nome', 'Telefone']);
    ws.addRow(['ana@exemplo.com', 'Ana', 5511987654321]);
    ws.addRow([]);
    ws.addRow(['', 'Bia', '5511912345678']);
    const file = new Blob([await wb.xlsx.writeBuffer()]);
    expect(await readContactSheet(file)).toEqual([
      { row: 2, name: 'Ana', number: '5511987654321', email: 'ana@exemplo.com' },
      { row: 4, name: 'Bia', number: '5511912345678', email: '' },
    ]);
  });
});
