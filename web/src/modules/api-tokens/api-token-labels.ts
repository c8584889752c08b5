import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketCreateOrUpdate, TicketSetStatus } from '@zapdesk/core';

/** Ticket status after the send (spec 2 §4), in the app's ticket words. */
export const TICKET_SET_STATUS_LABELS: Record<TicketSetStatus, MessageDescriptor> = {
  open: msg`Aberto`,
  pending: msg`Pendente`,
  closed: msg`Fechado`,
  destroy: msg`Excluir ticket`,
};

/** Ticket creation mode (spec 2 §4). */
export const TICKET_CREATE_OR_UPDATE_LABELS: Record<TicketCreateOrUpdate, MessageDescriptor> = {
  create: msg`Criar um novo ticket a cada envio`,
  update: msg`Atualizar o ticket aberto ou pendente do contato`,
};
