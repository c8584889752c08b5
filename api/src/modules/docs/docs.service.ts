import { type AppRoute, buildOpenApi, type OpenApiDocument } from '../../platform/http/openapi';
import { platform } from '../../platform/index';

/** The version of the documents (the API's; bump with breaking changes of the public message API). */
export const API_DOCS_VERSION = '1.0.0';

const PUBLIC_DESCRIPTION = [
  'API de envio de mensagens do ZapDesk: sistemas externos (ERP, loja, agenda) enviam textos e arquivos pelo WhatsApp',
  'de uma conexão da empresa.',
  '',
  '**Autenticação**: crie um token em *API → Tokens de API* (`/apisendmessage`) e envie-o em cada chamada no cabeçalho',
  '`Authorization: Bearer <token>`. O token define a conexão, a fila, o usuário e o status do ticket após o envio.',
  '',
  '**Respostas**: a resposta só chega depois que o WhatsApp aceitou a mensagem; uma falha nunca responde sucesso.',
  'Erros respondem `{ error, message }` com 400, 401, 404, 413, 429, 500 ou 503. Em 429 e 503 o cabeçalho',
  '`Retry-After` diz quantos segundos esperar.',
  '',
  '**Reenvio seguro**: envie o cabeçalho `Idempotency-Key` (um valor único por mensagem); a mesma chave em até 24 h',
  'responde o primeiro resultado sem enviar de novo.',
].join('\n');

const INTERNAL_DESCRIPTION = [
  'Todas as rotas da plataforma ZapDesk, geradas das próprias rotas: os esquemas de entrada são os esquemas zod que',
  'validam cada rota. As rotas da sessão usam `Authorization: Bearer <token de acesso>` (POST /auth/login); as da API',
  'de mensagens usam um token de API (/apisendmessage).',
].join('\n');

type Cache = { routes: number; doc: OpenApiDocument };
const cache: Record<'public' | 'internal', Cache | null> = { public: null, internal: null };

/**
 * The OpenAPI 3.1 document of the public message API (`audience: 'public'` routes) or of every route. Routes are
 * fixed once the app is built: the document is built once per app (rebuilt if routes were added since).
 */
export function apiDocument(audience: 'public' | 'internal', routes: readonly AppRoute[]): OpenApiDocument {
  const hit = cache[audience];
  if (hit && hit.routes === routes.length) return hit.doc;
  const doc = buildOpenApi(routes, {
    audience,
    title: audience === 'public' ? 'ZapDesk — API de mensagens' : 'ZapDesk — API interna',
    version: API_DOCS_VERSION,
    description: audience === 'public' ? PUBLIC_DESCRIPTION : INTERNAL_DESCRIPTION,
    serverUrl: platform().env.backendUrl,
  });
  cache[audience] = { routes: routes.length, doc };
  return doc;
}
