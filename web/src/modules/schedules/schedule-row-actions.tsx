import { Trans, useLingui } from '@lingui/react/macro';
import type { ScheduleDto } from '@zapdesk/core';
import type { ReactNode } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { IconCopy, IconPencil, IconTrash } from '../../ui/icons';
import { RowActionButton } from '../../ui/row-actions';
import type { CrudList } from '../../ui/use-crud-list';
import { type ScheduleEditor, ScheduleEditorHost } from './schedule-dialog';

/**
 * A schedule row's buttons, in /schedules and in the contact drawer (`{testIdPrefix}-copy|edit|delete`): copy for
 * everyone; edit and delete only for who may manage that schedule.
 */
export function ScheduleRowActions({
  schedule: s,
  canManage,
  setEditor,
  onDelete,
  iconSize,
  testIdPrefix,
}: {
  schedule: ScheduleDto;
  canManage: boolean;
  setEditor: (editor: ScheduleEditor) => void;
  onDelete: (s: ScheduleDto) => void;
  iconSize: number;
  testIdPrefix: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <RowActionButton
        label={t`Copiar`}
        icon={<IconCopy size={iconSize} />}
        onClick={() => setEditor({ schedule: s, copy: true, contact: null })}
        testId={`${testIdPrefix}-copy`}
      />
      {canManage ? (
        <>
          <RowActionButton
            label={t`Editar`}
            icon={<IconPencil size={iconSize} />}
            onClick={() => setEditor({ schedule: s, copy: false, contact: null })}
            testId={`${testIdPrefix}-edit`}
          />
          <RowActionButton
            label={t`Excluir`}
            icon={<IconTrash size={iconSize} />}
            onClick={() => onDelete(s)}
            tone="error"
            testId={`${testIdPrefix}-delete`}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * The editor (a saved schedule shows in the list at once) and the delete confirmation of a schedule list;
 * `children` words the confirmation.
 */
export function ScheduleListDialogs({
  editor,
  setEditor,
  crud,
  children,
}: {
  editor: ScheduleEditor | null;
  setEditor: (editor: ScheduleEditor | null) => void;
  crud: CrudList<ScheduleDto>;
  children: (s: ScheduleDto) => ReactNode;
}) {
  return (
    <>
      <ScheduleEditorHost
        editor={editor}
        onClose={() => setEditor(null)}
        onSaved={(s) => {
          crud.list.upsert(s);
          setEditor(null);
        }}
      />
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir agendamento</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {children}
      </ConfirmDeleteDialog>
    </>
  );
}
