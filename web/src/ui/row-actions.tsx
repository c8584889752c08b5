import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { IconCopy, IconPencil, IconTrash } from './icons';

/** A square icon button of a table row; its label is the tooltip and the accessible name. */
export function RowActionButton({
  label,
  icon,
  onClick,
  tone,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  tone?: 'primary' | 'error';
  testId?: string;
}) {
  const toneClass = tone === 'primary' ? ' text-primary' : tone === 'error' ? ' text-error' : '';
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-square${toneClass}`}
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {icon}
    </button>
  );
}

/**
 * Edit and delete buttons of a row (`{testIdPrefix}-edit`, `{testIdPrefix}-delete`); extra buttons go first.
 * Without `onDelete` there is no delete button; `keepDeleteSlot` keeps its room so the columns stay aligned.
 */
export function RowActions({
  testIdPrefix,
  onEdit,
  onDelete,
  keepDeleteSlot = false,
  children,
}: {
  testIdPrefix: string;
  onEdit: () => void;
  onDelete?: () => void;
  keepDeleteSlot?: boolean;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      {children}
      <RowActionButton
        label={t`Editar`}
        icon={<IconPencil size={16} />}
        onClick={onEdit}
        testId={`${testIdPrefix}-edit`}
      />
      {onDelete ? (
        <RowActionButton
          label={t`Excluir`}
          icon={<IconTrash size={16} />}
          onClick={onDelete}
          tone="error"
          testId={`${testIdPrefix}-delete`}
        />
      ) : keepDeleteSlot ? (
        <span className="btn btn-ghost btn-sm btn-square invisible" aria-hidden="true" />
      ) : null}
    </>
  );
}

/** The copy button of a row ("Copiar"): copying is open to everyone who sees the row. */
export function CopyRowButton({
  onClick,
  testId,
  iconSize = 16,
}: {
  onClick: () => void;
  testId: string;
  iconSize?: number;
}) {
  const { t } = useLingui();
  return <RowActionButton label={t`Copiar`} icon={<IconCopy size={iconSize} />} onClick={onClick} testId={testId} />;
}
