import {
  DomainError,
  IdempotencyKey,
  LegacySendForm,
  LegacySendJsonBody,
  MESSAGE_API_ROUTES,
  MESSAGE_API_TEXTS,
  SendMediaApiForm,
  SendMessageApiAnswer,
  SendTextApiBody,
} from '@zapdesk/core';
import { type Context, Hono } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../../platform/http/context';
import { errorAnswers } from '../../platform/http/openapi';
import { describeRoute, type RouteDoc } from '../../platform/http/route-docs';
import { assertNoNul, parseJsonBody } from '../../platform/http/validate';
import { type ApiFile, type ApiSend, handleApiSend } from './message-api.service';

/**
 * The outbound message API (spec 2 §7), for servers: `Authorization: Bearer <token>` (an API token of the company,
 * never a session). CORS is the app's (these calls come from servers, not browsers).
 */

const isMultipart = (req: Request) =>
  (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
const isJson = (req: Request) => (req.headers.get('content-type') ?? '').toLowerCase().includes('json');

async function readForm(req: Request): Promise<FormData> {
  try {
    return await req.formData();
  } catch {
    throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.invalidForm);
  }
}

/** the text fields of a form (a repeated field: its first value) and its `medias` files */
function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    if (k === 'medias') continue;
    if (!(k in out) && typeof v === 'string') out[k] = v;
  }
  out.medias = form.getAll('medias').filter((f): f is File => typeof f !== 'string');
  return out;
}

async function filesOf(files: File[]): Promise<ApiFile[]> {
  return Promise.all(
    files.map(async (f) => ({ data: new Uint8Array(await f.arrayBuffer()), mimeType: f.type, fileName: f.name })),
  );
}

function parse<T extends ZodType>(schema: T, value: unknown) {
  const data = schema.parse(value);
  assertNoNul(data);
  return data as ReturnType<T['parse']>;
}

async function readText(req: Request): Promise<ApiSend> {
  if (!isJson(req)) throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.unsupportedContentType);
  const v = await parseJsonBody(req, SendTextApiBody, MESSAGE_API_TEXTS.unsupportedContentType);
  return { number: v.contactNumber, name: v.contactName, body: v.body, files: [] };
}

async function readMedia(req: Request): Promise<ApiSend> {
  if (!isMultipart(req)) throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.unsupportedContentType);
  const v = parse(SendMediaApiForm, formFields(await readForm(req)));
  return { number: v.contactNumber, name: v.contactName, body: v.body ?? '', files: await filesOf(v.medias) };
}

async function readLegacy(req: Request): Promise<ApiSend> {
  if (isMultipart(req)) {
    const v = parse(LegacySendForm, formFields(await readForm(req)));
    return { number: v.number, body: v.body ?? '', files: await filesOf(v.medias) };
  }
  if (!isJson(req)) throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.unsupportedContentType);
  const v = await parseJsonBody(req, LegacySendJsonBody, MESSAGE_API_TEXTS.unsupportedContentType);
  return { number: v.number, body: v.body, files: [] };
}

function idempotencyKeyOf(c: Context): string | undefined {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) return undefined;
  const r = IdempotencyKey.safeParse(raw.trim());
  if (!r.success) throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.idempotencyKeyInvalid);
  return r.data;
}

function handler(route: string, read: (req: Request) => Promise<ApiSend>) {
  return async (c: Context<AppEnv>) => {
    const answer = await handleApiSend(
      { route, authorization: c.req.header('authorization'), idempotencyKey: idempotencyKeyOf(c) },
      () => read(c.req.raw),
      (seconds) => c.header('Retry-After', String(seconds)),
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, 200);
  };
}

