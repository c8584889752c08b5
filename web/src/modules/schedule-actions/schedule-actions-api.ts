import type { ScheduleActionJobDto, ScheduleActionName } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

export type ScheduleActionInput = {
  action: ScheduleActionName;
  jsonData: Record<string, unknown>;
  delay: number;
  name: string;
};

/** spec 2 §7 Scheduled actions: GET (array of jobs, newest first), POST, DELETE one, DELETE all. */
export async function fetchScheduleActions(): Promise<ScheduleActionJobDto[]> {
  return (await parseResponse(api.scheduleActions.$get())) as ScheduleActionJobDto[];
}

export async function createScheduleAction(input: ScheduleActionInput): Promise<ScheduleActionJobDto> {
  return (await parseResponse(api.scheduleActions.$post({ json: input }))) as ScheduleActionJobDto;
}

export async function deleteScheduleAction(id: string): Promise<void> {
  await parseResponse(api.scheduleActions[':id'].$delete({ param: { id } }));
}

export async function deleteAllScheduleActions(): Promise<void> {
  await parseResponse(api.scheduleActionsAll.$delete());
}
