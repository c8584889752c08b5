import { Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactRef, type ContactDto, CreateContact } from '@zapdesk/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorParts, parseApiError, toastError, translateValidation } from '../../lib/errors';
import { ColorChip } from '../../ui/color-chip';
import { FormActions } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IconPlus, IconTrash } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { createContact, fetchCategoryOptions, syncContactCategories, updateContact } from './contacts-api';

type ExtraRow = { key: number; id?: number; name: string; value: string };
type FieldErrors = Partial<Record<'name' | 'number' | 'email', string>> & { extra?: Record<number, string> };

/** Refusals about the number itself are shown under the number field (and not only as a toast). */
const NUMBER_CODES = new Set([
  'ERR_DUPLICATED_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_NO_DEF_WAPP_FOUND',
]);

let rowKey = 0;
const extraRow = (r?: { id?: number; name: string; value: string }): ExtraRow => ({
  key: ++rowKey,
  id: r?.id,
  name: r?.name ?? '',
  value: r?.value ?? '',
});

/**
 * Add/edit a contact (spec 1 §2, §5): name 2–50, number 8–50, e-mail valid ('Too Short!', 'Too Long!', 'Required',
 * 'Invalid email' — core's schema, shared with the API), extra information as name/value pairs, and category tags
 * when the group allows categorising (allowCategorizeContacts). Exported for other screens (contact side drawer).
 */
