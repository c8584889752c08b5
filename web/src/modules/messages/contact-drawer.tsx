import { Trans, useLingui } from '@lingui/react/macro';
import { type ContactDto, events } from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { parseApiError, toastError, translateValidation } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { FormField } from '../../ui/form-field';
import { IconMail, IconPencil, IconPhone, IconPlus, IconTrash, IconX } from '../../ui/icons';
import { ModalActions } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { ContactSchedules } from '../schedules/contact-schedules';
import { TicketAvatar } from '../tickets/ticket-avatar';
import { fetchContact, updateContact } from '../tickets/tickets-api';

type Extra = { id?: number; name: string; value: string };

/**
 * The contact side drawer (spec 1 §2): avatar, name, phone and e-mail links, edit, extra information, add schedule
 * and the pending schedules (edit, copy, delete).
 */
export function ContactDrawer({
  contactId,
  companyId,
  onClose,
}: {
  contactId: number;
  companyId: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<{ name: string; number: string; email: string; extraInfo: Extra[] }>({
    name: '',
    number: '',
    email: '',
    extraInfo: [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchContact(contactId).then(
      (c) => alive && setContact(c),
      (err) => {
        toastError(err);
        onClose();
      },
    );
    return () => {
      alive = false;
    };
  }, [contactId, onClose]);

  // Escape leaves the edit form first, then closes the drawer (issue 12 §10)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // a dialog opened from the drawer (a schedule, a delete confirmation) takes its own Escape
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      if (editing) setEditing(false);
      else onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editing, onClose]);

  useSseChannel(events.contact.of(companyId), (e) => {
    if (e.action === 'update' && e.contact?.id === contactId) setContact(e.contact);
  });

  const startEdit = () => {
    if (!contact) return;
    setForm({
      name: contact.name,
      number: contact.number,
      email: contact.email ?? '',
      extraInfo: contact.extraInfo.map((x) => ({ ...x })),
    });
    setErrors({});
    setEditing(true);
  };

  const save = async () => {
    if (!contact) return;
    setBusy(true);
    try {
      const saved = await updateContact(contact.id, {
        name: form.name,
        number: form.number,
        email: form.email,
        extraInfo: form.extraInfo.filter((x) => x.name.trim()),
      });
      setContact(saved);
      setEditing(false);
      toast.success(t`Salvo com sucesso`);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields)
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateValidation(v) ?? v])));
      else setErrors({ form: parseApiError(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex justify-end" data-testid="contact-drawer">
      <button type="button" className="absolute inset-0 bg-black/30" aria-label={t`Fechar`} onClick={onClose} />
      <aside
        className="relative flex h-full w-full max-w-sm flex-col overflow-y-auto bg-base-100 shadow-2xl"
        role="dialog"
        aria-modal="true"
        aria-label={t`Dados do contato`}
      >
        <div className="flex items-center justify-between border-b border-base-300 px-4 py-3">
          <h2 className="font-semibold">
            <Trans>Dados do contato</Trans>
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t`Fechar`}>
            <IconX size={18} />
          </button>
        </div>
        {!contact ? (
          <div className="flex flex-1 items-center justify-center">
            <span className="loading loading-spinner text-primary" />
          </div>
        ) : editing ? (
          <div className="flex flex-col gap-1 p-4" data-testid="contact-edit">
            {errors.form ? <div className="alert alert-error alert-soft text-sm">{errors.form}</div> : null}
            <FormField label={<Trans>Nome</Trans>} error={errors.name}>
              <input
                className="input w-full"
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
                data-testid="contact-edit-name"
              />
            </FormField>
            <FormField label={<Trans>Número</Trans>} error={errors.number}>
              <input
                className="input w-full"
                value={form.number}
                onChange={(e) => setForm({ ...form, number: e.target.value })}
              />
            </FormField>
            <FormField label={<Trans>E-mail</Trans>} error={errors.email}>
              <input
                className="input w-full"
                type="email"
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </FormField>
            <p className="mt-2 text-sm font-semibold">
              <Trans>Informações adicionais</Trans>
            </p>
            {form.extraInfo.map((x, i) => (
              <div key={i} className="flex items-center gap-1">
                <input
                  className="input input-sm w-2/5"
                  value={x.name}
                  placeholder={t`Nome`}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      extraInfo: form.extraInfo.map((y, j) => (j === i ? { ...y, name: e.target.value } : y)),
                    })
                  }
                />
                <input
                  className="input input-sm flex-1"
                  value={x.value}
                  placeholder={t`Valor`}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      extraInfo: form.extraInfo.map((y, j) => (j === i ? { ...y, value: e.target.value } : y)),
                    })
                  }
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square text-error"
                  onClick={() => setForm({ ...form, extraInfo: form.extraInfo.filter((_, j) => j !== i) })}
                  aria-label={t`Remover`}
                >
                  <IconTrash size={14} />
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm self-start"
              onClick={() => setForm({ ...form, extraInfo: [...form.extraInfo, { name: '', value: '' }] })}
            >
              <IconPlus size={14} />
              <Trans>Adicionar informação</Trans>
            </button>
            <div className="mt-3 flex justify-end gap-2">
              <ModalActions
                onCancel={() => setEditing(false)}
                cancelDisabled={busy}
                onConfirm={save}
                confirmLabel={<Trans>Salvar</Trans>}
                confirmTestId="contact-edit-save"
                busy={busy}
              />
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 p-5">
            <TicketAvatar name={contact.name} url={contact.profilePicUrl} id={contact.id} size={96} />
            <p className="text-center text-lg font-semibold" data-testid="contact-drawer-name">
              {contact.name}
            </p>
            <div className="flex w-full flex-col gap-1 text-sm">
              <a
                href={`tel:+${contact.number}`}
                className="flex items-center gap-2 rounded-box px-3 py-2 hover:bg-base-200"
              >
                <IconPhone size={16} className="opacity-60" />
                <span className="font-mono">{contact.number}</span>
              </a>
              {contact.email ? (
                <a
                  href={`mailto:${contact.email}`}
                  className="flex items-center gap-2 rounded-box px-3 py-2 hover:bg-base-200"
                >
                  <IconMail size={16} className="opacity-60" />
                  <span className="truncate">{contact.email}</span>
                </a>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-outline btn-sm w-full"
              onClick={startEdit}
              data-testid="contact-edit-button"
            >
              <IconPencil size={14} />
              <Trans>Editar contato</Trans>
            </button>
            {contact.categoryContacts.length ? (
              <div className="flex w-full flex-wrap gap-1">
                {contact.categoryContacts.map((c) => (
                  <span
                    key={c.id}
                    className="badge badge-sm"
                    style={c.color ? { backgroundColor: c.color, color: '#fff', borderColor: c.color } : undefined}
                  >
                    {c.name}
                  </span>
                ))}
              </div>
            ) : null}
            <div className="w-full">
              <p className="mb-1 text-sm font-semibold">
                <Trans>Informações adicionais</Trans>
              </p>
              {contact.extraInfo.length ? (
                <dl className="divide-y divide-base-200 rounded-box border border-base-300 text-sm">
                  {contact.extraInfo.map((x) => (
                    <div key={x.id} className="flex gap-2 px-3 py-2">
                      <dt className="w-2/5 shrink-0 text-base-content/60">{x.name}</dt>
                      <dd className="min-w-0 break-words">{x.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-sm text-base-content/60">
                  <Trans>Nenhuma informação adicional.</Trans>
                </p>
              )}
            </div>
            <ContactSchedules contact={contact} />
          </div>
        )}
      </aside>
    </div>
  );
}
