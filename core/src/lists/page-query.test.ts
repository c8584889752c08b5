import { describe, expect, test } from 'bun:test';
import { ListContactsQuery } from '../contacts/contact.schemas';
import { SyncTicketTags } from '../tags/tag.schemas';
import { ListMessagesQuery, ListTicketsQuery } from '../tickets/ticket.schemas';
import { IdList, IdParam, LIST_TEXTS, PAGE_SIZE, PageQuery, pageWindow, parseIdList } from './page-query';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('list vocabulary', () => {
  test('id lists: JSON, comma, array, {id}; absent → []; invalid → null', () => {
    expect(parseIdList('[1,2]')).toEqual([1, 2]);
    expect(parseIdList('3,4')).toEqual([3, 4]);
    expect(parseIdList(['5'])).toEqual([5]);
    expect(parseIdList([{ id: 6 }, 7])).toEqual([6, 7]);
    expect(parseIdList(undefined)).toEqual([]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList('[1,"x"]')).toBeNull();
    expect(parseIdList('[1')).toBeNull();
    expect(parseIdList('-1')).toBeNull();
    // ids are int4: a bigger number is bad input, not a database error
    expect(parseIdList('2147483647')).toEqual([2147483647]);
    expect(parseIdList('2147483648')).toBeNull();
    expect(parseIdList('[99999999999]')).toBeNull();
    expect(firstMessage(IdList.safeParse(Array.from({ length: 501 }, (_, i) => i + 1)))).toBe(LIST_TEXTS.tooManyIds);
  });

  test('page query: defaults, lower-cased trimmed search, one text per mistake', () => {
    expect(PageQuery.parse({})).toEqual({ searchParam: '', pageNumber: 1 });
    expect(PageQuery.parse({ searchParam: ' MaRia ', pageNumber: '3' })).toEqual({
      searchParam: 'maria',
      pageNumber: 3,
    });
    for (const pageNumber of ['0', '-1', 'abc', '1.5', '100001']) {
      expect(firstMessage(PageQuery.safeParse({ pageNumber }))).toBe(LIST_TEXTS.invalidPage);
    }
    expect(firstMessage(PageQuery.safeParse({ searchParam: 'x'.repeat(201) }))).toBe(LIST_TEXTS.searchTooLong);
    expect(firstMessage(PageQuery.safeParse({ searchParam: ['a', 'b'] }))).toBe(LIST_TEXTS.invalidSearch);
    expect(firstMessage(IdParam.safeParse({ id: '2147483648' }))).toBe(LIST_TEXTS.invalidId);
    expect(IdParam.parse({ id: '12' })).toEqual({ id: 12 });
  });

  test('every list answers the same texts for the same mistake', () => {
    const lists = [PageQuery, ListContactsQuery, ListTicketsQuery, ListMessagesQuery];
    for (const schema of lists) {
      expect(firstMessage(schema.safeParse({ pageNumber: '0' }))).toBe(LIST_TEXTS.invalidPage);
    }
    expect(firstMessage(ListContactsQuery.safeParse({ searchParam: 'x'.repeat(201) }))).toBe(LIST_TEXTS.searchTooLong);
    expect(firstMessage(ListTicketsQuery.safeParse({ searchParam: 'x'.repeat(201) }))).toBe(LIST_TEXTS.searchTooLong);
    expect(firstMessage(ListMessagesQuery.safeParse({ searchTerm: 'x'.repeat(201) }))).toBe(LIST_TEXTS.searchTooLong);
    expect(firstMessage(ListContactsQuery.safeParse({ selectedContactCategories: '[x]' }))).toBe(LIST_TEXTS.invalidId);
    expect(firstMessage(ListTicketsQuery.safeParse({ queueIds: '[x]' }))).toBe(LIST_TEXTS.invalidId);
    expect(firstMessage(ListTicketsQuery.safeParse({ searchUserId: '0' }))).toBe(LIST_TEXTS.invalidId);
    expect(firstMessage(SyncTicketTags.safeParse({ ticketId: 'x', tags: [] }))).toBe(LIST_TEXTS.invalidId);
  });

  test('a page window and the page sizes of the kinds of list', () => {
    expect(pageWindow(1, PAGE_SIZE.records)).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(3, PAGE_SIZE.tickets)).toEqual({ limit: 40, offset: 80 });
    // the spec's one stated size: the contact export pages at 20
    expect(PAGE_SIZE.records).toBe(20);
  });
});
