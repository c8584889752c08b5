import type { TicketDto } from '@zapdesk/core';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { openSubTabAtom } from './atoms/open-sub-tab-atom';
import { showAllAtom } from './atoms/show-all-atom';
import { ticketTabAtom } from './atoms/ticket-tab-atom';
import { shortcutOf } from './shortcuts';
import { usePermissionsFor, useTicketActions } from './use-ticket-actions';

/** Alt shortcuts of the tickets screen; ticket moves apply to the open chat and follow the same permissions. */
export function useTicketShortcuts(current: TicketDto | null): void {
  const actions = useTicketActions();
  const perms = usePermissionsFor(current);
  const caps = useCapabilities();
  const me = useSessionUser();
  const setTab = useSetAtom(ticketTabAtom);
  const setSub = useSetAtom(openSubTabAtom);
  const setShowAll = useSetAtom(showAllAtom);
  const latest = useRef({ actions, perms, current, caps, me });
  latest.current = { actions, perms, current, caps, me };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const sc = shortcutOf(e);
      if (!sc) return;
      const { actions: a, perms: p, current: t, caps: c, me: u } = latest.current;
      const run = (ok: boolean, fn: () => void) => {
        e.preventDefault();
        if (ok) fn();
      };
      switch (sc) {
        case 'newTicket':
          return run(true, () => a.newTicket());
        case 'openTickets':
          return run(true, () => {
            setTab('open');
            setSub('assigned');
          });
        case 'pendingTickets':
          return run(!!c?.viewPendingTickets, () => {
            setTab('open');
            setSub('pending');
          });
        case 'toggleShowAll':
          return run(!!c?.isAdmin, () => setShowAll((v) => !(v ?? !!u?.showAllTickets)));
        case 'resolve':
          return run(!!t && p.resolve, () => t && void a.resolve(t));
        case 'return':
          return run(!!t && p.return, () => t && void a.returnToQueue(t));
        case 'transfer':
          return run(!!t && p.transfer, () => t && a.transfer(t));
        case 'delete':
          return run(!!t && p.delete, () => t && a.remove(t));
        case 'reopen':
          return run(!!t && p.reopen, () => t && void a.reopen(t));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setTab, setSub, setShowAll]);
}