const ERRORS = errorAnswers([400, 401, 403, 404, 409, 413, 422, 429, 500, 503], {
  400: 'Dados inválidos, número sem WhatsApp (ERR_WAPP_INVALID_CONTACT), tipo de arquivo não permitido (ERR_MEDIA_TYPE_NOT_ALLOWED) ou conexão padrão (ERR_API_DEFAULT_WHATSAPP)',
  401: 'Token ausente, desconhecido ou revogado',
  403: 'Empresa desativada (ERR_COMPANY_INACTIVE) ou API fora do plano (ERR_PLAN_FEATURE_DISABLED)',
  404: 'A conexão, a fila ou o usuário do token não existe mais',
  409: 'Uma chamada com a mesma Idempotency-Key ainda está em andamento',
  413: 'Arquivo ou corpo grande demais (ERR_PAYLOAD_TOO_LARGE)',
  422: 'A mesma Idempotency-Key com outro conteúdo (ERR_IDEMPOTENCY_KEY_REUSED)',
  429: 'Limite de chamadas por minuto do token (ERR_TOO_MANY_REQUESTS); veja Retry-After',
  503: 'A conexão não está conectada (ERR_WAPP_NOT_CONNECTED) ou o WhatsApp não aceitou a mensagem (ERR_WAPP_SEND_FAILED): a mensagem NÃO foi enviada',
});

const HEADERS: RouteDoc['headers'] = [
  {
    name: 'Idempotency-Key',
    description:
      'Opcional. A mesma chave com o mesmo conteúdo, em até 24 h, devolve a primeira resposta sem enviar de novo (cabeçalho Idempotent-Replayed: true).',
    example: 'pedido-4711-lembrete',
  },
];

const OK = {
  200: {
    description: 'Mensagem aceita pelo WhatsApp (a resposta só vem depois disso)',
    schema: SendMessageApiAnswer,
  },
};

const NOTES =
  'O número é normalizado e verificado no WhatsApp pela conexão do token; o contato é encontrado ou criado; o ticket segue o modo, a fila, o usuário e o status após o envio do token.';

export const messageApiRoutes = new Hono<AppEnv>()
  .post(
    MESSAGE_API_ROUTES.text,
    describeRoute({
      audience: 'public',
      summary: 'Enviar mensagem de texto',
      description: NOTES,
      tags: ['Mensagens'],
      security: 'apiToken',
      request: { json: SendTextApiBody },
      headers: HEADERS,
      responses: { ...OK, ...ERRORS },
      example: { json: { contactNumber: '5511987654321', contactName: 'Maria Souza', body: 'Olá! Seu pedido saiu.' } },
    }),
    handler(MESSAGE_API_ROUTES.text, readText),
  )
  .post(
    MESSAGE_API_ROUTES.media,
    describeRoute({
      audience: 'public',
      summary: 'Enviar arquivos (imagem, áudio, vídeo, documento)',
      description: `${NOTES} Um ou mais arquivos no campo medias; o body vai como legenda do primeiro.`,
      tags: ['Mensagens'],
      security: 'apiToken',
      request: { multipart: SendMediaApiForm },
      headers: HEADERS,
      responses: { ...OK, ...ERRORS },
      example: {
        multipart: {
          contactNumber: '5511987654321',
          body: 'Segue o boleto',
          medias: { file: 'boleto.pdf', type: 'application/pdf' },
        },
      },
    }),
    handler(MESSAGE_API_ROUTES.media, readMedia),
  )
  .post(
    MESSAGE_API_ROUTES.legacy,
    describeRoute({
      audience: 'public',
      summary: 'Enviar mensagem (formato antigo)',
      description: `Formato antigo: JSON { number, body } ou multipart number, medias, body. ${NOTES}`,
      tags: ['Mensagens'],
      security: 'apiToken',
      request: { json: LegacySendJsonBody, multipart: LegacySendForm },
      headers: HEADERS,
      responses: { ...OK, ...ERRORS },
      example: { json: { number: '5511987654321', body: 'Olá!' } },
    }),
    handler(MESSAGE_API_ROUTES.legacy, readLegacy),
  );
