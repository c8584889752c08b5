import { Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactDto, CreateCategoryContact } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { ColorChipPreview, ColorSwatchPicker } from '../../ui/color-picker';
import { FormDialog, NameField } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { createCategory, updateCategory } from './category-contacts-api';

type Errors = Partial<Record<'name' | 'color', string>>;

export const DEFAULT_CATEGORY_COLOR = '#5C6BC0';

/** Add/edit a contact category (spec 2 §5): name required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'). */
export function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: CategoryContactDto | null;
  onClose: () => void;
  onSaved: (c: CategoryContactDto) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(category?.name ?? '');
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);
  const [errors, setErrors] = useState<Errors>({});

  const submit = () =>
    validateAndSave({
      schema: CreateCategoryContact,
      values: { name, color },
      setErrors,
      save: (data) => {
        const input = { name: data.name, color: data.color ?? color };
        return category ? updateCategory(category.id, input) : createCategory(input);
      },
      savedMessage: t`Salvo com sucesso`,
      onSaved,
    });

  return (
    <FormDialog
      title={category ? <Trans>Editar categoria</Trans> : <Trans>Adicionar categoria</Trans>}
      testId="category-dialog"
      saveTestId="category-save"
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
        testId="category-name"
        errorTestId="category-name-error"
      />
      <FormField label={<Trans>Cor</Trans>} error={errors.color}>
        <ColorSwatchPicker
          defaultColor={DEFAULT_CATEGORY_COLOR}
          value={color}
          onChange={setColor}
          pickerTestId="category-color"
        />
      </FormField>
      <ColorChipPreview color={color} text={name.trim() || t`Nome da categoria`} />
    </FormDialog>
  );
}
