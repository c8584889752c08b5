import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { fetchTicketByUuid } from './tickets-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isTicketUuid = (param: string | undefined): param is string => !!param && UUID.test(param);

/** `/tickets/{uuid}` (kanban cards, spec 2 §2): found by uuid, then shown at its usual address `/tickets/{id}`. */
export function useTicketUuidRedirect(param: string | undefined): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isTicketUuid(param)) return;
    let live = true;
    fetchTicketByUuid(param).then(
      (ticket) => live && navigate(`/tickets/${ticket.id}`, { replace: true }),
      (err) => {
        if (!live) return;
        toastError(err);
        navigate('/tickets', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [param, navigate]);
}
