import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { appStore } from '../../lib/store';
import { dismissToast, dismissToastsOf, showToast, ticketToastScope } from './toast';
import { toastsAtom } from './toasts-atom';

const messages = () => appStore.get(toastsAtom).map((t) => t.message);

// other test files share the store (one process): start and leave it empty
const clear = () => {
  for (const t of appStore.get(toastsAtom)) dismissToast(t.id);
};
beforeEach(clear);
afterEach(clear);

describe('toasts tied to a ticket (issue 12 §10)', () => {
  test("leaving a ticket closes its persistent warnings, not other tickets' or unscoped toasts", () => {
    showToast('warning', 'sem fila 12', { persistent: true, scope: ticketToastScope(12, 'noQueue') });
    showToast('warning', 'sem conexão 12', { scope: ticketToastScope(12) });
    showToast('warning', 'sem fila 13', { persistent: true, scope: ticketToastScope(13, 'noQueue') });
    showToast('info', 'Visualizar ticket', { persistent: true });
    dismissToastsOf(ticketToastScope(12));
    expect(messages()).toEqual(['sem fila 13', 'Visualizar ticket']);
  });

  test('a part of a ticket closes alone', () => {
    showToast('warning', 'sem fila 12', { persistent: true, scope: ticketToastScope(12, 'noQueue') });
    showToast('warning', 'sem conexão 12', { scope: ticketToastScope(12) });
    dismissToastsOf(ticketToastScope(12, 'noQueue'));
    expect(messages()).toEqual(['sem conexão 12']);
    // `ticket:1` is not a prefix scope of `ticket:12`
    dismissToastsOf(ticketToastScope(1));
    expect(messages()).toEqual(['sem conexão 12']);
  });
});
