import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { last30Days } from './format';
import { MultiSelect } from './multi-select';
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
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setFound(null)}>
              <Trans>Voltar</Trans>
            </button>
            <button
              type="button"
              className="btn btn-error"
              onClick={confirm}
              disabled={busy || !keywordMatches(typed)}
              data-testid="bulk-resolve-confirm-button"
            >
              {busy ? <span className="loading loading-spinner loading-sm" /> : null}
              <Trans>Confirmar</Trans>
            </button>
          </>
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
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={find}
            disabled={busy || !from || !to}
            data-testid="bulk-resolve-find"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Continuar</Trans>
          </button>
        </>
      }
    >
      <p className="mb-2 text-sm text-base-content/70">
        <Trans>Resolve os tickets abertos e pendentes criados no período, sem enviar mensagem de despedida.</Trans>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={<Trans>Data inicial</Trans>}>
          <input
            type="date"
            className="input w-full"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="bulk-resolve-from"
          />
        </FormField>
        <FormField label={<Trans>Data final</Trans>}>
          <input
            type="date"
            className="input w-full"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            data-testid="bulk-resolve-to"
          />
        </FormField>
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
