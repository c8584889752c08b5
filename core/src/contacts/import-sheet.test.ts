import { describe, expect, test } from 'bun:test';
import {
  cellText,
  IMPORT_MAX_ROWS,
  IMPORT_SHEET_TEXTS,
  ImportSheetError,
  importRowsOf,
  locateImportColumns,
  validateImportRows,
} from './import-sheet';

describe('locateImportColumns', () => {
  test('finds the template headers and their pt-BR/es spellings, accents and case ignored', () => {
    expect(locateImportColumns(['name', 'number', 'email'])).toEqual({ name: 0, number: 1, email: 2 });
    expect(locateImportColumns(['E-mail', 'Número', 'Nome'])).toEqual({ email: 0, number: 1, name: 2 });
    expect(locateImportColumns(['Nombre', 'Teléfono', 'Correo'])).toEqual({ name: 0, number: 1, email: 2 });
  });

  test('the first matching header wins and unknown headers are ignored', () => {
    expect(locateImportColumns(['x', 'nome', 'name', 'celular'])).toEqual({ name: 1, number: 3 });
  });
});

describe('importRowsOf', () => {
  test('reads data rows by header, skipping blank rows and trimming cells', () => {
    const rows = importRowsOf([
      { row: 1, cells: ['number', 'name'] },
      { row: 2, cells: [' 5511987654321 ', ' Ana '] },
      { row: 3, cells: ['', ''] },
      { row: 5, cells: ['5511912345678'] },
    ]);
    expect(rows).toEqual([
      { row: 2, name: 'Ana', number: '5511987654321', email: '' },
      { row: 5, name: '', number: '5511912345678', email: '' },
    ]);
  });

  test('refuses a sheet without name and number columns, or an empty one', () => {
    expect(() => importRowsOf([{ row: 1, cells: ['name', 'email'] }])).toThrow(IMPORT_SHEET_TEXTS.missingColumns);
    expect(() => importRowsOf([])).toThrow(ImportSheetError);
  });

  test('refuses more than the row limit', () => {
    const grid = [{ row: 1, cells: ['name', 'number'] }];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) grid.push({ row: i + 2, cells: ['Nome', String(5511900000000 + i)] });
    expect(() => importRowsOf(grid)).toThrow(IMPORT_SHEET_TEXTS.tooManyRows);
  });
});

describe('validateImportRows', () => {
  test('keeps valid rows (number normalised, e-mail lower-cased) and reports each bad row in Portuguese, naming the field', () => {
    const { valid, problems } = validateImportRows([
      { row: 2, name: 'Ana Souza', number: '+55 (11) 98765-4321', email: 'ANA@EXEMPLO.COM' },
      { row: 3, name: 'B', number: '5511912345678', email: '' },
      { row: 4, name: 'Carla', number: '123', email: '' },
      { row: 5, name: 'Davi', number: '5511933334444', email: 'not-an-email' },
      { row: 6, name: '', number: '5511955556666', email: '' },
    ]);
    expect(valid).toEqual([{ row: 2, name: 'Ana Souza', number: '5511987654321', email: 'ana@exemplo.com' }]);
    expect(problems).toEqual([
      { row: 3, field: 'name', message: 'Nome muito curto (mínimo 2 caracteres)' },
      { row: 4, field: 'number', message: 'Número muito curto (mínimo 8 dígitos)' },
      { row: 5, field: 'email', message: 'E-mail inválido' },
      { row: 6, field: 'name', message: 'Nome obrigatório' },
    ]);
  });

  test('a number repeated in the file (in any spelling) is refused on its later rows', () => {
    const { valid, problems } = validateImportRows([
      { row: 2, name: 'Ana', number: '5511987654321', email: '' },
      { row: 3, name: 'Ana de novo', number: '551187654321', email: '' },
    ]);
    expect(valid.map((v) => v.row)).toEqual([2]);
    expect(problems).toEqual([{ row: 3, field: 'number', message: IMPORT_SHEET_TEXTS.repeated, repeatedOf: 2 }]);
  });
});

describe('cellText', () => {
  test('numbers typed into Excel keep every digit (no 5.51E+12)', () => {
    expect(cellText(5511987654321)).toBe('5511987654321');
    expect(cellText(1.5)).toBe('1.5');
  });
  test('rich text, hyperlinks (mailto), formula results and blanks', () => {
    expect(cellText({ richText: [{ text: 'Ana ' }, { text: 'Souza' }] })).toBe('Ana Souza');
    expect(cellText({ text: 'ana@x.com', hyperlink: 'mailto:ana@x.com' })).toBe('ana@x.com');
    expect(cellText({ hyperlink: 'mailto:bia@x.com' })).toBe('bia@x.com');
    expect(cellText({ formula: 'A1', result: 42 })).toBe('42');
    expect(cellText(null)).toBe('');
    expect(cellText('  x  ')).toBe('x');
  });
});
