import { describe, expect, test } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { CreateTag, MESSAGE_API_ROUTES, PageQuery, SendTextApiBody } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { buildOpenApi, errorAnswers, type OpenApiDocument, openApiPaths } from '../../platform/http/openapi';
import { describeRoute } from '../../platform/http/route-docs';
import { validate } from '../../platform/http/validate';
import { useTestApp } from '../../test/use-test-app';

const { t } = useTestApp();

type Op = {
  summary: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; headers?: object }>;
  security: Record<string, string[]>[];
  'x-codeSamples': { lang: string; label: string; source: string }[];
};

/** An OpenAPI 3.1 validator (offline: the package ships the official schemas). */
async function expectValidOpenApi31(doc: unknown) {
  const v = new Validator();
  const res = await v.validate(doc as Parameters<Validator['validate']>[0]);
  if (!res.valid) console.error(JSON.stringify(res.errors, null, 1).slice(0, 3000));
  expect(res.valid).toBe(true);
  expect(v.version).toBe('3.1');
}

/** Every `METHOD path` the app really answers (Hono's route table), as the OpenAPI documents write it. */
function appOperations(routes: readonly { method: string; path: string }[]): string[] {
  const out = new Set<string>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    for (const p of openApiPaths(r.path)) out.add(`${r.method.toLowerCase()} ${p.path}`);
  }
  return [...out].sort();
}

function docOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    .sort();
}

