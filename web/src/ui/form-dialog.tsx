import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from './form-field';
import { Modal, type ModalProps } from './modal';

/**
 * The shell of an add/edit dialog: a modal with a form, its fields, and Cancelar / Salvar. `onSubmit` may be async:
 * Salvar shows a spinner and is disabled until it settles. The dialog validates and reports its own errors.
 */
export function FormDialog({
  open = true,
  title,
  size,
  testId,
  saveTestId,
  onClose,
  onSubmit,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  size?: ModalProps['size'];
  testId?: string;
  saveTestId?: string;
  onClose: () => void;
  onSubmit: () => unknown | Promise<unknown>;
  children: ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await onSubmit();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={title} size={size} testId={testId}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {children}
        <FormActions onCancel={onClose} saving={saving} saveTestId={saveTestId} className="pt-1" />
      </form>
    </Modal>
  );
}

/**
 * The end of a form: Cancelar and the submit button (Salvar unless `saveLabel`), with a spinner while `saving`.
 * `className` places the row (spacing, a border, a sticky footer).
 */
export function FormActions({
  onCancel,
  saving,
  saveTestId,
  saveLabel,
  className,
}: {
  onCancel: () => void;
  saving: boolean;
  saveTestId?: string;
  saveLabel?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-2 ${className ?? ''}`}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        <Trans>Cancelar</Trans>
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving} data-testid={saveTestId}>
        {saving ? <span className="loading loading-spinner loading-sm" /> : null}
        {saveLabel ?? <Trans>Salvar</Trans>}
      </button>
    </div>
  );
}

/** The "Nome" field of an add/edit dialog: focused first, at most 60 characters, its error below. */
export function NameField({
  value,
  onChange,
  error,
  testId,
  errorTestId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
  errorTestId?: string;
}) {
  return (
    <FormField label={<Trans>Nome</Trans>} error={error} errorTestId={errorTestId}>
      <input
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={60}
        autoFocus
        data-testid={testId}
      />
    </FormField>
  );
}
