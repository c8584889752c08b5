import { describe, expect, test } from 'bun:test';
import type { OpenApiDocument } from '../../platform/http/openapi';
import { useTestApp } from '../../test/use-test-app';

const { t } = useTestApp();

type Json = Record<string, unknown>;
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * What would make the bundled viewer (Swagger UI) fail or mislead on a generated document, checked without a browser:
 * dangling or foreign `$ref`s, schemas the builder could not convert, invalid `type`s, duplicate operation ids,
 * path templates without their path parameter, duplicate parameters, tags differing only in case (two sections of
 * one resource), and input fields both required and defaulted (the route fills them in; try-it would demand them).
 * Returns one line per problem (empty = fine).
 */
function viewerProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;

  const resolve = (ref: string): Json | undefined => {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Json)[key];
    }
    return node && typeof node === 'object' ? (node as Json) : undefined;
  };

  /** walks a schema (or any part of the document) */
  const walk = (node: unknown, where: string, input: boolean): void => {
    if (Array.isArray(node)) {
      for (const [i, x] of node.entries()) walk(x, `${where}[${i}]`, input);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if ('x-unrepresentable' in o) problems.push(`${where}: schema not converted (${String(o['x-unrepresentable'])})`);
    if (typeof o.$ref === 'string' && !resolve(o.$ref)) problems.push(`${where}: $ref ${o.$ref} does not resolve`);
    if ('type' in o && !(where.endsWith('.securitySchemes') || /securitySchemes\.[^.]+$/.test(where))) {
      const ty = o.type;
      const ok =
        (typeof ty === 'string' && TYPES.has(ty)) ||
        (Array.isArray(ty) && ty.length > 0 && ty.every((x) => typeof x === 'string' && TYPES.has(x)));
      // a property literally named `type` is a schema map entry, not a keyword
      if (!ok && !(ty && typeof ty === 'object' && !Array.isArray(ty)))
        problems.push(`${where}: invalid type ${JSON.stringify(ty)}`);
    }
    if (input && o.properties && Array.isArray(o.required)) {
      const props = o.properties as Record<string, Json>;
      for (const key of o.required as string[]) {
        if (!(key in props)) problems.push(`${where}: required '${key}' is not a property`);
        else if (props[key] && 'default' in props[key]) problems.push(`${where}.${key}: required and defaulted`);
      }
    }
    for (const [k, v] of Object.entries(o)) {
      if (k === 'example' || k === 'examples' || k === 'default' || k === 'x-codeSamples' || k === 'const') continue;
      walk(v, `${where}.${k}`, input);
    }
  };

  const opIds = new Set<string>();
  const tagSpellings = new Map<string, string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, raw] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.has(method)) {
        problems.push(`${where}: unknown method`);
        continue;
      }
      const op = raw as Json;
      const id = op.operationId as string | undefined;
      if (!id) problems.push(`${where}: no operationId`);
      else if (opIds.has(id)) problems.push(`${where}: duplicate operationId ${id}`);
      else opIds.add(id);
      const params = (op.parameters ?? []) as Json[];
      const seen = new Set<string>();
      for (const p of params) {
        const key = `${p.in} ${p.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter ${key} twice`);
        seen.add(key);
        if (!p.schema) problems.push(`${where}: parameter ${key} without schema`);
        if (p.required && p.schema && 'default' in (p.schema as Json))
          problems.push(`${where}: parameter ${key} required and defaulted`);
      }
      for (const name of templated) {
        const p = params.find((x) => x.in === 'path' && x.name === name);
        if (!p) problems.push(`${where}: path parameter {${name}} not declared`);
        else if (p.required !== true) problems.push(`${where}: path parameter {${name}} not required`);
      }
      for (const p of params) {
        if (p.in === 'path' && !templated.includes(p.name as string))
          problems.push(`${where}: path parameter ${p.name} not in the path`);
      }
      const tags = (op.tags ?? []) as string[];
      if (!tags.length) problems.push(`${where}: no tag`);
      for (const tag of tags) {
        const prior = tagSpellings.get(tag.toLowerCase());
        if (prior !== undefined && prior !== tag) problems.push(`${where}: tag '${tag}' and '${prior}' differ in case`);
        tagSpellings.set(tag.toLowerCase(), prior ?? tag);
      }
      walk(op.parameters, `${where}.parameters`, true);
      walk(op.requestBody, `${where}.requestBody`, true);
      walk(op.responses, `${where}.responses`, false);
    }
  }
  for (const [name, schema] of Object.entries(components)) walk(schema, `components.schemas.${name}`, false);
  return problems;
}

describe('the generated documents render in the viewer', () => {
  for (const [route, min] of [
    ['/api/internalDocs', 50],
    ['/api/documents', 3],
  ] as const) {
    test(`GET ${route}: no construct the viewer cannot show (refs resolve, types, ids, params, tags)`, async () => {
      const doc = (await (await t.req('GET', route)).json()) as OpenApiDocument;
      const ops = Object.values(doc.paths).flatMap((o) => Object.keys(o));
      expect(ops.length).toBeGreaterThanOrEqual(min);
      expect(viewerProblems(doc)).toEqual([]);
    });
  }

  test('the check itself finds each kind of problem', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/a/{id}': {
          get: {
            operationId: 'x',
            tags: ['A'],
            parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'integer', default: 1 } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { n: { type: 'number', default: 10 }, r: { $ref: '#/components/schemas/Nope' } },
                    required: ['n'],
                  },
                },
              },
            },
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'thing' } } } } },
          },
        },
        '/a': { post: { operationId: 'x', tags: ['a'], responses: {} } },
      },
      components: { schemas: { Bad: { 'x-unrepresentable': 'transform' } } },
    } as unknown as OpenApiDocument;
    const found = viewerProblems(doc).join('\n');
    for (const what of [
      'path parameter {id} not declared',
      'parameter query q required and defaulted',
      '.n: required and defaulted',
      '$ref #/components/schemas/Nope does not resolve',
      'invalid type "thing"',
      'duplicate operationId x',
      "tag 'a' and 'A' differ in case",
      'schema not converted (transform)',
    ]) {
      expect(found).toContain(what);
    }
  });
});

describe('input schemas', () => {
  test('a field the route fills in itself (preprocess to a default) is not required; a refused absence is', async () => {
    const doc = (await (await t.req('GET', '/api/internalDocs')).json()) as OpenApiDocument;
    const post = doc.paths['/CampaignSetup'].post as unknown as {
      requestBody: { content: Record<string, { schema: { required?: string[] } }> };
    };
    // tMax/tMin/interval/queueId/… default when absent; name and whatsapps (min 1) are refused absent
    expect(post.requestBody.content['application/json'].schema.required?.sort()).toEqual(['name', 'whatsapps']);
    const list = doc.paths['/CampaignSetup'].get as unknown as { parameters: { name: string; required: boolean }[] };
    expect(list.parameters.filter((p) => p.required)).toEqual([]);
  });
});
