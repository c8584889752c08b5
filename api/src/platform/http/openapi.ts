import { z } from 'zod';
import { type HandlerMeta, handlerMeta, type RouteDoc, type Security, type ValidationTarget } from './route-docs';

/**
 * OpenAPI 3.1 documents built from the app's own routes (`app.routes`): request schemas are the zod schemas that
 * validate each route (`validate()` registers them), security is what the route's auth middleware enforces, and the
 * prose (summary, answers, examples) is the route's `describeRoute` doc. Nothing is written twice.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { openapi: string; paths: Record<string, Record<string, Json>> };
export type AppRoute = { method: string; path: string; handler: unknown };

/** The error answer of every route: `{ error: 'ERR_…', message }` (validation failures add `fields`). */
export const ErrorAnswer = z
  .object({
    error: z.string().meta({ description: 'Código do erro (ERR_…)', examples: ['ERR_VALIDATION'] }),
    message: z.string().meta({ description: 'Texto do erro', examples: ['Informe o número do contato'] }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Em erros de validação: o texto de cada campo recusado' }),
    reason: z
      .object({ code: z.string(), params: z.record(z.string(), z.string()) })
      .optional()
      .meta({ description: 'Quando o texto tem parâmetros: o código do motivo e seus parâmetros (para tradução)' }),
  })
  .meta({ id: 'ErrorAnswer' });

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** `/tags/:id`, `/x/:id{[0-9]+}` → `/tags/{id}`; an optional `:p?` gives two paths (with and without it). */
export function openApiPaths(honoPath: string): { path: string; params: string[] }[] {
  const segs = honoPath.split('/');
  const optional = segs.findIndex((s) => /^:[^{]+\?$/.test(s));
  const render = (parts: string[]) => {
    const params: string[] = [];
    const path = parts
      .map((s) => {
        const m = /^:([A-Za-z0-9_]+)(\{.*\})?\??$/.exec(s);
        if (!m) return s;
        params.push(m[1]);
        return `{${m[1]}}`;
      })
      .join('/');
    return { path: path || '/', params };
  };
  if (optional < 0) return [render(segs)];
  return [
    render(segs.slice(0, optional)),
    ...openApiPaths([...segs.slice(0, optional), segs[optional].slice(0, -1), ...segs.slice(optional + 1)].join('/')),
  ];
}

/**
 * Input schemas: a property is required only if the route refuses it absent. zod marks a `preprocess` field (which
 * turns an absent value into its default) as required, so the viewer and the samples would demand what the route
 * fills in itself; here a property whose schema accepts `undefined` leaves `required`.
 */
function optionalInputs(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; shape?: Record<string, z.ZodType> } } })._zod?.def;
  const required = ctx.jsonSchema.required;
  if (def?.type !== 'object' || !def.shape || !Array.isArray(required)) return;
  const keep = required.filter((key: string) => {
    const field = def.shape?.[key];
    if (!field) return true;
    try {
      return !field.safeParse(undefined).success;
    } catch {
      return true; // an async refinement: keep what zod said
    }
  });
  if (keep.length) ctx.jsonSchema.required = keep;
  else delete ctx.jsonSchema.required;
}

/** The JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema; named sub-schemas (`.meta({ id })`) go to components. */
class SchemaSet {
  readonly components: Record<string, Json> = {};

  of(schema: z.ZodType, io: 'input' | 'output'): Json {
    let js: Json;
    try {
      js = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io,
        unrepresentable: 'any',
        reused: 'inline',
        cycles: 'ref',
        ...(io === 'input' ? { override: optionalInputs } : {}),
      }) as Json;
    } catch (err) {
      // one odd schema must not take the whole document down (a 500 for every reader): it is marked, and the
      // docs test fails on any mark
      return { 'x-unrepresentable': String((err as Error).message ?? err) };
    }
    delete js.$schema;
    const defs = (js.$defs ?? {}) as Record<string, Json>;
    delete js.$defs;
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (v && typeof v === 'object') {
        const out: Json = {};
        for (const [k, x] of Object.entries(v)) {
          out[k] = k === '$ref' && typeof x === 'string' ? x.replace('#/$defs/', '#/components/schemas/') : rewrite(x);
        }
        return out;
      }
      return v;
    };
    for (const [name, def] of Object.entries(defs)) this.components[name] = rewrite(def) as Json;
    // a root with an id: the schema itself is a component, referenced
    const id = (js.id as string | undefined) ?? undefined;
    if (id) {
      delete js.id;
      this.components[id] = rewrite(js) as Json;
      return { $ref: `#/components/schemas/${id}` };
    }
    return rewrite(js) as Json;
  }

  /** the properties of an object schema (query, path, headers), each with whether it is required */
  properties(schema: z.ZodType): { name: string; schema: Json; required: boolean; description?: string }[] {
    const js = this.of(schema, 'input');
    const props = (js.properties ?? {}) as Record<string, Json>;
    const required = new Set((js.required ?? []) as string[]);
    return Object.entries(props).map(([name, s]) => {
      const { description, ...rest } = s;
      return { name, schema: rest, required: required.has(name), description: description as string | undefined };
    });
  }
}

