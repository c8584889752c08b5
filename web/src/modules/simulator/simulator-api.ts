import type { SimulatorInbound } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/** The simulator's HTTP interface (docs/SIMULATOR.md), as the phone mock-up uses it. */
export type SimulatorState = {
  id: number;
  name: string;
  status: string;
  number: string | null;
  qrcode: string | null;
  running: boolean;
};
export type SimChat = { number: string; name: string | null; lastAt: string; count: number };
export type SimMessage = {
  id: string;
  /** 'in' = the contact wrote to the connection; 'out' = the platform (or the phone itself) sent */
  direction: 'in' | 'out';
  fromMe: boolean;
  number: string;
  name: string | null;
  body: string;
  mediaType: string | null;
  fileName: string | null;
  ack: number;
  deleted: boolean;
  quotedId: string | null;
  dataJson: unknown;
  createdAt: string;
};

const p = (id: number) => ({ whatsappId: String(id) });
const sim = api.simulator[':whatsappId'];

export async function fetchSimulatorState(id: number): Promise<SimulatorState> {
  return (await parseResponse(sim.$get({ param: p(id) }))) as SimulatorState;
}

export async function fetchSimChats(id: number): Promise<SimChat[]> {
  return (await parseResponse(sim.chats.$get({ param: p(id) }))) as SimChat[];
}

export async function fetchConversation(id: number, number: string): Promise<SimMessage[]> {
  return (await parseResponse(
    sim.conversation[':number'].$get({ param: { ...p(id), number } }),
  )) as unknown as SimMessage[];
}

/** `POST /simulator/{id}/inbound`: the contact sends a message (text, media as a data: URL, or a location). */
export async function sendInbound(id: number, input: SimulatorInbound): Promise<{ id: string }> {
  return (await parseResponse(sim.inbound.$post({ param: p(id), json: input }))) as { id: string };
}

/** `POST /simulator/{id}/ack`: the phone marks a message of the platform as delivered (3) or read (4). */
export async function sendAck(id: number, messageId: string, ack: number): Promise<void> {
  await parseResponse(sim.ack.$post({ param: p(id), json: { id: messageId, ack } }));
}

export async function scanQr(id: number): Promise<SimulatorState> {
  return (await parseResponse(sim.scan.$post({ param: p(id) }))) as SimulatorState;
}
