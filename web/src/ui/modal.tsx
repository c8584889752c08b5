import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { IconX } from './icons';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** buttons row (daisyUI modal-action) */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** test hook / e2e selector */
  testId?: string;
};

const SIZE: Record<NonNullable<ModalProps['size']>, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  full: 'w-full max-w-none h-full max-h-none rounded-none',
};

/** A daisyUI modal on the native <dialog> (focus trap, Esc, backdrop click close it). */
export function Modal({ open, onClose, title, children, actions, size = 'md', testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useLingui();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" onClose={onClose} data-testid={testId}>
      <div className={`modal-box p-0 text-base-content ${SIZE[size]}`}>
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-base-300 bg-base-100 px-5 py-4">
          <h3 className="text-lg font-semibold">{title}</h3>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t`Fechar`}>
            <IconX size={18} />
          </button>
        </div>
        <div className="px-5 py-4">{open ? children : null}</div>
        {actions ? <div className="modal-action mt-0 border-t border-base-300 px-5 py-3">{actions}</div> : null}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t`Fechar`} onClick={onClose}>
          {t`Fechar`}
        </button>
      </form>
    </dialog>
  );
}

/**
 * The buttons row of a dialog (Modal's `actions`): Cancelar (or `cancelLabel`) and the confirming button, which shows
 * a spinner and is disabled while `busy`.
 */
export function ModalActions({
  onCancel,
  cancelLabel,
  cancelDisabled,
  onConfirm,
  confirmLabel,
  confirmTestId,
  busy = false,
  disabled = false,
  danger = false,
}: {
  onCancel: () => void;
  cancelLabel?: ReactNode;
  cancelDisabled?: boolean;
  onConfirm: () => void;
  confirmLabel: ReactNode;
  confirmTestId?: string;
  busy?: boolean;
  /** disabled for another reason than `busy` (an incomplete form) */
  disabled?: boolean;
  /** red confirming button, for destructive actions */
  danger?: boolean;
}) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel ?? <Trans>Cancelar</Trans>}
      </button>
      <button
        type="button"
        className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
        onClick={onConfirm}
        disabled={busy || disabled}
        data-testid={confirmTestId}
      >
        {busy ? <span className="loading loading-spinner loading-sm" /> : null}
        {confirmLabel}
      </button>
    </>
  );
}
