import type { ScheduleDto } from '@zapdesk/core';
import { textMatches } from '../../ui/use-paged-list';
import type { ScheduleFilters } from './schedules-api';

/** Does a live-created/updated schedule belong to the list's filters (status, contact, search)? */
export function scheduleMatches(s: ScheduleDto, f: ScheduleFilters): boolean {
  if (f.status && s.status !== f.status) return false;
  if (f.contactId && s.contactId !== f.contactId) return false;
  return textMatches([s.contact?.name, s.contact?.number, s.body], f.searchParam);
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The API's order (docs/DECISIONS.md `## Schedules`), to place live items: upcoming first by next send time, then
 * the finished ones newest first.
 */
export function bySchedule(a: ScheduleDto, b: ScheduleDto): number {
  const na = time(a.nextSendAt);
  const nb = time(b.nextSendAt);
  const ua = Number.isFinite(na);
  const ub = Number.isFinite(nb);
  if (ua && ub) return na - nb || a.id - b.id;
  if (ua !== ub) return ua ? -1 : 1;
  const la = time(a.sentAt ?? a.updatedAt);
  const lb = time(b.sentAt ?? b.updatedAt);
  return (Number.isFinite(lb) ? lb : 0) - (Number.isFinite(la) ? la : 0) || b.id - a.id;
}
