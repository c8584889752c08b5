import { DomainError } from '@zapdesk/core';
import { sessionManager } from '../../platform/channels/session-manager';
import type { ChannelSession } from '../../platform/channels/types';
import * as repo from './whatsapp.repo';

export type PipelineConnection = repo.WhatsappRow & { queueGreetings: Map<number, string> };

/** what the inbound pipeline needs of a connection; null when it was deleted */
export async function connectionForPipeline(companyId: number, id: number): Promise<PipelineConnection | null> {
  const w = await repo.findWhatsappRow(companyId, id);
  if (!w) return null;
  return { ...w, queueGreetings: await repo.connectionQueueGreetings(companyId, id) };
}

/**
 * The live, connected session of a connection of the company, for sending.
 * ERR_WAPP_NOT_INITIALIZED when the connection is not connected or its session does not run in this process.
 */
export async function connectedSession(
  companyId: number,
  whatsappId: number,
): Promise<{ conn: repo.WhatsappRow; session: ChannelSession }> {
  const conn = await repo.findWhatsappRow(companyId, whatsappId);
  if (!conn) throw new DomainError('ERR_NO_WAPP_FOUND');
  const session = sessionManager().get(whatsappId);
  if (conn.status !== 'CONNECTED' || !session) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return { conn, session };
}
