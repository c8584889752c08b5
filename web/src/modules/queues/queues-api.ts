import type { QueueDto, QueueInput } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/** `GET /queue` → every queue of the company (name order). */
export async function fetchQueues(): Promise<QueueDto[]> {
  return (await parseResponse(api.queue.$get())) as QueueDto[];
}

export async function createQueue(input: QueueInput): Promise<QueueDto> {
  return (await parseResponse(api.queue.$post({ json: input }))) as QueueDto;
}

export async function updateQueue(id: number, input: QueueInput): Promise<QueueDto> {
  return (await parseResponse(api.queue[':id'].$put({ param: { id: String(id) }, json: input }))) as QueueDto;
}

export async function deleteQueue(id: number): Promise<void> {
  await parseResponse(api.queue[':id'].$delete({ param: { id: String(id) } }));
}
