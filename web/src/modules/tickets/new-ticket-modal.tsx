import { Trans, useLingui } from '@lingui/react/macro';
import { type ContactDto, creationConflictOf } from '@zapdesk/core';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { errorParts, parseApiError, toastError } from '../../lib/errors';
import { ActionModal } from '../../ui/action-modal';
import { Autocomplete } from '../../ui/autocomplete';
import { FormField } from '../../ui/form-field';
import { IconPlus } from '../../ui/icons';
import { ticketToastScope, toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { openSubTabAtom } from './atoms/open-sub-tab-atom';
import { ticketTabAtom } from './atoms/ticket-tab-atom';
import { QueueField } from './ticket-fields';
import { checkContactOpen, createContact, createTicket, type QueueRef, searchContacts } from './tickets-api';

type Picked = Pick<ContactDto, 'id' | 'name'> & { number?: string };

/**
 * New-ticket modal (spec 1 §2, §4, §5): contact search from 2 characters (500 ms), 'create new contact' from 3,
 * a queue ('Selecione uma fila'; an admin may go without one and gets a persistent warning), create. An existing
 * unfinished ticket of the contact gives one of the three outcomes of spec 1 §4.
 */
export function NewTicketModal({
  queues,
  initialContact,
  onClose,
}: {
  queues: QueueRef[];
  initialContact?: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [, navigate] = useLocation();
  const setTab = useSetAtom(ticketTabAtom);
  const setSubTab = useSetAtom(openSubTabAtom);
  const [contact, setContact] = useState<Picked | null>(initialContact ?? null);
  const [creating, setCreating] = useState<{ name: string; number: string } | null>(null);
  const [queueId, setQueueId] = useState<number | null>(me?.queues.length === 1 ? me.queues[0].id : null);
  const [errors, setErrors] = useState<{ queue?: string; contact?: string; name?: string; number?: string }>({});
  const [savingContact, setSavingContact] = useState(false);
  const isAdmin = !!caps?.isAdmin;
  const queueOptions = isAdmin ? queues : (me?.queues ?? []);

  const goTo = (id: number) => {
    setTab('open');
    setSubTab('assigned');
    navigate(`/tickets/${id}`);
  };

  const saveNewContact = async () => {
    if (!creating) return;
    setSavingContact(true);
    try {
      const c = await createContact({ name: creating.name.trim(), number: creating.number.trim() });
      setContact(c);
      setCreating(null);
      setErrors({});
    } catch (err) {
      const { code } = errorParts(err);
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (code === 'ERR_VALIDATION' && fields) setErrors({ name: fields.name, number: fields.number });
      else setErrors({ number: parseApiError(err) });
    } finally {
      setSavingContact(false);
    }
  };

  const submit = async () => {
    if (!me) return;
    if (!contact) {
      setErrors({ contact: t`Selecione um contato` });
      return;
    }
    if (!queueId && !isAdmin) {
      setErrors({ queue: t`Selecione uma fila` });
      return;
    }
    try {
      const ticket = await createTicket({ contactId: contact.id, queueId, userId: me.id, status: 'open' });
      onClose();
      goTo(ticket.id);
      if (!queueId) {
        // stays until closed, but not beyond its ticket's chat (issue 12 §10)
        toast.warning(t`Ticket criado sem fila: ele só aparece para quem pode ver tickets sem fila.`, {
          persistent: true,
          scope: ticketToastScope(ticket.id, 'noQueue'),
        });
      }
    } catch (err) {
      if (errorParts(err).code === 'ERR_OTHER_OPEN_TICKET') {
        await showExisting(contact.id, err);
      } else toastError(err);
    }
  };

  /** Spec 1 §4: the same user → go there (9 s notice); another user → say who and where (30 s); pending → go there. */
  const showExisting = async (contactId: number, original: unknown) => {
    let existing = null;
    try {
      existing = await checkContactOpen(contactId);
    } catch {
      // fall back to the refusal itself
    }
    if (!existing || !me) {
      toastError(original);
      return;
    }
    const c = creationConflictOf(existing, me.id);
    onClose();
    if (c.kind === 'sameUser') {
      goTo(c.ticketId);
      toast.info(t`Você já tem um ticket aberto para este contato.`, { duration: c.autoCloseMs });
    } else if (c.kind === 'otherUser') {
      const attendant = c.attendant || t`outro atendente`;
      toast.info(
        c.sector
          ? t`Já existe um ticket aberto para este contato com ${attendant} no setor ${c.sector}.`
          : t`Já existe um ticket aberto para este contato com ${attendant}.`,
        { duration: c.autoCloseMs },
      );
    } else {
      setTab('open');
      setSubTab('pending');
      navigate(`/tickets/${c.ticketId}`);
      toast.info(t`Este contato já estava aguardando atendimento.`, { duration: 9000 });
    }
  };

  return (
    <ActionModal
      title={<Trans>Novo ticket</Trans>}
      size="md"
      testId="new-ticket-modal"
      onClose={onClose}
      onConfirm={submit}
      busy={savingContact}
      disabled={!!creating}
      confirmLabel={<Trans>Criar</Trans>}
      confirmTestId="new-ticket-submit"
    >
      <div className="flex flex-col gap-2">
        {creating ? (
          <div className="rounded-box border border-base-300 bg-base-200/40 p-3" data-testid="new-contact-form">
            <p className="mb-1 text-sm font-semibold">
              <Trans>Novo contato</Trans>
            </p>
            <FormField label={<Trans>Nome</Trans>} error={errors.name}>
              <input
                className="input w-full"
                value={creating.name}
                onChange={(e) => setCreating({ ...creating, name: e.target.value })}
                data-testid="new-contact-name"
              />
            </FormField>
            <FormField label={<Trans>Número</Trans>} error={errors.number}>
              <input
                className="input w-full"
                value={creating.number}
                inputMode="tel"
                placeholder="5511999999999"
                onChange={(e) => setCreating({ ...creating, number: e.target.value })}
                data-testid="new-contact-number"
              />
            </FormField>
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCreating(null)}>
                <Trans>Cancelar</Trans>
              </button>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={saveNewContact}
                disabled={savingContact}
                data-testid="new-contact-save"
              >
                <Trans>Salvar contato</Trans>
              </button>
            </div>
          </div>
        ) : (
          <FormField label={<Trans>Contato</Trans>} error={errors.contact}>
            <Autocomplete<Picked>
              minChars={2}
              search={searchContacts}
              getKey={(c) => c.id}
              getLabel={(c) => (c.number ? `${c.name} · ${c.number}` : c.name)}
              value={contact}
              onChange={(c) => {
                setContact(c);
                setErrors({});
              }}
              placeholder={t`Buscar contato por nome ou número`}
              onError={() => toast.warning(t`Falha na busca de contatos`)}
              extraOption={(text) =>
                text.length >= 3
                  ? {
                      label: (
                        <span className="flex items-center gap-2">
                          <IconPlus size={14} />
                          <Trans>Criar novo contato: {text}</Trans>
                        </span>
                      ),
                      onSelect: () =>
                        setCreating(
                          /^[\d\s()+-]+$/.test(text) ? { name: '', number: text } : { name: text, number: '' },
                        ),
                    }
                  : null
              }
              testId="new-ticket-contact"
              autoFocus
            />
          </FormField>
        )}
        <QueueField
          value={queueId}
          onChange={(id) => {
            setQueueId(id);
            setErrors({});
          }}
          options={queueOptions}
          error={errors.queue}
          hint={isAdmin ? <Trans>Como administrador, você pode criar sem fila.</Trans> : undefined}
          testId="new-ticket-queue"
        />
      </div>
    </ActionModal>
  );
}
