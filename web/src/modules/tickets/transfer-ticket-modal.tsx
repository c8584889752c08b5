import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { Autocomplete } from '../../ui/autocomplete';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { dropDraft } from '../messages/drafts';
import { type QueueRef, searchUsers, type UserRef, updateTicket, type WhatsappRef } from './tickets-api';

/**
 * Transfer-ticket modal (spec 1 §2, §5): user search from 3 characters (500 ms), a queue (required), and for admins
 * an optional connection. No user = back to the queue as pending.
 */
export function TransferTicketModal({
  ticket,
  queues,
  whatsapps,
  onClose,
}: {
  ticket: TicketDto;
  queues: QueueRef[];
  whatsapps: WhatsappRef[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const caps = useCapabilities();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const [user, setUser] = useState<UserRef | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const canChangeConnection = !!caps?.['ticket-options:transferWhatsapp'];
  // with a user chosen, the user's queues; otherwise every queue
  const queueOptions = user?.queues.length ? user.queues : queues;

  const submit = async () => {
    if (!queueId) {
      setError(t`Selecione uma fila`);
      return;
    }
    setBusy(true);
    try {
      await updateTicket(ticket.id, {
        transf: true,
        userId: user?.id ?? null,
        queueId,
        ...(canChangeConnection && whatsappId ? { whatsappId } : {}),
      });
      if (user?.id !== me?.id) dropDraft(ticket.id);
      toast.success(t`Ticket transferido`);
      onClose();
      if (user?.id !== me?.id) navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Transferir ticket</Trans>}
      size="md"
      testId="transfer-modal"
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
            data-testid="transfer-confirm"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Transferir</Trans>
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <FormField
          label={<Trans>Usuário</Trans>}
          hint={<Trans>Sem usuário, o ticket volta para a fila como pendente.</Trans>}
        >
          <Autocomplete<UserRef>
            minChars={3}
            search={searchUsers}
            getKey={(u) => u.id}
            getLabel={(u) => u.name}
            value={user}
            onChange={(u) => {
              setUser(u);
              if (u?.queues.length === 1) setQueueId(u.queues[0].id);
            }}
            placeholder={t`Digite 3 letras para buscar`}
            onError={() => toast.error(t`Não foi possível carregar os usuários`)}
            testId="transfer-user"
            autoFocus
          />
        </FormField>
        <FormField label={<Trans>Fila</Trans>} error={error}>
          <select
            className="select w-full"
            value={queueId ?? ''}
            onChange={(e) => {
              setQueueId(e.target.value ? Number(e.target.value) : null);
              setError(undefined);
            }}
            data-testid="transfer-queue"
          >
            <option value="">{t`Selecione uma fila`}</option>
            {queueOptions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </select>
        </FormField>
        {canChangeConnection ? (
          <FormField label={<Trans>Conexão (opcional)</Trans>}>
            <select
              className="select w-full"
              value={whatsappId ?? ''}
              onChange={(e) => setWhatsappId(e.target.value ? Number(e.target.value) : null)}
              data-testid="transfer-whatsapp"
            >
              <option value="">{t`Manter a conexão atual`}</option>
              {whatsapps.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>
    </Modal>
  );
}
