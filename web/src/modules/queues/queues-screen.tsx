import { Trans, useLingui } from '@lingui/react/macro';
import type { QueueDto } from '@zapdesk/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { ColorChip, ColorDot } from '../../ui/color-chip';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconLayers } from '../../ui/icons';
import { ListContent } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActions } from '../../ui/row-actions';
import { useCrudState } from '../../ui/use-crud-list';
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
  // the list follows the queue channel (useQueues): a deleted queue leaves it by its event
  const crud = useCrudState<QueueDto>({ deleteItem: deleteQueue, deletedMessage: t`Queue deleted successfully!` });
  const dialog = openNew ? 'new' : crud.editing;

  const usedColors = useMemo(() => {
    const current = dialog && dialog !== 'new' ? dialog.id : null;
    return new Map(queues.filter((q) => q.id !== current).map((q) => [q.color.toUpperCase(), q.name]));
  }, [queues, dialog]);

  const closeDialog = () => {
    crud.setEditing(null);
    if (openNew) navigate('/queues', { replace: true });
  };

  return (
    <PageCard
      title={<Trans>Filas</Trans>}
      subtitle={<Trans>Setores que organizam o atendimento</Trans>}
      testId="queues-page"
      actions={
        <AddButton onClick={() => crud.setEditing('new')} testId="queue-add">
          <Trans>Adicionar fila</Trans>
        </AddButton>
      }
    >
      <div className="min-h-0 flex-1 overflow-auto">
        <ListContent
          loading={loading}
          isEmpty={queues.length === 0}
          empty={
            <EmptyState
              icon={<IconLayers size={28} />}
              title={<Trans>Nenhuma fila cadastrada</Trans>}
              description={<Trans>Crie filas para distribuir os atendimentos entre os setores.</Trans>}
            />
          }
        >
          <DataTable
            items={queues}
            testId="queues-table"
            rowKey={(q) => q.id}
            rowTestId="queue-row"
            rowData={(q) => ({ 'data-name': q.name })}
            columns={[
              {
                key: 'name',
                header: <Trans>Nome</Trans>,
                className: 'max-w-[14rem]',
                cell: (q) => (
                  <div className="flex flex-col gap-0.5">
                    <span className="truncate font-medium">{q.name}</span>
                    {q.greetingMessage ? (
                      <span className="hidden truncate text-xs text-base-content/60 sm:block">{q.greetingMessage}</span>
                    ) : null}
                  </div>
                ),
              },
              {
                key: 'color',
                header: <Trans>Cor</Trans>,
                cell: (q) => (
                  <span className="flex items-center gap-2">
                    <ColorDot color={q.color} size={18} />
                    <span className="hidden font-mono text-xs sm:inline">{q.color}</span>
                    <span className="hidden md:inline">
                      <ColorChip color={q.color} size="sm">
                        {q.name}
                      </ColorChip>
                    </span>
                  </span>
                ),
              },
            ]}
            actions={(q) => (
              <RowActions testIdPrefix="queue" onEdit={() => crud.setEditing(q)} onDelete={() => crud.setDeleting(q)} />
            )}
          />
        </ListContent>
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
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir fila</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(q) => <DeleteQueueText name={q.name} />}
      </ConfirmDeleteDialog>
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
