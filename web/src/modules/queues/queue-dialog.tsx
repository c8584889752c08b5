import { Trans, useLingui } from '@lingui/react/macro';
import { QUEUE_PALETTE, type QueueDto, QueueInput } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { EntityDialog, useEntityForm } from '../../ui/entity-dialog';
import { FormField } from '../../ui/form-field';
import { IconCheck } from '../../ui/icons';
import { createQueue, updateQueue } from './queues-api';

/** Spec 2 §9: after saving a queue the page reloads after 2 s. */
export const QUEUE_RELOAD_AFTER_SAVE_MS = 2000;

/**
 * The queue dialog (spec 2 §2, §5): name 2–50, a colour from the fixed 50-colour palette, greeting message.
 * A colour already used by another queue of the company is refused by the server (ERR_QUEUE_COLOR_ALREADY_EXISTS).
 */
export function QueueDialog({
  open,
  queue,
  usedColors,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null = new queue */
  queue: QueueDto | null;
  /** colours of the other queues, marked in the palette */
  usedColors: Map<string, string>;
  onClose: () => void;
  onSaved: (q: QueueDto) => void;
}) {
  const { t } = useLingui();
  const form = useEntityForm<'color' | 'greetingMessage'>(queue?.name ?? '');
  const [color, setColor] = useState(queue?.color ?? '');
  const [greetingMessage, setGreeting] = useState(queue?.greetingMessage ?? '');
  const submit = () =>
    validateAndSave({
      schema: QueueInput,
      values: { name: form.name, color, greetingMessage },
      setErrors: form.setErrors,
      save: (data) => (queue ? updateQueue(queue.id, data) : createQueue(data)),
      savedMessage: t`Queue saved successfully`,
      onSaved,
      fieldOfCode: { ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color', ERR_NAME_EXISTS: 'name' },
    });

  return (
    <EntityDialog
      form={form}
      open={open}
      title={queue ? <Trans>Editar fila</Trans> : <Trans>Adicionar fila</Trans>}
      testIdPrefix="queue"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        label={<Trans>Cor</Trans>}
        error={form.errors.color}
        errorTestId="queue-color-error"
        hint={<Trans>Cada fila usa uma cor diferente.</Trans>}
      >
        <div
          className="flex flex-wrap gap-1.5 rounded-box border border-base-300 p-2"
          role="radiogroup"
          aria-label={t`Cor`}
          data-testid="queue-palette"
        >
          {QUEUE_PALETTE.map((c) => {
            const selected = c.toUpperCase() === color.toUpperCase();
            const usedBy = usedColors.get(c.toUpperCase());
            return (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={usedBy ? t`${c} (em uso por ${usedBy})` : c}
                title={usedBy ? t`${c} (em uso por ${usedBy})` : c}
                className={`relative flex size-8 items-center justify-center rounded-md ring-offset-2 ring-offset-base-100 transition hover:scale-110 ${selected ? 'ring-2 ring-base-content' : ''}`}
                style={{ backgroundColor: c }}
                onClick={() => {
                  setColor(c);
                  form.setErrors((x) => ({ ...x, color: undefined }));
                }}
                data-testid="queue-color"
                data-color={c}
                data-used={usedBy ? 'true' : 'false'}
              >
                {selected ? (
                  <IconCheck size={14} className="text-white drop-shadow" />
                ) : usedBy ? (
                  <span className="size-1.5 rounded-full bg-white/90" />
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="mt-1 flex items-center gap-2 text-sm">
          <span
            className="inline-block size-5 rounded-md border border-base-300"
            style={{ backgroundColor: color || 'transparent' }}
          />
          <span className="font-mono" data-testid="queue-color-value">
            {color || t`Nenhuma cor escolhida`}
          </span>
        </div>
      </FormField>
      <FormField
        label={<Trans>Mensagem de saudação</Trans>}
        error={form.errors.greetingMessage}
        hint={<Trans>Enviada ao contato quando o atendimento entra nesta fila.</Trans>}
      >
        <textarea
          className="textarea w-full"
          rows={4}
          value={greetingMessage}
          onChange={(e) => setGreeting(e.target.value)}
          data-testid="queue-greeting"
        />
      </FormField>
    </EntityDialog>
  );
}
