import { Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactDto, CreateCategoryContact } from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { ColorChipPreview } from '../../ui/color-picker';
import { EntityDialog, SwatchColorField, useEntityForm } from '../../ui/entity-dialog';
import { createCategory, updateCategory } from './category-contacts-api';

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
  const form = useEntityForm<'color'>(category?.name ?? '');
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);

  const submit = () =>
    validateAndSave({
      schema: CreateCategoryContact,
      values: { name: form.name, color },
      setErrors: form.setErrors,
      save: (data) => {
        const input = { name: data.name, color: data.color ?? color };
        return category ? updateCategory(category.id, input) : createCategory(input);
      },
      savedMessage: t`Salvo com sucesso`,
      onSaved,
    });

  return (
    <EntityDialog
      form={form}
      title={category ? <Trans>Editar categoria</Trans> : <Trans>Adicionar categoria</Trans>}
      testIdPrefix="category"
      onClose={onClose}
      onSubmit={submit}
    >
      <SwatchColorField
        defaultColor={DEFAULT_CATEGORY_COLOR}
        value={color}
        onChange={setColor}
        error={form.errors.color}
        pickerTestId="category-color"
      />
      <ColorChipPreview color={color} text={form.name.trim() || t`Nome da categoria`} />
    </EntityDialog>
  );
}
