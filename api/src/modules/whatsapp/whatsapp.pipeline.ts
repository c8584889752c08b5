import { DomainError } from '@zapdesk/core';
import { type SessionHandle, sessionHandle } from '../../platform/channels/relay';
import { emitWhatsappUpdate } from './whatsapp.events';
import * as repo from './whatsapp.repo';

export type PipelineConnection = repo.WhatsappRow & { queueGreetings: Map<number, string> };

/** what the inbound pipeline needs of a connection; null when it was deleted */
export async function connectionForPipeline(companyId: number, id: number): Promise<PipelineConnection | null> {
  return (await connectionsForPipeline(companyId, [id])).get(id) ?? null;
}

/** the same for several connections at once (inbound batch): two statements in parallel; deleted ones are absent */
export async function connectionsForPipeline(
  companyId: number,
  ids: number[],
): Promise<Map<number, PipelineConnection>> {
  // both at once: the greetings of a connection that turns out deleted are simply unused
  const [rows, greetings] = await Promise.all([
    repo.findWhatsappRows(companyId, ids),
    repo.connectionsQueueGreetings(companyId, ids),
  ]);
  return new Map(rows.map((w) => [w.id, { ...w, queueGreetings: greetings.get(w.id) ?? new Map() }]));
}

/**
 * A connected connection of the company and the handle to its session, for sending. The handle reaches the
 * session in whichever process owns it (platform/channels/relay.ts); a call answers ERR_WAPP_NOT_INITIALIZED when no
 * live process runs it. ERR_WAPP_NOT_INITIALIZED at once when the connection is not connected.
 */
export async function connectedSession(
  companyId: number,
  whatsappId: number,
): Promise<{ conn: repo.WhatsappRow; session: SessionHandle }> {
  const conn = await repo.findWhatsappRow(companyId, whatsappId);
  if (!conn) throw new DomainError('ERR_NO_WAPP_FOUND');
  if (conn.status !== 'CONNECTED') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return { conn, session: sessionHandle(whatsappId) };
}

/** the connection's row (greeting, farewell, import range and options), or null when it does not exist */
export function findConnection(companyId: number, id: number): Promise<repo.WhatsappRow | null> {
  return repo.findWhatsappRow(companyId, id);
}

/** the connection's history-import state ('preparing', 'running', 'renderButtonCloseTickets' or none), published */
export async function setImportStatus(companyId: number, id: number, status: string | null): Promise<void> {
  await repo.setSessionFields(companyId, id, { statusImportMessages: status });
  const w = await repo.findWhatsapp(companyId, id);
  if (w) emitWhatsappUpdate(w);
}
