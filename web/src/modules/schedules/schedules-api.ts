import type { ScheduleDto, ScheduleInput, ScheduleStatus } from '@zapdesk/core';
import { apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';
import type { Page } from '../../ui/use-paged-list';

/** The list's filters (spec 2 §7 `GET /schedules/`): status '' = all. */
export type ScheduleFilters = { searchParam: string; status: ScheduleStatus | ''; contactId: number | null };

export type SchedulePage = Page<ScheduleDto> & { count: number };

/** `GET /schedules/` (status, contactId, searchParam, pageNumber) → `{ schedules, count, hasMore }`. */
export async function fetchSchedulesPage(f: ScheduleFilters, pageNumber: number): Promise<SchedulePage> {
  const q = new URLSearchParams({ searchParam: f.searchParam, pageNumber: String(pageNumber) });
  if (f.status) q.set('status', f.status);
  if (f.contactId) q.set('contactId', String(f.contactId));
  const res = await apiJson<{ schedules: ScheduleDto[]; count: number; hasMore: boolean }>(
    'GET',
    `/schedules/?${q.toString()}`,
  );
  return { items: res.schedules, hasMore: res.hasMore, count: res.count };
}

export const fetchSchedule = (id: number) => apiJson<ScheduleDto>('GET', `/schedules/${id}`);

/** The multipart of a save: `body` = the JSON of core's `scheduleInput`, the media file beside it. */
function scheduleForm(body: ScheduleInput, media: File | null): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  if (media) {
    form.append('media', media, media.name);
    form.append('mediaName', media.name);
  }
  return form;
}

/** `POST /schedules/{companyId}` multipart: `body` = JSON text, `media` = the file, `mediaName` = its name. */
export async function createSchedule(companyId: number, body: ScheduleInput, media: File | null): Promise<ScheduleDto> {
  return readJson<ScheduleDto>(
    await apiFetch(`/schedules/${companyId}`, { method: 'POST', body: scheduleForm(body, media) }),
  );
}

/** `PUT /schedules/{id}/{companyId}` multipart, like the create. */
export async function updateSchedule(
  id: number,
  companyId: number,
  body: ScheduleInput,
  media: File | null,
): Promise<ScheduleDto> {
  return readJson<ScheduleDto>(
    await apiFetch(`/schedules/${id}/${companyId}`, { method: 'PUT', body: scheduleForm(body, media) }),
  );
}

export async function deleteSchedule(id: number): Promise<void> {
  await apiJson('DELETE', `/schedules/${id}`);
}

/** The MENU's bulk deletes (spec 2 §6): mine sent / all mine (everyone), all sent / all (admins). */
export type BulkDelete = 'mySent' | 'allMine' | 'allSent' | 'all';

/**
 * `POST /schedulesDelete` (spec 2 §6) → how many were deleted: my sent = `{ status: 'ENVIADA', mySchedule: true }`,
 * all mine = `{ mySchedule: true }`, all sent = `{ status: 'ENVIADA', mySchedule: false }`, all = `{ mySchedule: false }`.
 */
export async function bulkDeleteSchedules(kind: BulkDelete, userId: number): Promise<number> {
  const mine = kind === 'mySent' || kind === 'allMine';
  const sent = kind === 'mySent' || kind === 'allSent';
  const res = await apiJson<{ deleted: number }>('POST', '/schedulesDelete', {
    ...(sent ? { status: 'ENVIADA' } : {}),
    mySchedule: mine,
    user: userId,
  });
  return res.deleted;
}

/** A copied media schedule gets its own copy of the original's file (downloaded with the session's token). */
export async function fetchMediaFile(s: Pick<ScheduleDto, 'mediaUrl' | 'mediaName'>): Promise<File | null> {
  if (!s.mediaUrl) return null;
  const res = await apiFetch(s.mediaUrl);
  if (!res.ok) return null;
  const blob = await res.blob();
  return new File([blob], s.mediaName || 'arquivo', { type: blob.type });
}
