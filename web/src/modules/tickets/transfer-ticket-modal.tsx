import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { ActionModal } from '../../ui/action-modal';
import { Autocomplete } from '../../ui/autocomplete';
import { FormField } from '../../ui/form-field';
import { IdSelect } from '../../ui/id-select';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { dropDraft } from '../messages/drafts';
import { QueueField } from './ticket-fields';
import { type QueueRef, searchUsers, type UserRef, updateTicket, type WhatsappRef } from './tickets-api';
import { useQueueChoice } from './use-queue-choice';

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
  const queue = useQueueChoice(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const canChangeConnection = !!caps?.['ticket-options:transferWhatsapp'];
  // with a user chosen, the user's queues; otherwise every queue
  const queueOptions = user?.queues.length ? user.queues : queues;

  const submit = async () => {
    if (!queue.check()) return;
    try {
      await updateTicket(ticket.id, {
        transf: true,
        userId: user?.id ?? null,
        queueId: queue.queueId,
        ...(canChangeConnection && whatsappId ? { whatsappId } : {}),
      });
      if (user?.id !== me?.id) dropDraft(ticket.id);
      toast.success(t`Ticket transferido`);
      onClose();
      if (user?.id !== me?.id) navigate('/tickets');
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ActionModal
      title={<Trans>Transferir ticket</Trans>}
      size="md"
      testId="transfer-modal"
      onClose={onClose}
      onConfirm={submit}
      confirmLabel={<Trans>Transferir</Trans>}
      confirmTestId="transfer-confirm"
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
              if (u?.queues.length === 1) queue.setQueueId(u.queues[0].id);
            }}
            placeholder={t`Digite 3 letras para buscar`}
            onError={() => toast.error(t`Não foi possível carregar os usuários`)}
            testId="transfer-user"
            autoFocus
          />
        </FormField>
        <QueueField {...queue.field} options={queueOptions} testId="transfer-queue" />
        {canChangeConnection ? (
          <FormField label={<Trans>Conexão (opcional)</Trans>}>
            <IdSelect
              value={whatsappId}
              onChange={setWhatsappId}
              options={whatsapps}
              emptyLabel={t`Manter a conexão atual`}
              testId="transfer-whatsapp"
            />
          </FormField>
        ) : null}
      </div>
    </ActionModal>
  );
}