type Group = { method: string; honoPath: string; metas: HandlerMeta[] };

/** The app's routes as one entry per method and path, with the documentation metadata of their chain. */
export function routeGroups(routes: readonly AppRoute[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of routes) {
    if (!METHODS.has(r.method)) continue;
    const key = `${r.method} ${r.path}`;
    let g = groups.get(key);
    if (!g) {
      g = { method: r.method, honoPath: r.path, metas: [] };
      groups.set(key, g);
    }
    const m = handlerMeta(r.handler);
    if (m) g.metas.push(m);
  }
  return [...groups.values()];
}

export function docOf(g: Group): RouteDoc | undefined {
  for (const m of g.metas) if (m.kind === 'doc') return m.doc;
  return undefined;
}

function validatorOf(g: Group, target: ValidationTarget): z.ZodType | undefined {
  for (const m of g.metas) if (m.kind === 'validator' && m.target === target) return m.schema;
  return undefined;
}

function securityOf(g: Group): Security {
  const doc = docOf(g);
  if (doc?.security) return doc.security;
  for (const m of g.metas) if (m.kind === 'auth') return m.security;
  return 'none';
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Criado',
  400: 'Dados inválidos (ERR_VALIDATION e os códigos da regra de negócio)',
  401: 'Sem sessão válida (ERR_UNAUTHORIZED)',
  403: 'Sem permissão, sessão expirada ou recurso do plano desativado',
  404: 'Não encontrado (ou de outra empresa)',
  413: 'Corpo da requisição grande demais (ERR_PAYLOAD_TOO_LARGE)',
  429: 'Muitas requisições (ERR_TOO_MANY_REQUESTS)',
  500: 'Erro interno (ERR_INTERNAL)',
  503: 'Banco de dados ou Redis indisponível por um momento (ERR_SERVICE_UNAVAILABLE)',
};

/** A minimal valid-looking value for a JSON Schema (for the samples of routes without an example). */
function sampleOf(s: Json | undefined, depth = 0): unknown {
  if (!s || depth > 4) return null;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alts = s[k] as Json[] | undefined;
    if (alts?.length) return sampleOf(alts.find((a) => a.type !== 'null') ?? alts[0], depth + 1);
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      const req = new Set((s.required ?? []) as string[]);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        if (req.has(k)) out[k] = sampleOf(v, depth + 1);
      }
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      return s.format === 'email' ? 'usuario@exemplo.com' : 'texto';
    default:
      return null;
  }
}

/** curl and JavaScript `fetch` samples of one call (`x-codeSamples`, also shown in the description). */
export function codeSamples(op: {
  method: string;
  path: string;
  security: Security;
  json?: unknown;
  multipart?: Record<string, string | { file: string; type: string }>;
  headers?: { name: string; example?: string }[];
}): { lang: string; label: string; source: string }[] {
  const url = `$API_URL${op.path}`;
  const jsUrl = `\`\${API_URL}${op.path}\``;
  const auth = op.security === 'apiToken' ? '$API_TOKEN' : op.security === 'session' ? '$ACCESS_TOKEN' : null;
  const extra = (op.headers ?? []).filter((h) => h.example);
  const curl: string[] = [`curl -X ${op.method} "${url}"`];
  const jsHeaders: string[] = [];
  if (auth) {
    curl.push(`  -H "Authorization: Bearer ${auth}"`);
    jsHeaders.push(`    Authorization: \`Bearer \${${auth.slice(1)}}\`,`);
  }
  for (const h of extra) {
    curl.push(`  -H "${h.name}: ${h.example}"`);
    jsHeaders.push(`    '${h.name}': '${h.example}',`);
  }
  let jsBody: string[] = [];
  const jsPre: string[] = [];
  if (op.multipart) {
    jsPre.push('const form = new FormData();');
    for (const [k, v] of Object.entries(op.multipart)) {
      if (typeof v === 'string') {
        curl.push(`  -F "${k}=${v}"`);
        jsPre.push(`form.append('${k}', '${v}');`);
      } else {
        curl.push(`  -F "${k}=@${v.file};type=${v.type}"`);
        jsPre.push(`form.append('${k}', fileInput.files[0]); // ${v.file} (${v.type})`);
      }
    }
    jsBody = ['  body: form,'];
  } else if (op.json !== undefined) {
    const body = JSON.stringify(op.json);
    curl.push('  -H "Content-Type: application/json"');
    curl.push(`  -d '${body.replace(/'/g, "'\\''")}'`);
    jsHeaders.push(`    'Content-Type': 'application/json',`);
    jsBody = [`  body: JSON.stringify(${JSON.stringify(op.json, null, 2).replace(/\n/g, '\n  ')}),`];
  }
  const js = [
    ...jsPre,
    `const res = await fetch(${jsUrl}, {`,
    `  method: '${op.method}',`,
    ...(jsHeaders.length ? ['  headers: {', ...jsHeaders, '  },'] : []),
    ...jsBody,
    '});',
    'const answer = await res.json();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template string
    'if (!res.ok) throw new Error(`${answer.error}: ${answer.message}`);',
  ];
  return [
    { lang: 'Shell', label: 'curl', source: curl.join(' \\\n') },
    { lang: 'JavaScript', label: 'JavaScript (fetch)', source: js.join('\n') },
  ];
}

