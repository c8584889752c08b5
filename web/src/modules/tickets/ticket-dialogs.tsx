import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toasts/toast';
import { dropDraft } from '../messages/drafts';
import { ScheduleEditorHost } from '../schedules/schedule-dialog';
import { AcceptTicketModal } from './accept-ticket-modal';
import { ticketDialogAtom } from './atoms/ticket-dialog-atom';
import { BulkResolveDialog } from './bulk-resolve-dialog';
import { ExportTicketsModal } from './export-tickets-modal';
import { NewTicketModal } from './new-ticket-modal';
import { deleteTicket, type QueueRef, type UserRef, type WhatsappRef } from './tickets-api';
import { TransferTicketModal } from './transfer-ticket-modal';

/** Hosts the one open ticket dialog (list items, chat header and shortcuts open them through the atom). */
export function TicketDialogs({
  queues,
  users,
  whatsapps,
}: {
  queues: QueueRef[];
  users: UserRef[];
  whatsapps: WhatsappRef[];
}) {
  const { t } = useLingui();
  const [dialog, setDialog] = useAtom(ticketDialogAtom);
  const [, navigate] = useLocation();
  const close = () => setDialog(null);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'newTicket':
      return <NewTicketModal queues={queues} initialContact={dialog.contact} onClose={close} />;
    case 'accept':
      return <AcceptTicketModal ticket={dialog.ticket} queues={queues} onClose={close} />;
    case 'transfer':
      return <TransferTicketModal ticket={dialog.ticket} queues={queues} whatsapps={whatsapps} onClose={close} />;
    case 'bulkResolve':
      return <BulkResolveDialog queues={queues} users={users} onClose={close} />;
    case 'export':
      return <ExportTicketsModal ticket={dialog.ticket} onClose={close} />;
    case 'reschedule': {
      const { ticket } = dialog;
      return (
        <ScheduleEditorHost
          editor={{
            schedule: null,
            copy: false,
            contact: ticket.contact,
            queueId: ticket.queueId,
            whatsappId: ticket.whatsappId,
          }}
          onClose={close}
          onSaved={close}
        />
      );
    }
    case 'delete': {
      const ticket = dialog.ticket;
      return (
        <ConfirmDialog
          open
          title={<Trans>Excluir o ticket #{ticket.protocol}?</Trans>}
          onClose={close}
          testId="delete-ticket-dialog"
          onConfirm={async () => {
            try {
              await deleteTicket(ticket.id);
              dropDraft(ticket.id);
              toast.success(t`Ticket excluído`);
              navigate('/tickets');
            } catch (err) {
              toastError(err);
              throw err;
            }
          }}
        >
          <Trans>Todas as mensagens deste ticket serão perdidas.</Trans>
        </ConfirmDialog>
      );
    }
  }
}
