import { useLingui } from '@lingui/react/macro';
import { acceptNeedsQueueChoice, allowedMoves, autoAcceptQueue, type TicketDto } from '@zapdesk/core';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { dropDraft } from '../messages/drafts';
import { openSubTabAtom } from './atoms/open-sub-tab-atom';
import { ticketDialogAtom } from './atoms/ticket-dialog-atom';
import { ticketTabAtom } from './atoms/ticket-tab-atom';
import { updateTicket } from './tickets-api';

export type TicketPermissions = {
  accept: boolean;
  resolve: boolean;
  return: boolean;
  transfer: boolean;
  delete: boolean;
  reopen: boolean;
  newTicket: boolean;
  /** spec 1 §4: a closed ticket offers a reschedule (a schedule for its contact), with the plan's schedules */
  reschedule: boolean;
  export: boolean;
  send: boolean;
};

/**
 * What the current user may do with this ticket (spec 1 §6). The moves come from core's ticket machine
 * (allowedMoves), the table the API applies; the rest are capabilities and the send rule.
 */
export function usePermissionsFor(ticket: TicketDto | null): TicketPermissions {
  const caps = useCapabilities();
  const me = useSessionUser();
  return useMemo(() => {
    const none: TicketPermissions = {
      accept: false,
      resolve: false,
      return: false,
      transfer: false,
      delete: false,
      reopen: false,
      newTicket: false,
      reschedule: false,
      export: false,
      send: false,
    };
    if (!ticket || !caps || !me) return none;
    const owns = ticket.userId === me.id;
    const s = ticket.status;
    return {
      ...allowedMoves(ticket, { userId: me.id, queueIds: me.queues.map((q) => q.id), caps }),
      newTicket: s === 'closed',
      reschedule: s === 'closed' && caps.useSchedules,
      export: caps.exportTickets,
      send: s === 'open' && (owns || caps.isAdmin),
    };
  }, [ticket, caps, me]);
}

/** Ticket moves with their toasts and navigation, shared by the list items, the chat header and the shortcuts. */
export function useTicketActions() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const openDialog = useSetAtom(ticketDialogAtom);
  const setTab = useSetAtom(ticketTabAtom);
  const setSubTab = useSetAtom(openSubTabAtom);

  const acceptInto = useCallback(
    async (ticket: TicketDto, queueId: number | null) => {
      if (!me) return;
      try {
        await updateTicket(ticket.id, { status: 'open', userId: me.id, queueId });
        setTab('open');
        setSubTab('assigned');
        navigate(`/tickets/${ticket.id}`);
      } catch (err) {
        toastError(err);
        throw err;
      }
    },
    [me, navigate, setTab, setSubTab],
  );

  /** Accept auto-confirms when the ticket has a queue or the user has exactly one; otherwise the queue modal. */
  const accept = useCallback(
    (ticket: TicketDto) => {
      if (!me) return;
      const mine = me.queues.map((q) => q.id);
      if (acceptNeedsQueueChoice(ticket, mine)) openDialog({ kind: 'accept', ticket });
      else void acceptInto(ticket, autoAcceptQueue(ticket, mine)).catch(() => {});
    },
    [me, openDialog, acceptInto],
  );

  const resolve = useCallback(
    async (ticket: TicketDto) => {
      if (!me) return;
      try {
        await updateTicket(ticket.id, { status: 'closed', userId: me.id });
        dropDraft(ticket.id);
        toast.success(t`Ticket resolvido`);
        navigate('/tickets');
      } catch (err) {
        toastError(err);
      }
    },
    [me, navigate, t],
  );

  const returnToQueue = useCallback(
    async (ticket: TicketDto) => {
      try {
        await updateTicket(ticket.id, { status: 'pending' });
        dropDraft(ticket.id);
        toast.success(t`Ticket devolvido para a fila`);
        navigate('/tickets');
      } catch (err) {
        toastError(err);
      }
    },
    [navigate, t],
  );

  const reopen = useCallback(
    async (ticket: TicketDto) => {
      try {
        await updateTicket(ticket.id, { status: 'open' });
        setTab('open');
        setSubTab('assigned');
        navigate(`/tickets/${ticket.id}`);
      } catch (err) {
        toastError(err);
      }
    },
    [navigate, setTab, setSubTab],
  );

  return {
    accept,
    acceptInto,
    resolve,
    returnToQueue,
    reopen,
    transfer: (ticket: TicketDto) => openDialog({ kind: 'transfer', ticket }),
    remove: (ticket: TicketDto) => openDialog({ kind: 'delete', ticket }),
    reschedule: (ticket: TicketDto) => openDialog({ kind: 'reschedule', ticket }),
    newTicket: (contact?: { id: number; name: string }) => openDialog({ kind: 'newTicket', contact }),
    exportTickets: (ticket?: TicketDto) => openDialog({ kind: 'export', ticket }),
  };
}