export type BuildOptions = {
  audience: 'public' | 'internal';
  title: string;
  version: string;
  description: string;
  /** the API's public URL (BACKEND_URL): try-it calls go there */
  serverUrl: string;
};

/** The OpenAPI 3.1 document of the app's routes: the public message API, or every route (`internal`). */
export function buildOpenApi(routes: readonly AppRoute[], opts: BuildOptions): OpenApiDocument {
  const schemas = new SchemaSet();
  const paths: Record<string, Record<string, Json>> = {};
  const usedIds = new Set<string>();
  let usesSession = false;
  let usesApiToken = false;
  // `/CampaignSetup` and `/campaignSetup/{id}` are one resource: tags differing only in case are one tag (the first
  // spelling seen), not two sections of the viewer
  const tagSpelling = new Map<string, string>();
  const tagFor = (path: string) => {
    const t = tagOf(path);
    const key = t.toLowerCase();
    if (!tagSpelling.has(key)) tagSpelling.set(key, t);
    return tagSpelling.get(key) as string;
  };

  for (const g of routeGroups(routes)) {
    const doc = docOf(g);
    if (opts.audience === 'public' && doc?.audience !== 'public') continue;
    const security = securityOf(g);
    if (security === 'session') usesSession = true;
    if (security === 'apiToken') usesApiToken = true;

    for (const { path, params } of openApiPaths(g.honoPath)) {
      const parameters: Json[] = [];
      const paramSchema = validatorOf(g, 'param');
      const paramProps = paramSchema ? schemas.properties(paramSchema) : [];
      for (const name of params) {
        const p = paramProps.find((x) => x.name === name);
        parameters.push({
          name,
          in: 'path',
          required: true,
          schema: p?.schema ?? { type: 'string' },
          ...(p?.description ? { description: p.description } : {}),
        });
      }
      const querySchema = validatorOf(g, 'query');
      if (querySchema) {
        for (const p of schemas.properties(querySchema)) {
          parameters.push({
            name: p.name,
            in: 'query',
            required: p.required,
            schema: p.schema,
            ...(p.description ? { description: p.description } : {}),
          });
        }
      }
      const headerSchema = validatorOf(g, 'header');
      const headerDocs = [...(doc?.headers ?? [])];
      if (headerSchema) {
        for (const p of schemas.properties(headerSchema)) {
          if (p.name.toLowerCase() === 'authorization' || headerDocs.some((h) => h.name.toLowerCase() === p.name))
            continue;
          parameters.push({ name: p.name, in: 'header', required: p.required, schema: p.schema });
        }
      }
      for (const h of headerDocs) {
        parameters.push({
          name: h.name,
          in: 'header',
          required: !!h.required,
          description: h.description,
          // no `example` here: the viewer would prefill try-it with it, and one fixed Idempotency-Key replays the
          // first answer (the samples show it)
          schema: { type: 'string' },
        });
      }

      // request body: the validating schema wins over the doc's own
      const jsonSchema = validatorOf(g, 'json') ?? doc?.request?.json;
      const formSchema = validatorOf(g, 'form') ?? doc?.request?.multipart;
      const content: Json = {};
      let jsonJs: Json | undefined;
      if (jsonSchema) {
        jsonJs = schemas.of(jsonSchema, 'input');
        content['application/json'] = {
          schema: jsonJs,
          ...(doc?.example?.json ? { example: doc.example.json } : {}),
        };
      }
      if (formSchema) content['multipart/form-data'] = { schema: schemas.of(formSchema, 'input') };

      const responses: Record<string, Json> = {};
      const answers: Record<number, { description: string; schema?: z.ZodType; headers?: Json; example?: unknown }> =
        doc?.responses ?? defaultAnswers(g, security);
      for (const [status, a] of Object.entries(answers)) {
        const r: Json = { description: a.description };
        const isError = Number(status) >= 400;
        const schema = a.schema ?? (isError ? ErrorAnswer : undefined);
        if (schema) {
          r.content = {
            'application/json': {
              schema: schemas.of(schema, 'output'),
              ...(a.example !== undefined ? { example: a.example } : {}),
            },
          };
        }
        if (a.headers) {
          r.headers = Object.fromEntries(
            Object.entries(a.headers).map(([name, h]) => [
              name,
              {
                description: (h as { description: string }).description,
                schema: { type: (h as { type: string }).type },
              },
            ]),
          );
        }
        responses[status] = r;
      }

      const method = g.method.toLowerCase();
      let operationId = `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
      while (usedIds.has(operationId)) operationId += '_';
      usedIds.add(operationId);

      const samples = codeSamples({
        method: g.method,
        path,
        security,
        json:
          doc?.example?.json ?? (jsonJs && !formSchema ? sampleOf(resolveRef(jsonJs, schemas.components)) : undefined),
        multipart: doc?.example?.multipart,
        headers: headerDocs,
      });
      const description = [
        doc?.description,
        ...samples.map((s) => `**${s.label}**\n\n\`\`\`${s.lang === 'Shell' ? 'bash' : 'js'}\n${s.source}\n\`\`\``),
      ]
        .filter(Boolean)
        .join('\n\n');

      const op: Json = {
        operationId,
        summary: doc?.summary ?? `${g.method} ${path}`,
        description,
        tags: doc?.tags ?? [tagFor(path)],
        ...(parameters.length ? { parameters } : {}),
        ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
        responses,
        security: security === 'session' ? [{ session: [] }] : security === 'apiToken' ? [{ apiToken: [] }] : [],
        'x-codeSamples': samples,
      };
      paths[path] ??= {};
      paths[path][method] = op;
    }
  }

  const securitySchemes: Json = {};
  if (usesApiToken)
    securitySchemes.apiToken = {
      type: 'http',
      scheme: 'bearer',
      description:
        'Token de API da empresa (menu API → Tokens de API, em /apisendmessage). Envie `Authorization: Bearer <token>`.',
    };
  if (usesSession)
    securitySchemes.session = {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Token de acesso da sessão (POST /auth/login → `token`).',
    };

  return {
    openapi: '3.1.0',
    info: { title: opts.title, version: opts.version, description: opts.description },
    servers: [{ url: opts.serverUrl }],
    // in the order the app registers them (the message API: text, media, then the legacy call)
    paths,
    components: { schemas: schemas.components, securitySchemes },
  };
}

