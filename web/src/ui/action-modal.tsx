import { type ReactNode, useState } from 'react';
import { Modal, ModalActions, type ModalProps } from './modal';

/**
 * An open dialog whose confirming button runs an action: Cancelar closes it; `onConfirm` may be async, and while it
 * runs the button shows a spinner and is disabled (as with `busy`, busy for another reason). `onConfirm` reports its
 * own failures (a toast); one it still throws is dropped here and the dialog stays open, so the user can retry.
 */
export function ActionModal({
  title,
  size,
  testId,
  onClose,
  onConfirm,
  confirmLabel,
  confirmTestId,
  busy = false,
  disabled,
  children,
}: {
  title: ReactNode;
  size: ModalProps['size'];
  testId: string;
  onClose: () => void;
  onConfirm: () => unknown | Promise<unknown>;
  confirmLabel: ReactNode;
  confirmTestId: string;
  busy?: boolean;
  /** disabled for another reason than running (an incomplete form) */
  disabled?: boolean;
  children: ReactNode;
}) {
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } catch {
      // reported by onConfirm
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size={size}
      testId={testId}
      actions={
        <ModalActions
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy || running}
          disabled={disabled}
          confirmLabel={confirmLabel}
          confirmTestId={confirmTestId}
        />
      }
    >
      {children}
    </Modal>
  );
}
