import { Trans, useLingui } from '@lingui/react/macro';
import { CreateTag, DEFAULT_TAG_COLOR, type TagDto } from '@zapdesk/core';
import { type FormEvent, useState } from 'react';
import { errorParts, parseApiError, toastError, translateValidation } from '../../lib/errors';
import { ColorChip } from '../../ui/color-chip';
import { FormField, ToggleField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { createTag, updateTag } from './tags-api';

type Errors = Partial<Record<'name' | 'color', string>>;

/** A few ready colours; any other is one click away in the colour picker. */
const SUGGESTED = [
  DEFAULT_TAG_COLOR,
  '#2ECC71',
  '#3498DB',
  '#E67E22',
  '#E74C3C',
  '#9B59B6',
  '#F1C40F',
  '#1ABC9C',
  '#34495E',
  '#EC407A',
];

/** Add/edit a tag (spec 2 §3, §5): name required, at least 3 characters; colour; kanban 0/1. */
export function TagDialog({
  tag,
  onClose,
  onSaved,
}: {
  tag: TagDto | null;
  onClose: () => void;
  onSaved: (t: TagDto) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? DEFAULT_TAG_COLOR);
  const [kanban, setKanban] = useState<0 | 1>(tag?.kanban ?? 0);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateTag.safeParse({ name, color, kanban });
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
    const input = { name: parsed.data.name, color: parsed.data.color ?? color, kanban: parsed.data.kanban ?? kanban };
    try {
      const saved = tag ? await updateTag(tag.id, input) : await createTag(input);
      toast.success(t`Tag salva com sucesso`);
      onSaved(saved);
    } catch (err) {
      if (errorParts(err).code === 'ERR_NAME_EXISTS') setErrors({ name: parseApiError(err) });
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={tag ? <Trans>Editar tag</Trans> : <Trans>Adicionar tag</Trans>}
      testId="tag-dialog"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="tag-name-error">
          <input
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            maxLength={60}
            autoFocus
            data-testid="tag-name"
          />
        </FormField>
        <FormField label={<Trans>Cor</Trans>} error={errors.color}>
          <div className="flex flex-wrap items-center gap-2">
            {SUGGESTED.map((c) => (
              <button
                key={c}
                type="button"
                className={`size-7 rounded-full ring-offset-2 ring-offset-base-100 transition hover:scale-110 ${c.toUpperCase() === color.toUpperCase() ? 'ring-2 ring-base-content' : ''}`}
                style={{ backgroundColor: c }}
                onClick={() => setColor(c)}
                aria-label={c}
                title={c}
                data-testid="tag-color-swatch"
              />
            ))}
            <label className="btn btn-ghost btn-sm gap-2" title={t`Outra cor`}>
              <input
                type="color"
                className="size-6 cursor-pointer rounded border-0 bg-transparent p-0"
                value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
                onChange={(e) => setColor(e.target.value.toUpperCase())}
                data-testid="tag-color"
              />
              <Trans>Outra cor</Trans>
            </label>
          </div>
        </FormField>
        <ToggleField
          label={<Trans>Exibir no Kanban</Trans>}
          description={<Trans>A tag vira uma coluna do quadro Kanban.</Trans>}
          checked={kanban === 1}
          onChange={(on) => setKanban(on ? 1 : 0)}
          testId="tag-kanban"
        />
        <div className="flex items-center gap-2 text-sm text-base-content/70">
          <Trans>Pré-visualização:</Trans>
          <ColorChip color={color}>{name.trim() || t`Nome da tag`}</ColorChip>
        </div>
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="tag-save">
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Salvar</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
