import { beforeEach, describe, expect, test } from 'bun:test';
import { draftKey, dropDraft, keepsDraft, readDraft, saveDraft } from './drafts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  } as Storage;
});

describe('drafts', () => {
  test('kept per ticket under draft:<id>', () => {
    saveDraft(7, 'olá\nmundo');
    saveDraft(8, 'outro');
    expect(store.get(draftKey(7))).toBe('olá\nmundo');
    expect(readDraft(7)).toBe('olá\nmundo');
    expect(readDraft(8)).toBe('outro');
    expect(readDraft(9)).toBe('');
  });

  test('whitespace-only text removes the draft; drop removes it', () => {
    saveDraft(7, 'x');
    saveDraft(7, '  \n ');
    expect(store.has('draft:7')).toBe(false);
    saveDraft(7, 'x');
    dropDraft(7);
    expect(readDraft(7)).toBe('');
  });

  test('only open tickets keep drafts', () => {
    expect(keepsDraft('open')).toBe(true);
    expect(keepsDraft('pending')).toBe(false);
    expect(keepsDraft('closed')).toBe(false);
  });
});
