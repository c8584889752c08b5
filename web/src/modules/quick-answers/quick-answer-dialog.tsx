import { Trans, useLingui } from '@lingui/react/macro';
import { CreateQuickAnswer, type QuickAnswerDto } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
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

  const count = message.length;

  const submit = () =>
    validateAndSave({
      schema: CreateQuickAnswer,
      values: { shortcut, message },
      setErrors,
      save: (data) => (quickAnswer ? updateQuickAnswer(quickAnswer.id, data) : createQuickAnswer(data)),
      savedMessage: t`Salvo com sucesso`,
      onSaved,
      fieldOfCode: { ERR_NAME_EXISTS: 'shortcut' },
    });

  return (
    <FormDialog
      title={quickAnswer ? <Trans>Editar resposta rápida</Trans> : <Trans>Adicionar resposta rápida</Trans>}
      size="lg"
      testId="quick-answer-dialog"
      saveTestId="quick-answer-save"
      onClose={onClose}
      onSubmit={submit}
    >
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
    </FormDialog>
  );
}
