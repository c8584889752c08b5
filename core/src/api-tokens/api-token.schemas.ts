import { z } from 'zod';
import { ID_MAX } from '../ids/ids';

/**
 * API message tokens (spec 2 §2 /apisendmessage, §3 ApiSendMessageToken, §4, §5, §7 "API message tokens").
 *
 * The spec's entity says "id (the token itself)"; we do NOT put the secret in URLs (access logs, browser history,
 * proxies): every route addresses a token by its numeric `id`, the secret is shown once in the POST answer and then
 * only masked (`zd_live_…a1b2`) or through the admin-only `GET /ApiSendMessageToken/{id}/reveal` (docs/DECISIONS.md
 * "Message API").
 */
export const API_TOKEN_TEXTS = {
  nameRequired: 'Obrigatório',
  nameTooLong: 'Nome muito longo (máximo 100 caracteres).',
  /** spec 2 §5 / §8: submitting without a connection warns that a connection is needed */
  connectionRequired: 'É necessário selecionar uma conexão para enviar mensagens pela API.',
  /** spec 2 §5: the default connection cannot be used for sending */
  defaultConnection: 'A conexão padrão não pode ser usada para enviar mensagens pela API. Escolha outra conexão.',
  invalidStatus: 'Status inválido: use open, pending, closed ou destroy.',
  invalidMode: 'Modo inválido: use create ou update.',
  invalidQueue: 'Fila inválida',
  invalidUser: 'Usuário inválido',
  connectionNotFound: 'Conexão não encontrada.',
  queueNotFound: 'Fila não encontrada.',
  userNotFound: 'Usuário não encontrado.',
  notFound: 'Token não encontrado.',
  saved: 'Token salvo com sucesso',
  deleted: 'Token excluído',
} as const;

/** Ticket status after the send (spec 2 §4): destroy = the ticket is deleted after the send. Default closed. */
export const TICKET_SET_STATUSES = ['open', 'pending', 'closed', 'destroy'] as const;
export type TicketSetStatus = (typeof TICKET_SET_STATUSES)[number];
/** Ticket creation mode (spec 2 §4): create = always a new ticket (default); update = reuse the open/pending one. */
export const TICKET_CREATE_OR_UPDATE = ['create', 'update'] as const;
export type TicketCreateOrUpdate = (typeof TICKET_CREATE_OR_UPDATE)[number];

/** The secret's visible prefix; the rest is 43 base64url characters (256 random bits). */
export const API_TOKEN_PREFIX = 'zd_live_';
/** What the list shows: the prefix, an ellipsis and the last 4 characters. */
export function maskApiToken(last4: string): string {
  return `${API_TOKEN_PREFIX}…${last4}`;
}

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === 0 || v === '0' ? null : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message).nullable(),
  );

const requiredConnection = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  z.coerce
    .number({ error: API_TOKEN_TEXTS.connectionRequired })
    .int(API_TOKEN_TEXTS.connectionRequired)
    .positive(API_TOKEN_TEXTS.connectionRequired)
    .max(ID_MAX, API_TOKEN_TEXTS.connectionRequired),
);

const tokenName = z
  .string({ error: API_TOKEN_TEXTS.nameRequired })
  .trim()
  .min(1, API_TOKEN_TEXTS.nameRequired)
  .max(100, API_TOKEN_TEXTS.nameTooLong);

const ticketSetStatus = z.enum(TICKET_SET_STATUSES, { error: API_TOKEN_TEXTS.invalidStatus });
const ticketCreateOrUpdate = z.enum(TICKET_CREATE_OR_UPDATE, { error: API_TOKEN_TEXTS.invalidMode });

/**
 * POST /ApiSendMessageToken and PUT /ApiSendMessageToken/{id} (spec 2 §7): name, ticketSetStatus,
 * ticketCreateOrUpdate, userId, queueId, companyId, whatsappId. `companyId` is accepted and ignored (always the
 * caller's company). PUT takes the same body: the modal sends every field.
 */
export const ApiTokenInput = z.object({
  name: tokenName.meta({ description: 'Nome do token', example: 'ERP boletos' }),
  ticketSetStatus: ticketSetStatus
    .default('closed')
    .meta({ description: 'Status do ticket após o envio (destroy = excluir o ticket após o envio)' }),
  ticketCreateOrUpdate: ticketCreateOrUpdate
    .default('create')
    .meta({ description: 'create = sempre um novo ticket; update = reusar o ticket aberto ou pendente do contato' }),
  queueId: optionalId(API_TOKEN_TEXTS.invalidQueue).optional().meta({ description: 'Fila do ticket (opcional)' }),
  userId: optionalId(API_TOKEN_TEXTS.invalidUser).optional().meta({ description: 'Atendente do ticket (opcional)' }),
  whatsappId: requiredConnection.meta({ description: 'Conexão que envia as mensagens (não pode ser a padrão)' }),
  companyId: z.unknown().optional(),
});
export type ApiTokenInput = z.output<typeof ApiTokenInput>;

/** What GET list / GET one / POST / PUT answer (the secret masked; POST adds `plainToken` once). */
export type ApiTokenDto = {
  /** the route id (never the secret) */
  id: number;
  /** masked: `zd_live_…a1b2` */
  token: string;
  name: string;
  ticketSetStatus: TicketSetStatus;
  ticketCreateOrUpdate: TicketCreateOrUpdate;
  queue: { id: number; name: string } | null;
  queueId: number | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string };
  whatsappId: number;
  companyId: number;
  lastUsedAt: string | null;
  callCount: number;
  createdAt: string;
};

/** POST /ApiSendMessageToken answers the DTO plus the full secret, shown this once. */
export type ApiTokenCreatedDto = ApiTokenDto & { plainToken: string };

/** GET /ApiSendMessageToken/ (list kit: searchParam, pageNumber). */
export type ApiTokenListDto = { apiSendMessageTokens: ApiTokenDto[]; count: number; hasMore: boolean };

/** GET /ApiSendMessageToken/{id}/reveal (admins): the full secret. */
export type ApiTokenRevealDto = { token: string };

/** SSE `apiSendMessageToken-{companyId}` (administrators only). */
export type ApiTokenEvent =
  | { action: 'create' | 'update'; apiSendMessageToken: ApiTokenDto }
  | { action: 'delete'; apiSendMessageTokenId: number };
