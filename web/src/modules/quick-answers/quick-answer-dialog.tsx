import { Trans, useLingui } from '@lingui/react/macro';
import { CreateQuickAnswer, type QuickAnswerDto } from '@zapdesk/core';
import { type FormEvent, useState } from 'react';
import { errorParts, parseApiError, toastError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { createQuickAnswer, updateQuickAnswer } from './quick-answers-api';

type Errors = Partial<Record<'shortcut' | 'message', string>>;

/** Add/edit a quick answer (spec 1 §5): shortcut 2–15 characters, message 8–30000. */
export function QuickAnswerDialog({
  quickAnswer,
  onClose,
  onSaved,
}: {
  /** null = new */
  quickAnswer: QuickAnswerDto | null;
  onClose: () => void;
  onSaved: (qa: QuickAnswerDto) => void;
}) {
  const { t } = useLingui();
  const [shortcut, setShortcut] = useState(quickAnswer?.shortcut ?? '');
  const [message, setMessage] = useState(quickAnswer?.message ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const count = message.length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateQuickAnswer.safeParse({ shortcut, message });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= translateValidation(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = quickAnswer
        ? await updateQuickAnswer(quickAnswer.id, parsed.data)
        : await createQuickAnswer(parsed.data);
      toast.success(t`Salvo com sucesso`);
      onSaved(saved);
    } catch (err) {
      if (errorParts(err).code === 'ERR_NAME_EXISTS') setErrors({ shortcut: parseApiError(err) });
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={quickAnswer ? <Trans>Editar resposta rápida</Trans> : <Trans>Adicionar resposta rápida</Trans>}
      size="lg"
      testId="quick-answer-dialog"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormField
          label={<Trans>Atalho</Trans>}
          error={errors.shortcut}
          errorTestId="quick-answer-shortcut-error"
          hint={<Trans>No chat, digite / e o atalho para usar esta resposta.</Trans>}
        >
          <label className={`input w-full ${errors.shortcut ? 'input-error' : ''}`}>
            <span className="font-mono text-base-content/50">/</span>
            <input
              className="grow"
              value={shortcut}
              onChange={(e) => {
                setShortcut(e.target.value);
                setErrors((x) => ({ ...x, shortcut: undefined }));
              }}
              maxLength={20}
              autoFocus
              data-testid="quick-answer-shortcut"
            />
          </label>
        </FormField>
        <FormField
          label={<Trans>Mensagem</Trans>}
          error={errors.message}
          errorTestId="quick-answer-message-error"
          hint={<Trans>{count} / 30000 caracteres</Trans>}
        >
          <textarea
            className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
            rows={7}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
            data-testid="quick-answer-message"
          />
        </FormField>
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="quick-answer-save">
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Salvar</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
