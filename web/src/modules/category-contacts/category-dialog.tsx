import { Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactDto, CreateCategoryContact } from '@zapdesk/core';
import { type FormEvent, useState } from 'react';
import { toastError, translateValidation } from '../../lib/errors';
import { ColorChip } from '../../ui/color-chip';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { createCategory, updateCategory } from './category-contacts-api';

type Errors = Partial<Record<'name' | 'color', string>>;

export const DEFAULT_CATEGORY_COLOR = '#5C6BC0';
const SUGGESTED = [
  DEFAULT_CATEGORY_COLOR,
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
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateCategoryContact.safeParse({ name, color });
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
      const input = { name: parsed.data.name, color: parsed.data.color ?? color };
      const saved = category ? await updateCategory(category.id, input) : await createCategory(input);
      toast.success(t`Salvo com sucesso`);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={category ? <Trans>Editar categoria</Trans> : <Trans>Adicionar categoria</Trans>}
      testId="category-dialog"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="category-name-error">
          <input
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            maxLength={60}
            autoFocus
            data-testid="category-name"
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
              />
            ))}
            <label className="btn btn-ghost btn-sm gap-2" title={t`Outra cor`}>
              <input
                type="color"
                className="size-6 cursor-pointer rounded border-0 bg-transparent p-0"
                value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
                onChange={(e) => setColor(e.target.value.toUpperCase())}
                data-testid="category-color"
              />
              <Trans>Outra cor</Trans>
            </label>
          </div>
        </FormField>
        <div className="flex items-center gap-2 text-sm text-base-content/70">
          <Trans>Pré-visualização:</Trans>
          <ColorChip color={color}>{name.trim() || t`Nome da categoria`}</ColorChip>
        </div>
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="category-save">
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Salvar</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
