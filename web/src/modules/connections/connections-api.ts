import type { CreateWhatsapp, UpdateWhatsapp, WhatsappDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/**
 * The connections calls of spec 1 §7. Dates travel as ISO strings (the API coerces them); `null` clears them.
 */
export type ConnectionInput = Omit<CreateWhatsapp, 'importOldMessages' | 'importRecentMessages'> & {
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
};

const idParam = (id: number) => ({ param: { id: String(id) } });

/** `GET /whatsapp/` → every connection of the company (administrators also get the session data). */
export async function fetchConnections(): Promise<WhatsappDto[]> {
  return (await parseResponse(api.whatsapp.$get())) as WhatsappDto[];
}

export async function createConnection(input: ConnectionInput): Promise<WhatsappDto> {
  return (await parseResponse(api.whatsapp.$post({ json: input as CreateWhatsapp }))) as WhatsappDto;
}

export async function updateConnection(id: number, input: Partial<ConnectionInput>): Promise<WhatsappDto> {
  return (await parseResponse(
    api.whatsapp[':id'].$put({ ...idParam(id), json: input as UpdateWhatsapp }),
  )) as WhatsappDto;
}

export async function deleteConnection(id: number): Promise<void> {
  await parseResponse(api.whatsapp[':id'].$delete(idParam(id)));
}

/** `POST /whatsappsession/{id}`: start again ("try again") — a QR code, or a reconnect when still paired. */
export async function startSession(id: number): Promise<WhatsappDto> {
  return (await parseResponse(api.whatsappsession[':id'].$post(idParam(id)))) as WhatsappDto;
}

/** `PUT /whatsappsession/{id}`: forget the pairing and show a new QR code. */
export async function renewQrCode(id: number): Promise<WhatsappDto> {
  return (await parseResponse(api.whatsappsession[':id'].$put(idParam(id)))) as WhatsappDto;
}

/** `DELETE /whatsappsession/{id}`: log out and disconnect. */
export async function disconnectSession(id: number): Promise<WhatsappDto> {
  return (await parseResponse(api.whatsappsession[':id'].$delete(idParam(id)))) as WhatsappDto;
}

/** `POST /closedimported/{id}`: resolve the tickets the history import created or filled. */
export async function closeImportedTickets(id: number): Promise<{ count: number }> {
  return (await parseResponse(api.closedimported[':id'].$post(idParam(id)))) as { count: number };
}

/** `POST /simulator/{id}/scan`: the simulated phone reads the QR code. */
export async function simulateScan(id: number): Promise<void> {
  await parseResponse(api.simulator[':whatsappId'].scan.$post({ param: { whatsappId: String(id) } }));
}

/** `GET /queue`: the company's queues, for the connection's queue picker. */
export async function fetchQueueOptions(): Promise<{ id: number; name: string; color: string }[]> {
  return (await parseResponse(api.queue.$get())) as { id: number; name: string; color: string }[];
}
