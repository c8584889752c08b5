import { Trans, useLingui } from '@lingui/react/macro';
import type { QueueDto } from '@zapdesk/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { ColorChip, ColorDot } from '../../ui/color-chip';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconLayers, IconPencil, IconPlus, IconTrash } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { QUEUE_RELOAD_AFTER_SAVE_MS, QueueDialog } from './queue-dialog';
import { deleteQueue } from './queues-api';
import { useQueues } from './use-queues';

/** Queues (sectors) list: name, colour, actions (spec 2 §2). `/queues/new` opens the create dialog. */
export function QueuesScreen({ param }: { param?: string }) {
  const caps = useCapabilities();
  if (!caps?.manageQueues) return <NoPermission />;
  return <QueuesList openNew={param === 'new'} />;
}

function QueuesList({ openNew }: { openNew: boolean }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { queues, loading } = useQueues();
  const [editing, setEditing] = useState<QueueDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QueueDto | null>(null);
  const dialog = openNew ? 'new' : editing;

  const usedColors = useMemo(() => {
    const current = dialog && dialog !== 'new' ? dialog.id : null;
    return new Map(queues.filter((q) => q.id !== current).map((q) => [q.color.toUpperCase(), q.name]));
  }, [queues, dialog]);

  const closeDialog = () => {
    setEditing(null);
    if (openNew) navigate('/queues', { replace: true });
  };

  const remove = async (q: QueueDto) => {
    try {
      await deleteQueue(q.id);
      toast.success(t`Queue deleted successfully!`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={<Trans>Filas</Trans>}
      subtitle={<Trans>Setores que organizam o atendimento</Trans>}
      testId="queues-page"
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
          data-testid="queue-add"
        >
          <IconPlus size={16} />
          <Trans>Adicionar fila</Trans>
        </button>
      }
    >
      <div className="min-h-0 flex-1 overflow-auto">
        {loading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : queues.length === 0 ? (
          <EmptyState
            icon={<IconLayers size={28} />}
            title={<Trans>Nenhuma fila cadastrada</Trans>}
            description={<Trans>Crie filas para distribuir os atendimentos entre os setores.</Trans>}
          />
        ) : (
          <table className="table table-pin-rows" data-testid="queues-table">
            <thead>
              <tr>
                <th>
                  <Trans>Nome</Trans>
                </th>
                <th>
                  <Trans>Cor</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {queues.map((q) => (
                <tr key={q.id} className="hover:bg-base-200/50" data-testid="queue-row" data-name={q.name}>
                  <td className="max-w-[14rem]">
                    <div className="flex flex-col gap-0.5">
                      <span className="truncate font-medium">{q.name}</span>
                      {q.greetingMessage ? (
                        <span className="hidden truncate text-xs text-base-content/60 sm:block">
                          {q.greetingMessage}
                        </span>
                      ) : null}
                    </div>
                  </td>
                  <td>
                    <span className="flex items-center gap-2">
                      <ColorDot color={q.color} size={18} />
                      <span className="hidden font-mono text-xs sm:inline">{q.color}</span>
                      <span className="hidden md:inline">
                        <ColorChip color={q.color} size="sm">
                          {q.name}
                        </ColorChip>
                      </span>
                    </span>
                  </td>
                  <td className="text-right">
                    <div className="inline-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square"
                        onClick={() => setEditing(q)}
                        aria-label={t`Editar`}
                        title={t`Editar`}
                        data-testid="queue-edit"
                      >
                        <IconPencil size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square text-error"
                        onClick={() => setDeleting(q)}
                        aria-label={t`Excluir`}
                        title={t`Excluir`}
                        data-testid="queue-delete"
                      >
                        <IconTrash size={16} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {dialog ? (
        <QueueDialog
          key={dialog === 'new' ? 'new' : dialog.id}
          open
          queue={dialog === 'new' ? null : dialog}
          usedColors={usedColors}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            // spec 2 §9: the page reloads 2 s after a save (at /queues, so /queues/new does not reopen the dialog)
            setTimeout(() => window.location.assign('/queues'), QUEUE_RELOAD_AFTER_SAVE_MS);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir fila</Trans>}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      >
        {deleting ? <DeleteQueueText name={deleting.name} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function DeleteQueueText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir a fila "{name}"? Os usuários e tickets desta fila ficarão sem ela. Esta ação não pode ser desfeita.
    </Trans>
  );
}