describe('OpenAPI documents', () => {
  test('GET /api/internalDocs: a valid OpenAPI 3.1 document listing every route of the app, no session needed', async () => {
    const res = await t.req('GET', '/api/internalDocs');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDocument;
    await expectValidOpenApi31(doc);
    const real = appOperations(t.app.routes);
    expect(real.length).toBeGreaterThan(50);
    // every real route is documented, and nothing documented is not a real route
    expect(docOperations(doc)).toEqual(real);
    // every zod schema of the app converts (no schema was replaced by the builder's fallback mark)
    expect(JSON.stringify(doc)).not.toContain('x-unrepresentable');
  });

  test('internal document: the request schemas are the zod schemas that validate the routes', async () => {
    const doc = (await (await t.req('GET', '/api/internalDocs')).json()) as OpenApiDocument;
    const post = doc.paths['/tags'].post as unknown as Op;
    const expected = z.toJSONSchema(CreateTag, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete expected.$schema;
    expect(post.requestBody?.content['application/json'].schema).toEqual(expected);
    expect(post.security).toEqual([{ session: [] }]);
    // query parameters from the query validator, path parameters from the path
    const list = doc.paths['/tags'].get as unknown as Op;
    const pageKeys = Object.keys((z.toJSONSchema(PageQuery, { io: 'input' }) as { properties: object }).properties);
    expect(list.parameters?.map((p) => p.name).sort()).toEqual(pageKeys.sort());
    const one = doc.paths['/tags/{id}'].put as unknown as Op;
    expect(one.parameters?.find((p) => p.in === 'path')).toMatchObject({ name: 'id', required: true });
    // unauthenticated routes say so
    expect((doc.paths['/auth/login'].post as unknown as Op).security).toEqual([]);
    // every operation carries a curl and a JavaScript sample
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops) as unknown as Op[]) {
        expect(op['x-codeSamples'].map((s) => s.label)).toEqual(['curl', 'JavaScript (fetch)']);
      }
    }
  });

  test('GET /api/documents: a valid OpenAPI 3.1 document of the public routes only, no session needed', async () => {
    const res = await t.req('GET', '/api/documents');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDocument;
    await expectValidOpenApi31(doc);
    // the platform's own routes are not part of the public document
    expect(doc.paths['/tags']).toBeUndefined();
    expect(doc.paths['/auth/login']).toBeUndefined();
  });

  test('GET /api/documents lists every real route under /api/messages/ with request and answer schemas', async () => {
    const doc = (await (await t.req('GET', '/api/documents')).json()) as OpenApiDocument;
    // the app's real routes (Hono's table), not a list kept by hand: a new public route missing here fails
    const real = appOperations(t.app.routes).filter((k) => k.split(' ')[1].startsWith('/api/messages/'));
    expect(real).toEqual(
      expect.arrayContaining([
        `post ${MESSAGE_API_ROUTES.text}`,
        `post ${MESSAGE_API_ROUTES.media}`,
        `post ${MESSAGE_API_ROUTES.legacy}`,
      ]),
    );
    expect(docOperations(doc)).toEqual(real);
    for (const key of real) {
      const [method, path] = key.split(' ');
      const op = doc.paths[path][method] as unknown as Op;
      expect(op.security).toEqual([{ apiToken: [] }]);
      const content = op.requestBody?.content ?? {};
      expect(Object.keys(content).length).toBeGreaterThan(0);
      for (const c of Object.values(content)) expect(c.schema).toMatchObject({ type: 'object' });
      expect(op.responses['200'].content?.['application/json'].schema).toMatchObject({
        properties: { ticketUrl: {}, ticketProtocol: {}, contactName: {}, contactNumber: {}, ticketStatus: {} },
      });
      for (const status of ['400', '401', '404', '413', '429', '500', '503']) {
        expect(op.responses[status].content?.['application/json'].schema).toEqual({
          $ref: '#/components/schemas/ErrorAnswer',
        });
      }
      expect(op.responses['429'].headers).toHaveProperty('Retry-After');
      expect(op.responses['503'].headers).toHaveProperty('Retry-After');
      expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
      expect(op['x-codeSamples'].map((s) => s.label)).toEqual(['curl', 'JavaScript (fetch)']);
      expect(op['x-codeSamples'][0].source).toContain(`"$API_URL${path}"`);
    }
    // the documented bodies are the schemas the routes parse with
    const text = doc.paths[MESSAGE_API_ROUTES.text].post as unknown as Op;
    const expected = z.toJSONSchema(SendTextApiBody, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    delete expected.$schema;
    expect(text.requestBody?.content['application/json'].schema).toEqual(expected);
    const media = doc.paths[MESSAGE_API_ROUTES.media].post as unknown as Op;
    expect(media.requestBody?.content['multipart/form-data'].schema).toMatchObject({
      properties: { medias: { type: 'array', items: { type: 'string', format: 'binary' } } },
    });
    const legacy = doc.paths[MESSAGE_API_ROUTES.legacy].post as unknown as Op;
    expect(Object.keys(legacy.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  test('the builder: a described public route gets its schemas, answers, headers, security and samples', async () => {
    const Body = z.object({ contactNumber: z.string().min(8), body: z.string() });
    const Answer = z.object({ ticketUrl: z.string() });
    const app = new Hono<AppEnv>()
      .post(
        '/api/x/:id',
        describeRoute({
          audience: 'public',
          summary: 'Envia',
          security: 'apiToken',
          headers: [{ name: 'Idempotency-Key', description: 'chave', example: 'pedido-1' }],
          responses: { 200: { description: 'ok', schema: Answer }, ...errorAnswers([400, 401, 429]) },
          example: { json: { contactNumber: '5511999990000', body: 'Olá' } },
        }),
        validate('json', Body),
        (c) => c.json({ ticketUrl: 'x' }),
      )
      .get('/private', requireAuth, (c) => c.json({}));
    const doc = buildOpenApi(app.routes, {
      audience: 'public',
      title: 't',
      version: '1',
      description: 'd',
      serverUrl: 'http://localhost:1',
    });
    await expectValidOpenApi31(doc);
    expect(Object.keys(doc.paths)).toEqual(['/api/x/{id}']);
    const op = doc.paths['/api/x/{id}'].post as unknown as Op;
    expect(op.security).toEqual([{ apiToken: [] }]);
    expect(op.requestBody?.content['application/json'].schema).toMatchObject({ required: ['contactNumber', 'body'] });
    expect(op.responses['200'].content?.['application/json'].schema).toMatchObject({ properties: { ticketUrl: {} } });
    expect(op.responses['429'].headers).toHaveProperty('Retry-After');
    expect(op.responses['401'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorAnswer',
    });
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    const curl = op['x-codeSamples'][0].source;
    expect(curl).toContain('curl -X POST "$API_URL/api/x/{id}"');
    expect(curl).toContain('Authorization: Bearer $API_TOKEN');
    expect(curl).toContain('Idempotency-Key: pedido-1');
    expect(curl).toContain(`-d '{"contactNumber":"5511999990000","body":"Olá"}'`);
    expect(op['x-codeSamples'][1].source).toContain("method: 'POST'");
  });

  test('openApiPaths: params, regex params and optional params', () => {
    expect(openApiPaths('/tags/:id')).toEqual([{ path: '/tags/{id}', params: ['id'] }]);
    expect(openApiPaths('/x/:id{[0-9]+}/y')).toEqual([{ path: '/x/{id}/y', params: ['id'] }]);
    expect(openApiPaths('/c/:p?')).toEqual([
      { path: '/c', params: [] },
      { path: '/c/{p}', params: ['p'] },
    ]);
  });
});
