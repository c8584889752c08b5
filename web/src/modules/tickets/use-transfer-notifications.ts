import { useLingui } from '@lingui/react/macro';
import { events } from '@zapdesk/core';
import { useLocation } from 'wouter';
import { useSseChannel } from '../../lib/use-sse';
import { toast } from '../../ui/toasts/toast';
import { useSessionUser } from '../auth/use-capabilities';
import { dropDraft } from '../messages/drafts';

/**
 * Spec 1 §4: a transfer to the current user shows a persistent notification with 'Visualizar ticket'. Also drops the
 * drafts of tickets that stopped being open (closed, returned) wherever that happened.
 */
export function useTicketNotifications(): void {
  const { t } = useLingui();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const companyId = me?.companyId;

  useSseChannel(companyId ? events.ticketTransfer.of(companyId) : null, (e) => {
    if (e.action !== 'transfer' || e.ticket.userId !== me?.id) return;
    const contact = e.ticket.contact.name;
    const from = e.fromUser.name;
    toast.info(t`${from} transferiu para você o ticket de ${contact}.`, {
      persistent: true,
      action: { label: t`Visualizar ticket`, onClick: () => navigate(`/tickets/${e.ticket.id}`) },
    });
  });

  useSseChannel(companyId ? events.ticket.of(companyId) : null, (e) => {
    if (e.action === 'delete') dropDraft(e.ticketId);
    else if (e.action === 'update' && e.ticket.status !== 'open') dropDraft(e.ticket.id);
  });
}
