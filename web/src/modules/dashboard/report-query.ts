/** Queries of the dashboard and reports (pure: tested without the API client). */
/** The dashboard's filter: a date-time range (ISO instants) and an optional queue and user. */
export type DashFilter = {
  initialDate: string;
  finalDate: string;
  currentQueue: number | null;
  currentUser: number | null;
};

/** The report dialog's choice: whole days ('YYYY-MM-DD', company clock) and queue/user lists (empty = all). */
export type ReportFilter = {
  initialDate: string;
  finalDate: string;
  selectedQueueIds: number[];
  selectedUserIds: number[];
};

function qs(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, v);
  return q.toString();
}

const list = (ids: number[]) => (ids.length ? JSON.stringify(ids) : null);

export function dashQuery(f: DashFilter): string {
  return qs({
    initialDate: f.initialDate,
    finalDate: f.finalDate,
    currentQueue: f.currentQueue === null ? null : String(f.currentQueue),
    currentUser: f.currentUser === null ? null : String(f.currentUser),
  });
}

export function reportQuery(f: ReportFilter): string {
  return qs({
    initialDate: f.initialDate,
    finalDate: f.finalDate,
    selectedQueueIds: list(f.selectedQueueIds),
    selectedUserIds: list(f.selectedUserIds),
  });
}

/** The report filter read back from the print view's address (`/reports?initialDate=…`); null when incomplete. */
export function reportFilterOf(search: string): ReportFilter | null {
  const p = new URLSearchParams(search);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const initialDate = p.get('initialDate') ?? '';
  const finalDate = p.get('finalDate') ?? '';
  if (!day.test(initialDate) || !day.test(finalDate)) return null;
  const ids = (k: string): number[] => {
    try {
      const v = JSON.parse(p.get(k) ?? '[]') as unknown;
      return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
    } catch {
      return [];
    }
  };
  return { initialDate, finalDate, selectedQueueIds: ids('selectedQueueIds'), selectedUserIds: ids('selectedUserIds') };
}
