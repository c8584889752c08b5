import { describe, expect, test } from 'bun:test';
import { insertAt, markerOf, unknownNames, usedNames } from './template-text';

describe('template placeholders in the editor', () => {
  test('names used, once each, in order; spaces inside the braces allowed', () => {
    expect(usedNames('Olá {{contato}}, {{ valor }} até {{vencimento}} — {{contato}}')).toEqual([
      'contato',
      'valor',
      'vencimento',
    ]);
    expect(usedNames('body { color: red } {x}')).toEqual([]);
  });

  test('unknown names are the ones outside the list', () => {
    expect(unknownNames('{{contato}} {{contatto}} {{valor}}', ['contato', 'valor'])).toEqual(['contatto']);
    expect(unknownNames('sem variáveis', [])).toEqual([]);
  });

  test('insert at the caret, over a selection, or at the end', () => {
    expect(insertAt('Olá !', markerOf('contato'), 4, 4)).toEqual({ value: 'Olá {{contato}}!', caret: 15 });
    expect(insertAt('Pague XXX', markerOf('link'), 6, 9)).toEqual({ value: 'Pague {{link}}', caret: 14 });
    expect(insertAt('Valor: ', markerOf('valor'), null, null)).toEqual({ value: 'Valor: {{valor}}', caret: 16 });
    expect(insertAt('ab', 'X', 10, 12)).toEqual({ value: 'abX', caret: 3 });
  });
});
