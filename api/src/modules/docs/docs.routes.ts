import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import type { AppRoute } from '../../platform/http/openapi';
import { describeRoute } from '../../platform/http/route-docs';
import { apiDocument } from './docs.service';

/**
 * Spec 3 §7: GET /api/documents (the public message API) and GET /api/internalDocs (every route of the platform),
 * both OpenAPI 3.1 generated from the routes themselves; no session needed (spec 3: "none"; docs/DECISIONS.md).
 * `appRoutes` reads the root app's routes at request time (the docs describe the app they are mounted in).
 */
export function docsRoutes(appRoutes: () => readonly AppRoute[]) {
  return new Hono<AppEnv>()
    .get(
      '/api/documents',
      describeRoute({
        audience: 'internal',
        summary: 'Especificação OpenAPI 3.1 da API de mensagens',
        tags: ['docs'],
        security: 'none',
        responses: { 200: { description: 'O documento OpenAPI 3.1' } },
      }),
      (c) => c.json(apiDocument('public', appRoutes()), 200),
    )
    .get(
      '/api/internalDocs',
      describeRoute({
        audience: 'internal',
        summary: 'Especificação OpenAPI 3.1 de todas as rotas da plataforma',
        tags: ['docs'],
        security: 'none',
        responses: { 200: { description: 'O documento OpenAPI 3.1' } },
      }),
      (c) => c.json(apiDocument('internal', appRoutes()), 200),
    );
}
