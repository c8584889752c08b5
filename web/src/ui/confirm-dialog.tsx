import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Modal, ModalActions } from './modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** label of the confirming button; default "Excluir" */
  confirmLabel?: ReactNode;
  /** red confirming button (default) for destructive actions */
  danger?: boolean;
  /** may be async: the dialog shows a spinner and stays open until it settles; it closes on success */
  onConfirm: () => unknown | Promise<unknown>;
  onClose: () => void;
  testId?: string;
};

/** "Are you sure?" before a destructive action (house rule: destructive actions confirm). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = true,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // the caller reported the failure (toast); keep the dialog so the user can retry or cancel
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={title}
      size="sm"
      testId={testId}
      actions={
        <ModalActions
          onCancel={onClose}
          cancelDisabled={busy}
          onConfirm={confirm}
          confirmLabel={confirmLabel ?? <Trans>Excluir</Trans>}
          confirmTestId="confirm-dialog-confirm"
          busy={busy}
          danger={danger}
        />
      }
    >
      {children ? <div className="text-sm text-base-content/80">{children}</div> : null}
    </Modal>
  );
}

/**
 * The delete confirmation of a list screen: open while `item` is set; `children` says what the delete takes with
 * it; `onConfirm` gets the item (see ConfirmDialog for the async behaviour).
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  onConfirm,
  onClose,
  children,
}: {
  item: T | null;
  title: ReactNode;
  onConfirm: (item: T) => unknown | Promise<unknown>;
  onClose: () => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      onClose={onClose}
      onConfirm={() => (item !== null ? onConfirm(item) : undefined)}
    >
      {item !== null ? children(item) : null}
    </ConfirmDialog>
  );
}
