import { Trans } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import type { RouteParams } from '../lib/route-types';
import { useCapabilities, useSessionUser } from '../modules/auth/use-capabilities';
import { TicketChat } from '../modules/messages/ticket-chat';
import { TicketDialogs } from '../modules/tickets/ticket-dialogs';
import { TicketManager } from '../modules/tickets/ticket-manager';
import { fetchAllUsers, fetchCategories, fetchQueues, fetchTags, fetchWhatsapps } from '../modules/tickets/tickets-api';
import { useRemote } from '../modules/tickets/use-remote';
import { useTicketShortcuts } from '../modules/tickets/use-ticket-shortcuts';
import { useTicketUuidRedirect } from '../modules/tickets/use-ticket-uuid';
import { IconChat } from '../ui/icons';

/** /tickets and /tickets/{ticketId} (spec 1 §2): the ticket manager and the chat, side by side on wide screens. */
export default function TicketsPage({ params }: { params: RouteParams }) {
  const me = useSessionUser();
  const caps = useCapabilities();
  useTicketUuidRedirect(params.ticketId);
  const id = Number(params.ticketId);
  const ticketId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const [current, setCurrent] = useState<TicketDto | null>(null);
  const onTicket = useCallback((t: TicketDto | null) => setCurrent(t), []);

  const queues = useRemote(fetchQueues, []);
  const users = useRemote(fetchAllUsers, []);
  const tags = useRemote(fetchTags, []);
  const categories = useRemote(fetchCategories, []);
  const whatsapps = useRemote(fetchWhatsapps, [], !!caps?.['ticket-options:transferWhatsapp']);

  useTicketShortcuts(ticketId ? current : null);

  const firstName = me?.name.split(' ')[0] ?? '';
  return (
    <div className="flex h-full min-h-0 gap-3" data-testid="tickets-page">
      <div
        className={`${ticketId ? 'hidden md:flex' : 'flex'} h-full min-h-0 w-full flex-col md:w-[22rem] md:shrink-0 lg:w-96`}
      >
        <p className="mb-2 px-1 text-sm text-base-content/70 md:hidden" data-testid="tickets-welcome-narrow">
          <Trans>Olá, {firstName}! Escolha uma conversa para começar.</Trans>
        </p>
        <div className="min-h-0 flex-1">
          <TicketManager selectedId={ticketId} queues={queues} users={users} tags={tags} categories={categories} />
        </div>
      </div>
      <section
        className={`${ticketId ? 'flex' : 'hidden md:flex'} h-full min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm`}
        data-testid="chat-pane"
      >
        {ticketId ? (
          <TicketChat ticketId={ticketId} onTicket={onTicket} />
        ) : (
          <div
            className="flex h-full flex-col items-center justify-center gap-3 bg-base-200/40 p-8 text-center"
            data-testid="tickets-welcome"
          >
            <div className="flex size-20 items-center justify-center rounded-full bg-primary/10 text-primary">
              <IconChat size={36} />
            </div>
            <h2 className="text-xl font-semibold">
              <Trans>Olá, {firstName}!</Trans>
            </h2>
            <p className="max-w-sm text-sm text-base-content/70">
              <Trans>
                Selecione um ticket para ver a conversa. Atalhos: Alt+N novo ticket, Alt+A abertos, Alt+S aguardando.
              </Trans>
            </p>
          </div>
        )}
      </section>
      <TicketDialogs queues={queues} users={users} whatsapps={whatsapps} />
    </div>
  );
}
