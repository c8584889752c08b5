import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { Modal, ModalActions } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { last30Days } from './format';
import { MultiSelect } from './multi-select';
import { DateRangeFields } from './ticket-fields';
import { closeTickets, type QueueRef, queryTicketIds, type UserRef } from './tickets-api';

/** The keyword the confirmation asks for (spec 1 §2, §5). */
export const BULK_RESOLVE_KEYWORD = 'Resolver';

/** Confirm is enabled only when the typed text equals the keyword. */
export const keywordMatches = (typed: string) => typed === BULK_RESOLVE_KEYWORD;

/** Bulk resolve (admins): date range, queues, users → the unfinished tickets found → type 'Resolver' → close them. */
export function BulkResolveDialog({
  queues,
  users,
  onClose,
}: {
  queues: QueueRef[];
  users: UserRef[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const range = last30Days(new Date());
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [found, setFound] = useState<number[] | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  const find = async () => {
    setBusy(true);
    try {
      const ids = await queryTicketIds({
        initialDate: from,
        finalDate: to,
        selectedQueueIds: queueIds,
        selectedUserIds: userIds,
      });
      if (!ids.length) toast.info(t`Nenhum ticket em aberto encontrado com esses filtros.`);
      else setFound(ids);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!found || !keywordMatches(typed)) return;
    setBusy(true);
    try {
      const count = await closeTickets(found);
      toast.success(t`${count} tickets resolvidos`);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  if (found) {
    const n = found.length;
    return (
      <Modal
        open
        onClose={onClose}
        title={<Trans>Confirmar resolução em massa</Trans>}
        size="sm"
        testId="bulk-resolve-confirm"
        actions={
          <ModalActions
            onCancel={() => setFound(null)}
            cancelLabel={<Trans>Voltar</Trans>}
            onConfirm={confirm}
            busy={busy}
            disabled={!keywordMatches(typed)}
            danger
            confirmLabel={<Trans>Confirmar</Trans>}
            confirmTestId="bulk-resolve-confirm-button"
          />
        }
      >
        <p className="text-sm">
          <Trans>{n} tickets serão resolvidos. Esta ação não pode ser desfeita.</Trans>
        </p>
        <p className="mt-3 text-sm text-base-content/70">
          <Trans>
            Digite <strong>{BULK_RESOLVE_KEYWORD}</strong> para confirmar.
          </Trans>
        </p>
        <input
          className="input mt-2 w-full"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={BULK_RESOLVE_KEYWORD}
          autoFocus
          data-testid="bulk-resolve-keyword"
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Resolver tickets em massa</Trans>}
      size="md"
      testId="bulk-resolve-modal"
      actions={
        <ModalActions
          onCancel={onClose}
          onConfirm={find}
          busy={busy}
          disabled={!from || !to}
          confirmLabel={<Trans>Continuar</Trans>}
          confirmTestId="bulk-resolve-find"
        />
      }
    >
      <p className="mb-2 text-sm text-base-content/70">
        <Trans>Resolve os tickets abertos e pendentes criados no período, sem enviar mensagem de despedida.</Trans>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} testIdPrefix="bulk-resolve" />
        <FormField label={<Trans>Filas</Trans>} hint={<Trans>Nenhuma = todas</Trans>}>
          <MultiSelect
            label={t`Filas`}
            options={queues}
            selected={queueIds}
            onChange={setQueueIds}
            testId="bulk-resolve-queues"
          />
        </FormField>
        <FormField label={<Trans>Usuários</Trans>} hint={<Trans>Nenhum = todos</Trans>}>
          <MultiSelect
            label={t`Usuários`}
            options={users}
            selected={userIds}
            onChange={setUserIds}
            align="end"
            testId="bulk-resolve-users"
          />
        </FormField>
      </div>
    </Modal>
  );
}
