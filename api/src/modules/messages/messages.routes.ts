import { DomainError, IdValue, SendMessageJson } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { BODY_TEXT } from '../../platform/http/errors';
import { assertNoNul, parseJsonBody, validate } from '../../platform/http/validate';
import {
  DELETE_CHANNELS,
  deleteTicketMessage,
  MESSAGE_TEXT,
  type OutboundInput,
  sendTicketMessage,
} from './messages.service';

const SendParams = z.object({
  ticketId: IdValue,
  companyId: IdValue,
});
const DeleteParams = z.object({
  id: IdValue,
  channel: z.enum(DELETE_CHANNELS, { error: MESSAGE_TEXT.badChannel }),
});

async function outboundFromRequest(req: Request): Promise<OutboundInput> {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => {
      throw new DomainError('ERR_VALIDATION', 'Formulário inválido.');
    });
    const files = form.getAll('medias').filter((f): f is File => f instanceof File);
    const body = String(form.get('body') ?? '');
    assertNoNul(body);
    const quoted = Number(form.get('quotedMsgId') ?? form.get('quotedMsg') ?? 0) || null;
    if (!files.length) throw new DomainError('ERR_VALIDATION', 'Envie ao menos um arquivo em medias.');
    return {
      kind: 'upload',
      body,
      quotedMsgId: quoted,
      files: await Promise.all(
        files.map(async (f) => ({ data: new Uint8Array(await f.arrayBuffer()), mimeType: f.type, fileName: f.name })),
      ),
    };
  }
  const v = await parseJsonBody(req, SendMessageJson, BODY_TEXT.notJsonOrMultipart);
  if (v.locationId !== undefined) return { kind: 'location', locationId: v.locationId, quotedMsgId: v.quotedMsg };
  if (v.mediaUrl) return { kind: 'storedMedia', mediaUrl: v.mediaUrl, body: v.body, quotedMsgId: v.quotedMsg };
  return { kind: 'text', body: v.body ?? '', quotedMsgId: v.quotedMsg };
}

export const messagesRoutes = new Hono<AppEnv>()
  .post(
    '/messages/:ticketId/:companyId',
    requireAuth,
    // body capped at the media cap by the app's requestBodyLimits (platform/http/body-limit.ts)
    validate('param', SendParams),
    async (c) => {
      const p = c.req.valid('param');
      const input = await outboundFromRequest(c.req.raw);
      const messages = await sendTicketMessage(c.get('ctx'), p.ticketId, p.companyId, input);
      return c.json({ messages }, 200);
    },
  )
  .delete('/messages/:id/:channel', requireAuth, validate('param', DeleteParams), async (c) => {
    const message = await deleteTicketMessage(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message }, 200);
  });