export function ContactModal({
  contact,
  onClose,
  onSaved,
  initial,
}: {
  contact: ContactDto | null;
  onClose: () => void;
  onSaved: (c: ContactDto) => void;
  /** prefill for a new contact (e.g. a number typed elsewhere) */
  initial?: { name?: string; number?: string };
}) {
  const { t } = useLingui();
  const caps = useCapabilities();
  const canCategorize = !!caps?.categorizeContacts;
  const [name, setName] = useState(contact?.name ?? initial?.name ?? '');
  const [number, setNumber] = useState(contact?.number ?? initial?.number ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [extra, setExtra] = useState<ExtraRow[]>(() => (contact?.extraInfo ?? []).map(extraRow));
  const [categoryIds, setCategoryIds] = useState<number[]>(() => (contact?.categoryContacts ?? []).map((c) => c.id));
  const [categories, setCategories] = useState<CategoryContactRef[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!canCategorize) return;
    let live = true;
    fetchCategoryOptions()
      .then((list) => live && setCategories(list))
      .catch((err) => {
        if (live) setCategories([]);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [canCategorize]);

  const clear = (field: 'name' | 'number' | 'email') => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const extraInfo = extra
      .filter((r) => r.name.trim() || r.value.trim())
      .map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name, value: r.value }));
    const parsed = CreateContact.safeParse({ name, number, email, extraInfo });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        if (field === 'extraInfo' && typeof index === 'number') {
          const row = extra.filter((r) => r.name.trim() || r.value.trim())[index];
          if (row) next.extra = { ...next.extra, [row.key]: translateValidation(issue.message) ?? issue.message };
        } else if (field === 'name' || field === 'number' || field === 'email') {
          next[field] ??= translateValidation(issue.message);
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    const input = { name: name.trim(), number: number.trim(), email: email.trim(), extraInfo };
    try {
      let saved = contact ? await updateContact(contact.id, input) : await createContact(input);
      const before = (contact?.categoryContacts ?? []).map((c) => c.id).sort();
      const after = [...categoryIds].sort();
      if (canCategorize && before.join(',') !== after.join(',')) {
        saved = await syncContactCategories(saved.id, categoryIds);
      }
      toast.success(contact ? t`Salvo com sucesso` : t`Contato criado com sucesso`);
      onSaved(saved);
    } catch (err) {
      const { code } = errorParts(err);
      if (err instanceof ApiError && code === 'ERR_VALIDATION' && err.fields) {
        setErrors({
          name: translateValidation(err.fields.name),
          number: translateValidation(err.fields.number),
          email: translateValidation(err.fields.email),
        });
      } else if (code && NUMBER_CODES.has(code)) {
        setErrors({ number: parseApiError(err) });
      }
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const toggleCategory = (id: number) =>
    setCategoryIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Modal
      open
      onClose={onClose}
      title={contact ? <Trans>Editar contato</Trans> : <Trans>Adicionar contato</Trans>}
      size="lg"
      testId="contact-modal"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <section>
          <h4 className="mb-1 text-sm font-semibold text-base-content/70">
            <Trans>Dados do contato</Trans>
          </h4>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="contact-name-error">
              <input
                className={`input w-full ${errors.name ? 'input-error' : ''}`}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  clear('name');
                }}
                maxLength={60}
                autoFocus
                data-testid="contact-name"
              />
            </FormField>
            <FormField
              label={<Trans>Número</Trans>}
              error={errors.number}
              hint={<Trans>Com código do país e DDD, ex.: 5511987654321</Trans>}
              errorTestId="contact-number-error"
            >
              <input
                className={`input w-full ${errors.number ? 'input-error' : ''}`}
                value={number}
                inputMode="tel"
                placeholder="5511987654321"
                onChange={(e) => {
                  setNumber(e.target.value);
                  clear('number');
                }}
                maxLength={60}
                data-testid="contact-number"
              />
            </FormField>
            <FormField
              label={<Trans>E-mail</Trans>}
              error={errors.email}
              className="sm:col-span-2"
              errorTestId="contact-email-error"
            >
              <input
                className={`input w-full ${errors.email ? 'input-error' : ''}`}
                type="email"
                value={email}
                placeholder={t`email@exemplo.com`}
                onChange={(e) => {
                  setEmail(e.target.value);
                  clear('email');
                }}
                maxLength={260}
                data-testid="contact-email"
              />
            </FormField>
          </div>
        </section>

        {canCategorize ? (
          <section data-testid="contact-categories">
            <h4 className="mb-2 text-sm font-semibold text-base-content/70">
              <Trans>Categorias</Trans>
            </h4>
            {categories === null ? (
              <span className="loading loading-dots loading-sm" />
            ) : categories.length === 0 ? (
              <p className="text-sm text-base-content/60">
                <Trans>Nenhuma categoria cadastrada.</Trans>
              </p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {categories.map((c) => {
                  const on = categoryIds.includes(c.id);
                  return (
                    <button
                      key={c.id}
                      type="button"
                      className={`rounded-full transition ${on ? 'ring-2 ring-primary ring-offset-2 ring-offset-base-100' : 'opacity-50 hover:opacity-90'}`}
                      onClick={() => toggleCategory(c.id)}
                      aria-pressed={on}
                      data-testid="contact-category-option"
                      data-name={c.name}
                    >
                      <ColorChip color={c.color ?? '#9CA3AF'}>{c.name}</ColorChip>
                    </button>
                  );
                })}
              </div>
            )}
          </section>
        ) : null}

        <section>
          <div className="mb-1 flex items-center justify-between">
            <h4 className="text-sm font-semibold text-base-content/70">
              <Trans>Informações adicionais</Trans>
            </h4>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setExtra((rows) => [...rows, extraRow()])}
              data-testid="contact-extra-add"
            >
              <IconPlus size={16} />
              <Trans>Adicionar informação</Trans>
            </button>
          </div>
          {extra.length === 0 ? (
            <p className="text-sm text-base-content/60">
              <Trans>Nenhuma informação adicional. Use para guardar CPF, endereço, empresa…</Trans>
            </p>
          ) : (
            <div className="flex flex-col gap-2">
              {extra.map((row) => (
                <div key={row.key} className="flex flex-col gap-1" data-testid="contact-extra-row">
                  <div className="flex items-center gap-2">
                    <input
                      className="input input-sm w-2/5"
                      value={row.name}
                      placeholder={t`Nome do campo`}
                      aria-label={t`Nome do campo`}
                      maxLength={100}
                      onChange={(e) =>
                        setExtra((rows) => rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))
                      }
                      data-testid="contact-extra-name"
                    />
                    <input
                      className="input input-sm flex-1"
                      value={row.value}
                      placeholder={t`Valor`}
                      aria-label={t`Valor`}
                      maxLength={1000}
                      onChange={(e) =>
                        setExtra((rows) => rows.map((r) => (r.key === row.key ? { ...r, value: e.target.value } : r)))
                      }
                      data-testid="contact-extra-value"
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square text-error"
                      onClick={() => setExtra((rows) => rows.filter((r) => r.key !== row.key))}
                      aria-label={t`Remover`}
                      title={t`Remover`}
                    >
                      <IconTrash size={16} />
                    </button>
                  </div>
                  {errors.extra?.[row.key] ? (
                    <p className="text-xs text-error" role="alert">
                      {errors.extra[row.key]}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
          )}
        </section>

        <FormActions
          onCancel={onClose}
          saving={saving}
          saveTestId="contact-save"
          saveLabel={contact ? <Trans>Salvar</Trans> : <Trans>Adicionar</Trans>}
          className="border-t border-base-300 pt-3"
        />
      </form>
    </Modal>
  );
}
