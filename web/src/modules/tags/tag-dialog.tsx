import { Trans, useLingui } from '@lingui/react/macro';
import { CreateTag, DEFAULT_TAG_COLOR, type TagDto } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { ColorChipPreview, ColorSwatchPicker } from '../../ui/color-picker';
import { FormDialog, NameField } from '../../ui/form-dialog';
import { FormField, ToggleField } from '../../ui/form-field';
import { createTag, updateTag } from './tags-api';

type Errors = Partial<Record<'name' | 'color', string>>;

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

  const submit = () =>
    validateAndSave({
      schema: CreateTag,
      values: { name, color, kanban },
      setErrors,
      save: (data) => {
        const input = { name: data.name, color: data.color ?? color, kanban: data.kanban ?? kanban };
        return tag ? updateTag(tag.id, input) : createTag(input);
      },
      savedMessage: t`Tag salva com sucesso`,
      onSaved,
      fieldOfCode: { ERR_NAME_EXISTS: 'name' },
    });

  return (
    <FormDialog
      title={tag ? <Trans>Editar tag</Trans> : <Trans>Adicionar tag</Trans>}
      testId="tag-dialog"
      saveTestId="tag-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <NameField
        value={name}
        onChange={(v) => {
          setName(v);
          setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={errors.name}
        testId="tag-name"
        errorTestId="tag-name-error"
      />
      <FormField label={<Trans>Cor</Trans>} error={errors.color}>
        <ColorSwatchPicker
          defaultColor={DEFAULT_TAG_COLOR}
          value={color}
          onChange={setColor}
          swatchTestId="tag-color-swatch"
          pickerTestId="tag-color"
        />
      </FormField>
      <ToggleField
        label={<Trans>Exibir no Kanban</Trans>}
        description={<Trans>A tag vira uma coluna do quadro Kanban.</Trans>}
        checked={kanban === 1}
        onChange={(on) => setKanban(on ? 1 : 0)}
        testId="tag-kanban"
      />
      <ColorChipPreview color={color} text={name.trim() || t`Nome da tag`} />
    </FormDialog>
  );
}
