import { useDraggable } from '@dnd-kit/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { memo } from 'react';
import { Link } from 'wouter';
import { ColorChip } from '../../ui/color-chip';
import { IconClock, IconUser } from '../../ui/icons';
import { cut, PREVIEW_CHARS, TOOLTIP_CHARS } from '../tickets/format';
import { TicketAvatar } from '../tickets/ticket-avatar';
import { ticketAge } from './kanban-format';

/** Cards are fixed-height rows of a virtualised lane: the card plus the gap under it. */
export const KANBAN_ROW_HEIGHT = 116;

function Age({ iso, now }: { iso: string; now: Date }) {
  const { i18n } = useLingui();
  const a = ticketAge(iso, now);
  const title = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <span className="flex shrink-0 items-center gap-1 text-[11px] text-base-content/60" title={title}>
      <IconClock size={11} />
      {a.unit === 'now' ? <Trans>agora</Trans> : `${a.value} ${a.unit}`}
    </span>
  );
}

/** What a card shows (spec: contact, last message, queue, attendant, age); the contact's name opens /tickets/{uuid}. */
export function KanbanCardBody({ ticket, now, overlay }: { ticket: TicketDto; now: Date; overlay?: boolean }) {
  const { t } = useLingui();
  return (
    <div
      className={`flex h-[108px] flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-2.5 text-left ${
        overlay ? 'rotate-1 shadow-xl ring-2 ring-primary' : 'shadow-sm transition-shadow hover:shadow-md'
      }`}
    >
      <div className="flex items-center gap-2">
        <TicketAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} id={ticket.contactId} size={28} />
        <Link
          href={`/tickets/${ticket.uuid}`}
          className="link-hover min-w-0 flex-1 truncate text-sm font-semibold"
          title={t`Abrir ticket de ${ticket.contact.name}`}
          data-testid="kanban-card-link"
        >
          {ticket.contact.name}
        </Link>
        <Age iso={ticket.createdAt} now={now} />
      </div>
      <p
        className="line-clamp-2 min-h-[2lh] text-xs leading-snug text-base-content/70"
        title={cut(ticket.lastMessage, TOOLTIP_CHARS)}
      >
        {ticket.lastMessage ? cut(ticket.lastMessage, PREVIEW_CHARS * 2) : <Trans>Sem mensagens</Trans>}
      </p>
      <div className="mt-auto flex min-w-0 items-center gap-2">
        {ticket.queue ? (
          <ColorChip color={ticket.queue.color} size="sm">
            <span className="truncate">{ticket.queue.name}</span>
          </ColorChip>
        ) : (
          <span className="badge badge-ghost badge-sm">
            <Trans>Sem fila</Trans>
          </span>
        )}
        <span className="ml-auto flex min-w-0 items-center gap-1 text-[11px] text-base-content/60">
          <IconUser size={11} />
          <span className="truncate">{ticket.user ? ticket.user.name : <Trans>Sem atendente</Trans>}</span>
        </span>
      </div>
    </div>
  );
}

/** A card of a lane: draggable by pointer (after 5 px) or keyboard (focus, Space, arrows, Space). */
export const KanbanCard = memo(function KanbanCard({
  ticket,
  lane,
  now,
}: {
  ticket: TicketDto;
  lane: string;
  now: Date;
}) {
  const { t } = useLingui();
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `${lane}:${ticket.id}`,
    data: { lane, ticketId: ticket.id },
  });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      aria-label={t`Ticket de ${ticket.contact.name}`}
      className={`cursor-grab rounded-box outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary ${
        isDragging ? 'opacity-40' : ''
      }`}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
      data-contact={ticket.contact.name}
    >
      <KanbanCardBody ticket={ticket} now={now} />
    </div>
  );
});
