import type {
  AdjustDbDto,
  ReprocessRecentDto,
  RestartAnswerDto,
  SystemResourcesDto,
  UpdateInfoDto,
} from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/*
 * POST /systemcontrol/ and GET /adjustDb/ (spec 3 §7; issue 22). Shapes: core's system-control schemas
 * (docs/DECISIONS.md "System control (issue 22 …)").
 */

/** restart/update: the warning follows 1 s after the request (spec 3 §9); the update warning stays 60 s (§8) */
export const ACTION_DELAY_MS = 1_000;
export const UPDATE_WARNING_MS = 60_000;
export const RESTART_WARNING_MS = 15_000;

const systemControl = async <T>(json: {
  action: 'restart' | 'update' | 'getPm2Info' | 'getSystemResources' | 'reprocessRecentMessages';
  id?: string;
  minutes?: number;
}): Promise<T> => (await parseResponse(api.systemcontrol.$post({ json }))) as T;

/** getSystemResources: every live process (pm2Info) and every host's numbers (systemInfo) */
export async function fetchResources(): Promise<SystemResourcesDto> {
  return (await systemControl<{ resources: SystemResourcesDto }>({ action: 'getSystemResources' })).resources;
}

/** restart one process (its pm2Info id) or every process (no id) */
export async function restartProcesses(id?: string): Promise<RestartAnswerDto> {
  return (await systemControl<{ restart: RestartAnswerDto }>({ action: 'restart', ...(id ? { id } : {}) })).restart;
}

/** update: the running and latest version and the procedure (never run from the browser) */
export async function checkUpdate(): Promise<UpdateInfoDto> {
  return (await systemControl<{ update: UpdateInfoDto }>({ action: 'update' })).update;
}

export async function reprocessRecentMessages(minutes: number): Promise<ReprocessRecentDto> {
  return (await systemControl<{ reprocessed: ReprocessRecentDto }>({ action: 'reprocessRecentMessages', minutes }))
    .reprocessed;
}

/** GET /adjustDb/: the non-destructive database check */
export async function adjustDb(): Promise<AdjustDbDto> {
  return ((await parseResponse(api.adjustDb.$get())) as { adjustDb: AdjustDbDto }).adjustDb;
}
