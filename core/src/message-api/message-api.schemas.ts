import { z } from 'zod';
import { TICKET_SET_STATUSES } from '../api-tokens/api-token.schemas';

/**
 * The outbound message API (spec 2 §7 "Outbound message API"), for servers: `Authorization: Bearer <token>`.
 * These schemas validate the routes AND are the source of the OpenAPI document (docs helper): every field carries a
 * description and an example through zod 4's `.meta()`. Transformations (number normalisation) happen in the
 * service, so the schemas' input side is what a caller sends.
 */
/** Several files, and WhatsApp refused one after others went out: the answer says how many went (never "not sent"). */
export const partialSendText = (sent: number, total: number) =>
  `O WhatsApp recusou um arquivo: ${sent} de ${total} foram enviados, os demais NÃO. Não repita o envio inteiro.`;

export const MESSAGE_API_TEXTS = {
  numberRequired: 'Informe o número do contato.',
  numberInvalid: 'Número inválido: informe de 8 a 15 dígitos com DDI e DDD, ex.: 5511987654321.',
  nameTooLong: 'Nome do contato muito longo (máximo 100 caracteres).',
  bodyRequired: 'Informe o texto da mensagem.',
  bodyTooLong: 'Mensagem muito longa (máximo 65.536 caracteres).',
  mediasRequired: 'Envie ao menos um arquivo em medias.',
  tooManyMedias: 'Envie no máximo 10 arquivos por chamada.',
  invalidForm: 'Formulário inválido.',
  malformedJson: 'Corpo JSON inválido.',
  unsupportedContentType: 'Use Content-Type application/json ou multipart/form-data.',
  tokenMissing: 'Informe o token no cabeçalho Authorization: Bearer <token>.',
  tokenInvalid: 'Token inválido ou revogado.',
  apiDisabled: 'A API não está habilitada no plano da empresa.',
  companyInactive: 'Empresa desativada.',
  connectionUnavailable: 'A conexão do token não está conectada ao WhatsApp. Tente novamente mais tarde.',
  defaultConnection: 'A conexão deste token é a conexão padrão e não pode ser usada para enviar pela API.',
  sendFailed: 'O WhatsApp não aceitou a mensagem; ela NÃO foi enviada.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida: de 1 a 255 caracteres visíveis.',
  idempotencyConflict: 'Esta Idempotency-Key já foi usada com outro conteúdo nas últimas 24 horas.',
  idempotencyInProgress: 'Uma chamada com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
  tooManyRequests: 'Limite de chamadas por minuto deste token atingido. Aguarde e tente novamente.',
} as const;

/** At most this many files in one media call. */
export const MESSAGE_API_MAX_MEDIAS = 10;
export const MESSAGE_API_BODY_MAX = 65_536;

/** Digits once `+`, spaces, dashes and parentheses are dropped: 8 to 15 (E.164). */
const digitsOf = (s: string) => s.replace(/[\s()+.-]/g, '');
const contactNumber = z
  .string({ error: MESSAGE_API_TEXTS.numberRequired })
  .trim()
  .min(1, MESSAGE_API_TEXTS.numberRequired)
  .max(30, MESSAGE_API_TEXTS.numberInvalid)
  .refine((s) => /^\d{8,15}$/.test(digitsOf(s)), MESSAGE_API_TEXTS.numberInvalid);

const contactName = z.string({ error: MESSAGE_API_TEXTS.nameTooLong }).trim().max(100, MESSAGE_API_TEXTS.nameTooLong);

const textBody = z
  .string({ error: MESSAGE_API_TEXTS.bodyRequired })
  .max(MESSAGE_API_BODY_MAX, MESSAGE_API_TEXTS.bodyTooLong)
  .refine((s) => s.trim().length > 0, MESSAGE_API_TEXTS.bodyRequired);

const caption = z
  .string({ error: MESSAGE_API_TEXTS.bodyTooLong })
  .max(MESSAGE_API_BODY_MAX, MESSAGE_API_TEXTS.bodyTooLong);

const NUMBER_META = {
  description: 'Número do contato com DDI e DDD (só dígitos; +, espaços e traços são ignorados)',
  example: '5511987654321',
};
const NAME_META = {
  description: 'Nome do contato, usado se ele ainda não existir (padrão: o número)',
  example: 'Maria Souza',
};
const MEDIAS_META = {
  description:
    'Um ou mais arquivos (png, jpg, pdf, mp4, mp3, ogg; imagem e áudio até 16 MB, vídeo 64 MB, documento 100 MB)',
};

