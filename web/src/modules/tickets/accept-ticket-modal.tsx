import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
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
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={submit}
            disabled={busy}
            data-testid="accept-confirm"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Aceitar</Trans>
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-base-content/70">
        <Trans>Em qual fila você vai atender {ticket.contact.name}?</Trans>
      </p>
      <FormField label={<Trans>Fila</Trans>} error={error}>
        <select
          className="select w-full"
          value={queueId ?? ''}
          onChange={(e) => {
            setQueueId(e.target.value ? Number(e.target.value) : null);
            setError(undefined);
          }}
          data-testid="accept-queue"
        >
          <option value="">{t`Selecione uma fila`}</option>
          {options.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </select>
      </FormField>
    </Modal>
  );
}
