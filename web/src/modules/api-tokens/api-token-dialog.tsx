import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ApiTokenCreatedDto,
  type ApiTokenDto,
  ApiTokenInput,
  TICKET_CREATE_OR_UPDATE,
  TICKET_SET_STATUSES,
  type TicketCreateOrUpdate,
  type TicketSetStatus,
} from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { EntityDialog, useEntityForm } from '../../ui/entity-dialog';
import { FormField } from '../../ui/form-field';
import { IconAlert } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { toast } from '../../ui/toasts/toast';
import { fetchQueues } from '../queues/queues-api';
import { fetchConnections } from '../users/users-api';
import { TICKET_CREATE_OR_UPDATE_LABELS, TICKET_SET_STATUS_LABELS } from './api-token-labels';
import { createApiToken, fetchAllUsers, updateApiToken } from './api-tokens-api';

type Named = { id: number; name: string };
type Options = { queues: Named[]; users: Named[]; connections: Named[] };

/** The pickers: the company's queues, users, and its connections that are NOT the default one (spec 2 §5). */
function useOptions(): Options | null {
  const [opts, setOpts] = useState<Options | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([fetchQueues(), fetchAllUsers(), fetchConnections()])
      .then(([queues, users, connections]) => {
        if (alive) setOpts({ queues, users, connections: connections.filter((c) => !c.isDefault) });
      })
      .catch((err) => {
        toastError(err);
        if (alive) setOpts({ queues: [], users: [], connections: [] });
      });
    return () => {
      alive = false;
    };
  }, []);
  return opts;
}

/**
 * Add/edit an API token (spec 2 §2, §4, §5): name, ticket status after sending, creation mode, queue, user,
 * connection — required, never the default connection (the warning says so). A new token's answer carries the full
 * secret once (`plainToken`): the screen shows it.
 */
export function ApiTokenDialog({
  token,
  onClose,
  onSaved,
}: {
  token: ApiTokenDto | null;
  onClose: () => void;
  onSaved: (t: ApiTokenDto | ApiTokenCreatedDto) => void;
}) {
  const { t, i18n } = useLingui();
  const opts = useOptions();
  const form = useEntityForm<'whatsappId' | 'queueId' | 'userId' | 'ticketSetStatus' | 'ticketCreateOrUpdate'>(
    token?.name ?? '',
  );
  const [status, setStatus] = useState<TicketSetStatus>(token?.ticketSetStatus ?? 'closed');
  const [mode, setMode] = useState<TicketCreateOrUpdate>(token?.ticketCreateOrUpdate ?? 'create');
  const [queueId, setQueueId] = useState<number | null>(token?.queueId ?? null);
  const [userId, setUserId] = useState<number | null>(token?.userId ?? null);
  const [whatsappId, setWhatsappId] = useState<number | null>(token?.whatsappId ?? null);

  const submit = () => {
    if (whatsappId === null) toast.warning(t`É necessário selecionar uma conexão para enviar mensagens pela API.`);
    return validateAndSave({
      schema: ApiTokenInput,
      values: { name: form.name, ticketSetStatus: status, ticketCreateOrUpdate: mode, queueId, userId, whatsappId },
      setErrors: form.setErrors,
      save: (data) => {
        const input = {
          name: data.name,
          ticketSetStatus: data.ticketSetStatus,
          ticketCreateOrUpdate: data.ticketCreateOrUpdate,
          queueId: data.queueId ?? null,
          userId: data.userId ?? null,
          whatsappId: data.whatsappId,
        };
        return token ? updateApiToken(token.id, input) : createApiToken(input);
      },
      savedMessage: t`Token salvo com sucesso`,
      onSaved,
      fieldOfCode: { ERR_API_DEFAULT_WHATSAPP: 'whatsappId', ERR_NO_WAPP_FOUND: 'whatsappId' },
    });
  };

  return (
    <EntityDialog
      form={form}
      title={token ? <Trans>Editar token</Trans> : <Trans>Adicionar token</Trans>}
      testIdPrefix="api-token"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        label={<Trans>Conexão (WhatsApp)</Trans>}
        error={form.errors.whatsappId}
        errorTestId="api-token-whatsapp-error"
      >
        <IdSelect
          value={whatsappId}
          onChange={(id) => {
            setWhatsappId(id);
            form.setErrors((x) => ({ ...x, whatsappId: undefined }));
          }}
          options={opts?.connections ?? []}
          emptyLabel={t`Selecione uma conexão`}
          testId="api-token-whatsapp"
        />
      </FormField>
      {opts && opts.connections.length === 0 ? (
        <div role="alert" className="alert alert-warning alert-soft text-sm" data-testid="api-token-no-connection">
          <IconAlert size={18} />
          <span>
            <Trans>
              A conexão padrão não pode ser usada para enviar mensagens pela API. Crie outra conexão em{' '}
              <Link href="/connections" className="link">
                Conexões
              </Link>{' '}
              para usar um token.
            </Trans>
          </span>
        </div>
      ) : (
        <p className="-mt-3 text-xs text-base-content/60">
          <Trans>A conexão padrão não pode ser usada para enviar pela API e por isso não aparece na lista.</Trans>
        </p>
      )}
      <FormField label={<Trans>Status do ticket após o envio</Trans>} error={form.errors.ticketSetStatus}>
        <select
          className="select w-full"
          value={status}
          onChange={(e) => setStatus(e.target.value as TicketSetStatus)}
          data-testid="api-token-status"
        >
          {TICKET_SET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {i18n._(TICKET_SET_STATUS_LABELS[s])}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={<Trans>Criação do ticket</Trans>} error={form.errors.ticketCreateOrUpdate}>
        <div className="flex flex-col gap-2" data-testid="api-token-mode">
          {TICKET_CREATE_OR_UPDATE.map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                name="api-token-mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
                data-testid={`api-token-mode-${m}`}
              />
              {i18n._(TICKET_CREATE_OR_UPDATE_LABELS[m])}
            </label>
          ))}
        </div>
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Fila</Trans>} error={form.errors.queueId}>
          <IdSelect
            value={queueId}
            onChange={setQueueId}
            options={opts?.queues ?? []}
            emptyLabel={t`Nenhuma`}
            testId="api-token-queue"
          />
        </FormField>
        <FormField label={<Trans>Usuário</Trans>} error={form.errors.userId}>
          <IdSelect
            value={userId}
            onChange={setUserId}
            options={opts?.users ?? []}
            emptyLabel={t`Nenhum`}
            testId="api-token-user"
          />
        </FormField>
      </div>
    </EntityDialog>
  );
}
