import { Trans } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { ActionModal } from '../../ui/action-modal';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { QueueField } from './ticket-fields';
import type { QueueRef } from './tickets-api';
import { useQueueChoice } from './use-queue-choice';
import { useTicketActions } from './use-ticket-actions';

/** Accept-ticket modal (spec 1 §2): the queue the ticket is accepted into; required ('Selecione uma fila'). */
export function AcceptTicketModal({
  ticket,
  queues,
  onClose,
}: {
  ticket: TicketDto;
  queues: QueueRef[];
  onClose: () => void;
}) {
  const me = useSessionUser();
  const caps = useCapabilities();
  const { acceptInto } = useTicketActions();
  const options = caps?.isAdmin ? queues : (me?.queues ?? []);
  const queue = useQueueChoice(ticket.queueId);

  const submit = async () => {
    if (!queue.check()) return;
    // a failure is toasted by acceptInto; the modal stays open
    await acceptInto(ticket, queue.queueId);
    onClose();
  };

  return (
    <ActionModal
      title={<Trans>Aceitar ticket</Trans>}
      size="sm"
      testId="accept-modal"
      onClose={onClose}
      onConfirm={submit}
      confirmLabel={<Trans>Aceitar</Trans>}
      confirmTestId="accept-confirm"
    >
      <p className="mb-3 text-sm text-base-content/70">
        <Trans>Em qual fila você vai atender {ticket.contact.name}?</Trans>
      </p>
      <QueueField {...queue.field} options={options} testId="accept-queue" />
    </ActionModal>
  );
}
