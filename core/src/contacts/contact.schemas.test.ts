import { describe, expect, test } from 'bun:test';
import {
  CreateCategoryContact,
  CreateContact,
  ListContactsQuery,
  SyncContactCategories,
  UpdateContact,
} from './contact.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('CreateContact', () => {
  test('accepts a valid contact and normalises number and email', () => {
    const r = CreateContact.parse({ name: '  Maria  ', number: '+55 (31) 8765-4321', email: 'Maria@Example.com' });
    expect(r).toEqual({ name: 'Maria', number: '5531987654321', email: 'maria@example.com', extraInfo: undefined });
  });
  test('name texts: Required, Too Short!, Too Long!', () => {
    expect(firstMessage(CreateContact.safeParse({ number: '5511999999999' }))).toBe('Required');
    expect(firstMessage(CreateContact.safeParse({ name: '   ', number: '5511999999999' }))).toBe('Required');
    expect(firstMessage(CreateContact.safeParse({ name: 'A', number: '5511999999999' }))).toBe('Too Short!');
    expect(firstMessage(CreateContact.safeParse({ name: 'x'.repeat(51), number: '5511999999999' }))).toBe('Too Long!');
  });
  test('number 8 to 50, at least 8 digits', () => {
    expect(firstMessage(CreateContact.safeParse({ name: 'Ana', number: '1234567' }))).toBe('Too Short!');
    expect(firstMessage(CreateContact.safeParse({ name: 'Ana', number: 'abcdefghij' }))).toBe('Too Short!');
    expect(firstMessage(CreateContact.safeParse({ name: 'Ana', number: '1'.repeat(51) }))).toBe('Too Long!');
    expect(firstMessage(CreateContact.safeParse({ name: 'Ana' }))).toBe('Required');
  });
  test('email must be valid (Invalid email), empty or null means none', () => {
    expect(firstMessage(CreateContact.safeParse({ name: 'Ana', number: '5511999999999', email: 'nope' }))).toBe(
      'Invalid email',
    );
    expect(CreateContact.parse({ name: 'Ana', number: '5511999999999', email: '' }).email).toBe('');
    expect(CreateContact.parse({ name: 'Ana', number: '5511999999999', email: null }).email).toBe('');
    expect(CreateContact.parse({ name: 'Ana', number: '5511999999999' }).email).toBe('');
  });
  test('extra info needs a name; value is text', () => {
    const ok = CreateContact.parse({
      name: 'Ana',
      number: '5511999999999',
      extraInfo: [
        { name: 'CPF', value: 123 },
        { name: 'Obs', value: null },
      ],
    });
    expect(ok.extraInfo).toEqual([
      { name: 'CPF', value: '123' },
      { name: 'Obs', value: '' },
    ]);
    expect(
      firstMessage(
        CreateContact.safeParse({ name: 'Ana', number: '5511999999999', extraInfo: [{ name: '', value: 'x' }] }),
      ),
    ).toBe('Required');
  });
});

describe('UpdateContact', () => {
  test('all optional; commandBot empty means cleared', () => {
    expect(UpdateContact.parse({})).toEqual({ commandBot: undefined });
    expect(UpdateContact.parse({ commandBot: '' }).commandBot).toBeNull();
    expect(UpdateContact.parse({ commandBot: '1.2' }).commandBot).toBe('1.2');
  });
});

describe('ListContactsQuery', () => {
  test('search alias, lower-cased, page default 1', () => {
    expect(ListContactsQuery.parse({ search: 'MaRia ' })).toEqual({
      searchParam: 'maria',
      pageNumber: 1,
      categoryIds: [],
    });
  });
  test('categories as JSON, comma list or repeated values', () => {
    expect(ListContactsQuery.parse({ selectedContactCategories: '[1,2]' }).categoryIds).toEqual([1, 2]);
    expect(ListContactsQuery.parse({ selectedContactCategories: '3,4' }).categoryIds).toEqual([3, 4]);
    expect(ListContactsQuery.parse({ selectedContactCategories: ['5', '6'] }).categoryIds).toEqual([5, 6]);
  });
  test('bad page number and bad category id are refused', () => {
    expect(ListContactsQuery.safeParse({ pageNumber: 'x' }).success).toBe(false);
    expect(ListContactsQuery.safeParse({ pageNumber: '0' }).success).toBe(false);
    expect(ListContactsQuery.safeParse({ selectedContactCategories: 'a' }).success).toBe(false);
  });
});

describe('categories', () => {
  test('name: Obrigatório, Mensagem muito curta', () => {
    expect(firstMessage(CreateCategoryContact.safeParse({}))).toBe('Obrigatório');
    expect(firstMessage(CreateCategoryContact.safeParse({ name: 'ab' }))).toBe('Mensagem muito curta');
    expect(CreateCategoryContact.parse({ name: 'VIPs', color: '#ff0000' }).name).toBe('VIPs');
    expect(CreateCategoryContact.safeParse({ name: 'VIPs', color: 'red' }).success).toBe(false);
  });
  test('sync accepts ids or {id}', () => {
    expect(SyncContactCategories.parse({ contactId: '4', categoryContacts: [{ id: 1 }, 2] })).toEqual({
      contactId: 4,
      categoryContacts: [1, 2],
    });
  });
});

describe('ids above int4', () => {
  test('id lists and id fields refuse them with "Id inválido"', () => {
    expect(firstMessage(ListContactsQuery.safeParse({ selectedContactCategories: '[2147483648]' }))).toBe(
      'Id inválido',
    );
    expect(firstMessage(SyncContactCategories.safeParse({ contactId: 2147483648, categoryContacts: [] }))).toBe(
      'Id inválido',
    );
    expect(SyncContactCategories.safeParse({ contactId: 2147483647, categoryContacts: [2147483647] }).success).toBe(
      true,
    );
  });
});
