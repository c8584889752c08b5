import { describe, expect, test } from 'bun:test';
import { quoteAuthor } from './quote-author';

const none = () => undefined;

describe('quoteAuthor', () => {
  test('a reply we sent to the contact is labelled with the contact, not "Contato" (issue 12 §7)', () => {
    expect(
      quoteAuthor({ id: 7, fromMe: false }, { isGroup: false, contactName: 'Maria Souza', findMessage: none }),
    ).toEqual({ kind: 'named', name: 'Maria Souza' });
  });
  test('a quote of our own message is "Você"', () => {
    expect(quoteAuthor({ id: 7, fromMe: true }, { isGroup: false, contactName: 'Maria', findMessage: none })).toEqual({
      kind: 'me',
    });
  });
  test('in a group: the participant who wrote the quoted message; unknown when it is not loaded', () => {
    const find = (id: number) => (id === 7 ? { contact: { name: 'João' } as never } : undefined);
    expect(quoteAuthor({ id: 7, fromMe: false }, { isGroup: true, contactName: 'Grupo', findMessage: find })).toEqual({
      kind: 'named',
      name: 'João',
    });
    expect(quoteAuthor({ id: 8, fromMe: false }, { isGroup: true, contactName: 'Grupo', findMessage: find })).toEqual({
      kind: 'unknown',
    });
  });
});
