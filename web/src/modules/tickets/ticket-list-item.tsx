import { Trans, useLingui } from '@lingui/react/macro';
import { allowedMoves, type MachineActor, type TicketDto } from '@zapdesk/core';
import { memo } from 'react';
import { Link } from 'wouter';
import { IconArrowRight, IconCircleCheck } from '../../ui/icons';
import { cut, listTime, PREVIEW_CHARS, TOOLTIP_CHARS } from './format';
import { TicketAvatar } from './ticket-avatar';

export const TICKET_ROW_HEIGHT = 84;

export type TicketItemActions = {
  onAccept: (t: TicketDto) => void;
  onResolve: (t: TicketDto) => void;
  /** the current user for core's allowedMoves (accept; resolve of a pending ticket: admins only, spec 1 §6) */
  actor: MachineActor | null;
  /** spec 1 §6: an admin or the ticket's owner gets a 'go to ticket' button */
  isAdmin: boolean;
  currentUserId: number;
  showUser: boolean;
};

/** One row of the ticket list (fixed height: the list is windowed). */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  actions,
  now,
}: {
  ticket: TicketDto;
  selected: boolean;
  actions: TicketItemActions;
  now: Date;
}) {
  const { t, i18n } = useLingui();
  const unread = ticket.unreadMessages > 0;
  const owner = ticket.userId === actions.currentUserId;
  const pending = ticket.status === 'pending';
  const moves = actions.actor ? allowedMoves(ticket, actions.actor) : null;
  const goTo = (actions.isAdmin || owner) && !pending;
  return (
    <div
      className={`group relative flex h-full cursor-pointer items-stretch gap-3 border-b border-base-200 px-3 py-2 transition-colors ${
        selected ? 'bg-primary/10' : 'hover:bg-base-200/60'
      }`}
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      {selected ? <span className="absolute inset-y-0 left-0 w-1 rounded-r bg-primary" aria-hidden="true" /> : null}
      <Link
        href={`/tickets/${ticket.id}`}
        className="absolute inset-0 z-0"
        aria-label={t`Abrir ticket de ${ticket.contact.name}`}
        data-testid="ticket-item-link"
      />
      <div className="pointer-events-none relative z-10 flex items-center">
        <TicketAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} id={ticket.contactId} />
      </div>
      <div className="pointer-events-none relative z-10 flex min-w-0 flex-1 flex-col justify-center gap-0.5">
        <div className="flex items-baseline gap-2">
          <span className={`truncate text-sm ${unread ? 'font-bold' : 'font-semibold'}`} data-testid="ticket-item-name">
            {ticket.contact.name}
          </span>
          <span className="ml-auto shrink-0 text-[11px] text-base-content/60">
            {listTime(ticket.updatedAt, now, i18n.locale)}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <span
            className={`truncate text-xs ${unread ? 'font-medium text-base-content' : 'text-base-content/65'}`}
            title={cut(ticket.lastMessage, TOOLTIP_CHARS)}
          >
            {ticket.lastMessage ? cut(ticket.lastMessage, PREVIEW_CHARS) : <Trans>Sem mensagens</Trans>}
          </span>
          {unread ? (
            <span className="badge badge-accent badge-sm ml-auto shrink-0 font-bold" data-testid="ticket-item-unread">
              {ticket.unreadMessages}
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-[11px] text-base-content/60">
          <span className="shrink-0 font-mono">#{ticket.protocol}</span>
          {ticket.queue ? (
            <span className="flex min-w-0 items-center gap-1">
              <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: ticket.queue.color }} />
              <span className="truncate">{ticket.queue.name}</span>
            </span>
          ) : (
            <span className="italic">
              <Trans>Sem fila</Trans>
            </span>
          )}
          {actions.showUser && ticket.user ? <span className="truncate">· {ticket.user.name}</span> : null}
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 flex-col items-end justify-center gap-1">
        {pending && moves?.accept ? (
          <button
            type="button"
            className="btn btn-primary btn-xs"
            onClick={() => actions.onAccept(ticket)}
            data-testid="ticket-item-accept"
          >
            <Trans>Aceitar</Trans>
          </button>
        ) : null}
        {pending && moves?.resolve ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs text-success"
            onClick={() => actions.onResolve(ticket)}
            title={t`Resolver`}
            aria-label={t`Resolver`}
            data-testid="ticket-item-resolve"
          >
            <IconCircleCheck size={16} />
          </button>
        ) : null}
        {goTo ? (
          <Link
            href={`/tickets/${ticket.id}`}
            className="btn btn-ghost btn-xs btn-square opacity-60 group-hover:opacity-100"
            title={t`Ir para o ticket`}
            aria-label={t`Ir para o ticket`}
            data-testid="ticket-item-goto"
          >
            <IconArrowRight size={16} />
          </Link>
        ) : null}
      </div>
    </div>
  );
});