function resolveRef(s: Json, components: Record<string, Json>): Json {
  const ref = s.$ref as string | undefined;
  return ref ? (components[ref.replace('#/components/schemas/', '')] ?? s) : s;
}

function tagOf(path: string): string {
  return path.split('/').filter(Boolean)[0] ?? 'root';
}

/** Answers of a route without a doc: success, plus the refusals its chain can produce. */
function defaultAnswers(g: Group, security: Security): Record<number, { description: string }> {
  const out: Record<number, { description: string }> = { 200: { description: STATUS_TEXT[200] } };
  if (g.metas.some((m) => m.kind === 'validator') || g.method !== 'GET') out[400] = { description: STATUS_TEXT[400] };
  if (security !== 'none') {
    out[401] = { description: STATUS_TEXT[401] };
    out[403] = { description: STATUS_TEXT[403] };
  }
  if (g.honoPath.includes(':')) out[404] = { description: STATUS_TEXT[404] };
  out[500] = { description: STATUS_TEXT[500] };
  out[503] = { description: STATUS_TEXT[503] };
  return out;
}

/** The standard refusal answers (`{ error, message }`) for a public doc, with Retry-After where it is sent. */
export function errorAnswers(statuses: readonly number[], texts: Partial<Record<number, string>> = {}) {
  const out: Record<number, { description: string; schema: z.ZodType; headers?: Json }> = {};
  for (const s of statuses) {
    out[s] = {
      description: texts[s] ?? STATUS_TEXT[s] ?? String(s),
      schema: ErrorAnswer,
      ...(s === 429 || s === 503
        ? { headers: { 'Retry-After': { description: 'Segundos a esperar antes de tentar de novo', type: 'integer' } } }
        : {}),
    };
  }
  return out;
}
