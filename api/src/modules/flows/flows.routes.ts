import { DomainError, FLOW_TEXTS, IdParam, ListFlowsQuery, RunFlowBody } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { BODY_TEXT } from '../../platform/http/errors';
import { assertNoNul, readJsonBody, validate } from '../../platform/http/validate';
import {
  createFlow,
  deleteFlow,
  type FlowUpload,
  listFlows,
  runFlowFromChat,
  showFlow,
  updateFlow,
} from './flows.service';

const formInvalid = () => new DomainError('ERR_VALIDATION', FLOW_TEXTS.formInvalid);

/**
 * The flow form as sent (spec 2 §7): multipart with `name`, `type`, `flowActions` (JSON text) and `mediaFile` parts
 * (one per new file, matched to its action by the action's `mediaFileName`); or the same fields as a JSON body.
 */
async function flowRequest(req: Request): Promise<{ body: unknown; files: FlowUpload[] }> {
  const type = req.headers.get('content-type')?.toLowerCase() ?? '';
  let body: unknown;
  const files: FlowUpload[] = [];
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => {
      throw formInvalid();
    });
    const actions = form.get('flowActions');
    let flowActions: unknown;
    if (typeof actions === 'string' && actions.trim()) {
      try {
        flowActions = JSON.parse(actions);
      } catch {
        throw formInvalid();
      }
    }
    const str = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' ? v : undefined;
    };
    body = { name: str('name'), type: str('type') || undefined, flowActions };
    for (const f of form.getAll('mediaFile')) {
      if (f instanceof File && f.size > 0) {
        files.push({ data: new Uint8Array(await f.arrayBuffer()), mimeType: f.type, fileName: f.name });
      }
    }
  } else {
    body = await readJsonBody(req, BODY_TEXT.notJsonOrMultipart);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw formInvalid();
  assertNoNul(body);
  return { body, files };
}

/**
 * Spec 2 §7 Flows: GET /flows/ (searchParam, pageNumber, type) → flows and hasMore; GET /flows/{id}; POST /flows and
 * PUT /flows/{id} (multipart: name, type, flowActions JSON, mediaFile parts); DELETE /flows/{id}. Ours: POST
 * /flows/{id}/run { ticketId } — the chat input's ';' runs a flow on the ticket (docs/DECISIONS.md, Flows).
 */
export const flowsRoutes = new Hono<AppEnv>()
  .get('/flows', requireAuth, validate('query', ListFlowsQuery), async (c) =>
    c.json(await listFlows(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/flows/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showFlow(c.get('ctx'), c.req.valid('param').id), 200),
  )
  // bodies capped at the media cap by the app's requestBodyLimits (platform/http/body-limit.ts)
  .post('/flows', requireAuth, async (c) => {
    const { body, files } = await flowRequest(c.req.raw);
    return c.json(await createFlow(c.get('ctx'), body, files), 200);
  })
  .put('/flows/:id', requireAuth, validate('param', IdParam), async (c) => {
    const { body, files } = await flowRequest(c.req.raw);
    return c.json(await updateFlow(c.get('ctx'), c.req.valid('param').id, body, files), 200);
  })
  .delete('/flows/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteFlow(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: FLOW_TEXTS.deleted }, 200);
  })
  .post('/flows/:id/run', requireAuth, validate('param', IdParam), validate('json', RunFlowBody), async (c) =>
    c.json(await runFlowFromChat(c.get('ctx'), c.req.valid('param').id, c.req.valid('json').ticketId), 200),
  );
