import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { Modal, ModalActions } from '../../ui/modal';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { QueueField } from './ticket-fields';
import type { QueueRef } from './tickets-api';
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
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const { acceptInto } = useTicketActions();
  const options = caps?.isAdmin ? queues : (me?.queues ?? []);
  const [queueId, setQueueId] = useState<number | null>(ticket.queueId);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!queueId) {
      setError(t`Selecione uma fila`);
      return;
    }
    setBusy(true);
    try {
      await acceptInto(ticket, queueId);
      onClose();
    } catch {
      // toasted by acceptInto
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Aceitar ticket</Trans>}
      size="sm"
      testId="accept-modal"
      actions={
        <ModalActions
          onCancel={onClose}
          onConfirm={submit}
          busy={busy}
          confirmLabel={<Trans>Aceitar</Trans>}
          confirmTestId="accept-confirm"
        />
      }
    >
      <p className="mb-3 text-sm text-base-content/70">
        <Trans>Em qual fila você vai atender {ticket.contact.name}?</Trans>
      </p>
      <QueueField
        value={queueId}
        onChange={(id) => {
          setQueueId(id);
          setError(undefined);
        }}
        options={options}
        error={error}
        testId="accept-queue"
      />
    </Modal>
  );
}
