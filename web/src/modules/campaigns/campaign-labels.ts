import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CampaignStatus, DispatchFailReason, DispatchStatus } from '@zapdesk/core';

/** Spec 2 §3 campaign statuses, with core's pt-BR labels (CAMPAIGN_STATUS_LABELS) translated. */
export const CAMPAIGN_STATUS_TEXT: Record<CampaignStatus, MessageDescriptor> = {
  created: msg`Criada`,
  scheduled: msg`Agendada`,
  start: msg`Em andamento`,
  pause: msg`Pausada`,
  finalized: msg`Finalizada`,
};

/** daisyUI badge tone of each status. */
export const CAMPAIGN_STATUS_TONE: Record<CampaignStatus, string> = {
  created: 'badge-neutral',
  scheduled: 'badge-info',
  start: 'badge-primary',
  pause: 'badge-warning',
  finalized: 'badge-success',
};

/** Dispatch statuses (core DISPATCH_STATUS_LABELS). */
export const DISPATCH_STATUS_TEXT: Record<DispatchStatus, MessageDescriptor> = {
  pending: msg`Pendente`,
  claimed: msg`Enviando`,
  sent: msg`Enviado`,
  sentFail: msg`Falhou`,
  uncertain: msg`Incerto`,
  canceled: msg`Cancelado`,
};

export const DISPATCH_STATUS_TONE: Record<DispatchStatus, string> = {
  pending: 'badge-ghost',
  claimed: 'badge-info',
  sent: 'badge-success',
  sentFail: 'badge-error',
  uncertain: 'badge-warning',
  canceled: 'badge-ghost',
};

/** Why a dispatch failed (core DISPATCH_FAIL_REASONS). */
export const DISPATCH_FAIL_TEXT: Record<DispatchFailReason, MessageDescriptor> = {
  noWhatsapp: msg`O número não tem WhatsApp`,
  refused: msg`O WhatsApp recusou a mensagem`,
  media: msg`Não foi possível enviar a mídia`,
  connectionLost: msg`A conexão caiu depois da saudação; a mensagem não foi enviada`,
};

/** core UNCERTAIN_TEXT */
export const UNCERTAIN_TEXT = msg`Envio interrompido: não sabemos se a mensagem chegou. Ela não será reenviada automaticamente.`;

/** The setup's ticket status after the send. */
export const TICKET_STATUS_TEXT: Record<string, MessageDescriptor> = {
  open: msg`Aberto`,
  pending: msg`Pendente`,
  closed: msg`Fechado`,
};