/** A file field: one or more parts named `medias`. */
const medias = z
  .array(z.file({ error: MESSAGE_API_TEXTS.mediasRequired }), { error: MESSAGE_API_TEXTS.mediasRequired })
  .min(1, MESSAGE_API_TEXTS.mediasRequired)
  .max(MESSAGE_API_MAX_MEDIAS, MESSAGE_API_TEXTS.tooManyMedias);

/** POST /api/messages/send/text (application/json). */
export const SendTextApiBody = z
  .object({
    contactNumber: contactNumber.meta(NUMBER_META),
    contactName: contactName.optional().meta(NAME_META),
    body: textBody.meta({ description: 'Texto da mensagem', example: 'Olá! Seu boleto vence amanhã.' }),
  })
  .meta({ description: 'Envio de texto' });
export type SendTextApiBody = z.output<typeof SendTextApiBody>;

/** POST /api/messages/send/media (multipart/form-data): one or more `medias` parts. */
export const SendMediaApiForm = z
  .object({
    contactNumber: contactNumber.meta(NUMBER_META),
    contactName: contactName.optional().meta(NAME_META),
    body: caption
      .optional()
      .meta({ description: 'Legenda (opcional, vai com o primeiro arquivo)', example: 'Seu pedido' }),
    medias: medias.meta(MEDIAS_META),
  })
  .meta({ description: 'Envio de mídia (multipart/form-data)' });
export type SendMediaApiForm = z.output<typeof SendMediaApiForm>;

/** Legacy POST /api/messages/send, JSON: `{ number, body }`. */
export const LegacySendJsonBody = z
  .object({
    number: contactNumber.meta(NUMBER_META),
    body: textBody.meta({ description: 'Texto da mensagem', example: 'Olá!' }),
  })
  .meta({ description: 'Envio de texto (formato antigo)' });
export type LegacySendJsonBody = z.output<typeof LegacySendJsonBody>;

/** Legacy POST /api/messages/send, multipart: `number`, `medias`, `body`. */
export const LegacySendForm = z
  .object({
    number: contactNumber.meta(NUMBER_META),
    body: caption.optional().meta({ description: 'Legenda (opcional)', example: 'Segue o arquivo' }),
    medias: medias.meta(MEDIAS_META),
  })
  .meta({ description: 'Envio de mídia (formato antigo, multipart/form-data)' });
export type LegacySendForm = z.output<typeof LegacySendForm>;

/** The optional `Idempotency-Key` header: 1 to 255 visible ASCII characters. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, MESSAGE_API_TEXTS.idempotencyKeyInvalid)
  .meta({
    description:
      'Opcional. A mesma chave com o mesmo conteúdo, dentro de 24 horas, devolve a primeira resposta sem enviar de novo.',
    example: 'pedido-4711-lembrete',
  });

/** 200: the message was accepted by WhatsApp (never answered before that). */
export const SendMessageApiAnswer = z
  .object({
    ticketUrl: z.string().meta({
      description: 'Endereço do ticket no painel',
      example: 'http://localhost:3000/tickets/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    }),
    ticketProtocol: z.string().meta({ description: 'Protocolo do ticket', example: '42' }),
    contactName: z.string().meta({ description: 'Nome do contato', example: 'Maria Souza' }),
    contactNumber: z.string().meta({ description: 'Número normalizado do contato', example: '5511987654321' }),
    ticketStatus: z
      .enum(TICKET_SET_STATUSES)
      .meta({ description: 'Status do ticket após o envio (destroy: o ticket foi excluído)', example: 'closed' }),
    messageId: z.string().meta({
      description: 'Id da mensagem no WhatsApp (com várias mídias, o da última)',
      example: '3EB0C767D097B7C7C030',
    }),
  })
  .meta({ description: 'Mensagem aceita pelo WhatsApp' });
export type SendMessageApiAnswer = z.output<typeof SendMessageApiAnswer>;

/** Every error: `{ error: 'ERR_…', message }` (status 400, 401, 403, 404, 409, 413, 422, 429, 500, 503). */
export const ApiErrorBody = z
  .object({
    error: z.string().meta({ description: 'Código do erro', example: 'ERR_WAPP_INVALID_CONTACT' }),
    message: z.string().meta({ description: 'Texto do erro', example: 'Este não é um número de WhatsApp válido.' }),
  })
  .meta({ description: 'Erro' });
export type ApiErrorBody = z.output<typeof ApiErrorBody>;

/** The public routes, for the docs and the route sweep. */
export const MESSAGE_API_ROUTES = {
  text: '/api/messages/send/text',
  media: '/api/messages/send/media',
  legacy: '/api/messages/send',
} as const;
