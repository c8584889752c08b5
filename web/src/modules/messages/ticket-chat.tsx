import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { events, type MessageDto, type TicketDto } from '@zapdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorParts, toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconChat } from '../../ui/icons';
import { dismissToastsOf, ticketToastScope, toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { actionsOfContactEvent } from '../tickets/live-list';
import { fetchTicket } from '../tickets/tickets-api';
import { usePermissionsFor } from '../tickets/use-ticket-actions';
import { ChatHeader } from './chat-header';
import { ContactDrawer } from './contact-drawer';
import { MessageInput } from './message-input';
import { MessageList } from './message-list';
import { deleteMessage } from './messages-api';
import { useMessages } from './use-messages';

/** Spec 1 §4, §9: a ticket without a connection warns for 15 s. */
export const NO_CONNECTION_WARNING_MS = 15_000;
/** Long enough to read why a ticket would not open (the 3 s default vanished during the redirect). */
const NO_PERMISSION_NOTICE_MS = 9_000;
const NO_PERMISSION_TEXT = msg`Você não tem permissão para abrir este ticket: ele está em uma fila que não é sua ou aguarda atendimento sem a sua permissão para pendentes.`;

/** The chat pane of /tickets/{ticketId}: header, messages, input, contact drawer. */
export function TicketChat({ ticketId, onTicket }: { ticketId: number; onTicket: (t: TicketDto | null) => void }) {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [, navigate] = useLocation();
  const [ticket, setTicket] = useState<TicketDto | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const [deleting, setDeleting] = useState<MessageDto | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const warned = useRef<number | null>(null);
  const companyId = me?.companyId ?? null;
  const perms = usePermissionsFor(ticket);

  useEffect(() => {
    let alive = true;
    setTicket(null);
    setReplyTo(null);
    setSearchInput('');
    setSearchTerm('');
    setContactOpen(false);
    fetchTicket(ticketId).then(
      (x) => alive && setTicket(x),
      (err) => {
        if (!alive) return;
        // a ticket of a queue the user is not in (or pending without that permission): say so, back to the list
        if (errorParts(err).code === 'ERR_NO_PERMISSION') {
          toast.warning(i18n._(NO_PERMISSION_TEXT), { duration: NO_PERMISSION_NOTICE_MS });
        } else toastError(err);
        navigate('/tickets', { replace: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [ticketId, navigate]);

  // the ticket's own warnings (no queue, no connection) go when its chat closes or another ticket opens
  useEffect(() => () => dismissToastsOf(ticketToastScope(ticketId)), [ticketId]);
  // …and the no-queue one as soon as the ticket has a queue
  useEffect(() => {
    if (ticket?.id === ticketId && ticket.queueId !== null) dismissToastsOf(ticketToastScope(ticketId, 'noQueue'));
  }, [ticket, ticketId]);

  useEffect(() => onTicket(ticket), [ticket, onTicket]);
  useEffect(() => () => onTicket(null), [onTicket]);

  useEffect(() => {
    if (ticket && ticket.whatsappId === null && warned.current !== ticket.id) {
      warned.current = ticket.id;
      toast.warning(t`Transfira para uma conexão para atender este ticket`, {
        duration: NO_CONNECTION_WARNING_MS,
        scope: ticketToastScope(ticket.id),
      });
    }
  }, [ticket, t]);

  useEffect(() => {
    const timer = setTimeout(() => setSearchTerm(searchInput), 500);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useSseChannel(companyId ? events.ticket.of(companyId) : null, (e) => {
    if (e.action === 'update' && e.ticket.id === ticketId) setTicket(e.ticket);
    else if (e.action === 'updateUnread' && e.ticketId === ticketId)
      setTicket((x) => (x ? { ...x, unreadMessages: 0 } : x));
    else if (e.action === 'delete' && e.ticketId === ticketId) {
      // `delete` is also what the stream sends a user who may no longer see the ticket (moved to a queue of others,
      // back to pending without that permission): ask the server which one it is
      fetchTicket(ticketId).then(
        (x) => setTicket(x),
        (err) => {
          // excluded: say so; out of this user's sight (often their own transfer): just leave, like the list did
          if (errorParts(err).code !== 'ERR_NO_PERMISSION') toast.info(t`Este ticket foi excluído.`);
          navigate('/tickets', { replace: true });
        },
      );
    }
  });

  // the contact renamed (this chat's drawer, /contacts, another attendant): the header follows, as the list does
  useSseChannel(companyId ? events.contact.of(companyId) : null, (e) => {
    if (e.action === 'reload') return;
    for (const a of actionsOfContactEvent(e)) {
      if (a.type !== 'contactUpdated') continue;
      setTicket((x) => (x && x.contactId === a.contact.id ? { ...x, contact: a.contact } : x));
    }
  });

  const msgs = useMessages({
    ticket,
    companyId,
    mode: caps?.viewMessagesByTicket ?? 0,
    currentUserId: me?.id ?? 0,
    searchTerm,
  });

  const closeContact = useCallback(() => setContactOpen(false), []);

  if (!ticket || !me || !companyId) {
    return (
      <div className="flex h-full items-center justify-center" data-testid="chat-loading">
        <span className="loading loading-spinner loading-lg text-primary" />
      </div>
    );
  }

  return (
    <div
      className="flex h-full min-h-0 flex-col"
      data-testid="ticket-chat"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <ChatHeader
        ticket={ticket}
        onBack={() => navigate('/tickets')}
        onOpenContact={() => setContactOpen(true)}
        search={searchInput}
        onSearch={setSearchInput}
      />
      <MessageList
        messages={msgs.messages}
        hasMore={msgs.hasMore}
        loading={msgs.loading}
        onLoadOlder={msgs.loadOlder}
        isGroup={ticket.isGroup}
        contactName={ticket.contact.name}
        canDelete={perms.send || caps?.isAdmin === true}
        onReply={setReplyTo}
        onDelete={setDeleting}
        empty={
          msgs.initialLoading ? (
            <div className="flex flex-1 items-center justify-center">
              <span className="loading loading-spinner text-primary" />
            </div>
          ) : (
            <EmptyState
              icon={<IconChat size={26} />}
              title={
                searchTerm.trim().length > 2 ? (
                  <Trans>Nenhuma mensagem encontrada</Trans>
                ) : (
                  <Trans>Nenhuma mensagem ainda</Trans>
                )
              }
            />
          )
        }
      />
      <MessageInput
        key={ticket.id}
        ticket={ticket}
        enabled={perms.send}
        companyId={companyId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSent={msgs.addLocal}
      />
      {contactOpen ? <ContactDrawer contactId={ticket.contactId} companyId={companyId} onClose={closeContact} /> : null}
      <ConfirmDialog
        open={!!deleting}
        title={<Trans>Apagar mensagem?</Trans>}
        onClose={() => setDeleting(null)}
        confirmLabel={<Trans>Apagar</Trans>}
        testId="delete-message-dialog"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMessage(deleting.id);
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      >
        <Trans>A mensagem será apagada para todos na conversa.</Trans>
      </ConfirmDialog>
    </div>
  );
}
