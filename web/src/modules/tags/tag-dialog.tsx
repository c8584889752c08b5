import { Trans, useLingui } from '@lingui/react/macro';
import { CreateTag, DEFAULT_TAG_COLOR, type TagDto } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { ColorChipPreview } from '../../ui/color-picker';
import { EntityDialog, SwatchColorField, useEntityForm } from '../../ui/entity-dialog';
import { ToggleField } from '../../ui/form-field';
import { createTag, updateTag } from './tags-api';

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
  const form = useEntityForm<'color'>(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? DEFAULT_TAG_COLOR);
  const [kanban, setKanban] = useState<0 | 1>(tag?.kanban ?? 0);

  const submit = () =>
    validateAndSave({
      schema: CreateTag,
      values: { name: form.name, color, kanban },
      setErrors: form.setErrors,
      save: (data) => {
        const input = { name: data.name, color: data.color ?? color, kanban: data.kanban ?? kanban };
        return tag ? updateTag(tag.id, input) : createTag(input);
      },
      savedMessage: t`Tag salva com sucesso`,
      onSaved,
      fieldOfCode: { ERR_NAME_EXISTS: 'name' },
    });

  return (
    <EntityDialog
      form={form}
      title={tag ? <Trans>Editar tag</Trans> : <Trans>Adicionar tag</Trans>}
      testIdPrefix="tag"
      onClose={onClose}
      onSubmit={submit}
    >
      <SwatchColorField
        defaultColor={DEFAULT_TAG_COLOR}
        value={color}
        onChange={setColor}
        error={form.errors.color}
        swatchTestId="tag-color-swatch"
        pickerTestId="tag-color"
      />
      <ToggleField
        label={<Trans>Exibir no Kanban</Trans>}
        description={<Trans>A tag vira uma coluna do quadro Kanban.</Trans>}
        checked={kanban === 1}
        onChange={(on) => setKanban(on ? 1 : 0)}
        testId="tag-kanban"
      />
      <ColorChipPreview color={color} text={form.name.trim() || t`Nome da tag`} />
    </EntityDialog>
  );
}
