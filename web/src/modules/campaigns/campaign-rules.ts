import {
  CAMPAIGN_BODY_MIN,
  CAMPAIGN_TEXTS,
  type CampaignDispatchDto,
  type CampaignDto,
  type CampaignStatus,
  type SendListEntry,
} from '@zapdesk/core';

/** Spec 2 §6: the owner or an administrator edits, deletes and manages; others copy. */
export function canManageCampaign(me: { id: number; profile: string } | null, c: Pick<CampaignDto, 'userId'>): boolean {
  if (!me) return false;
  return me.profile === 'admin' || c.userId === me.id;
}

/** The list's schedule dialog applies while the campaign has not begun sending (nor ended). */
export const schedulable = (status: CampaignStatus): boolean =>
  status === 'created' || status === 'scheduled' || status === 'pause';

/**
 * The message builder's "Adicionar" (spec 2 §5): a greeting is required ('Adicione uma saudação'); then either a
 * media file or a text of 5+ characters ('Adicione uma mensagem' when empty, 'Mensagem muito curta' below 5).
 * Returns the pt-BR text of the first problem (a warning toast), or null.
 */
export function messageProblem(m: { greeting: string; body: string; media: unknown | null }): string | null {
  if (!m.greeting.trim()) return CAMPAIGN_TEXTS.greetingRequired;
  if (m.media) return null;
  const body = m.body.trim();
  if (!body) return CAMPAIGN_TEXTS.messageRequired;
  if (body.length < CAMPAIGN_BODY_MIN) return CAMPAIGN_TEXTS.messageTooShort;
  return null;
}

/** Contacts from a category/tag source as send-list entries (core's merge normalises and removes repeats). */
export const sendListOf = (contacts: readonly { number: string; name?: string | null; email?: string | null }[]) =>
  contacts.map((c) => ({ number: c.number, name: c.name ?? null, email: c.email || null }));

/** Removes one number from the builder's list. */
export const withoutNumber = (list: readonly SendListEntry[], number: string): SendListEntry[] =>
  list.filter((e) => e.number !== number);

/** The dispatch table's order: the send order (id ascending). */
export const byDispatchId = (a: CampaignDispatchDto, b: CampaignDispatchDto): number => a.id - b.id;

/** A dispatch row still waiting to go may be deleted (a sent or sending one is history). */
export const dispatchDeletable = (d: Pick<CampaignDispatchDto, 'status'>): boolean =>
  d.status === 'pending' || d.status === 'canceled' || d.status === 'sentFail' || d.status === 'uncertain';

/** Progress of the manager's bar: finished rows (sent, failed, uncertain) of all, 0–100. */
export function progressOf(c: { count: number; sentCount: number; failCount: number; uncertainCount: number }): number {
  if (c.count <= 0) return 0;
  return Math.min(100, Math.round(((c.sentCount + c.failCount + c.uncertainCount) / c.count) * 100));
}

/** `YYYY-MM-DD` of a date input for a day `days` after `now` in the browser's calendar (tag date range defaults). */
export function dayInput(now: number, days = 0): string {
  const d = new Date(now + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/** "25/11 14:30" on the zone's clock (dense tables). */
export function shortZoned(iso: string, timeZone: string, locale: string): string {
  const key = `${locale}|${timeZone}`;
  let f = shortFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    shortFormats.set(key, f);
  }
  return f.format(new Date(iso)).replace(',', '');
}

/**
 * PAUSE or Concluir while a dispatch is in flight: a greeted contact still gets its message (up to tMax later), so the
 * manager says "Pausando…" / "Concluindo…" until it is done. `inFlightCount` comes with the engine's live counters;
 * until one arrives the claimed rows on screen stand in.
 */
export function stoppingNote(
  status: CampaignStatus,
  inFlightCount: number | undefined,
  rows: readonly Pick<CampaignDispatchDto, 'status'>[],
): 'pausing' | 'finalizing' | null {
  if (status !== 'pause' && status !== 'finalized') return null;
  const inFlight = inFlightCount ?? rows.filter((r) => r.status === 'claimed').length;
  if (inFlight <= 0) return null;
  return status === 'pause' ? 'pausing' : 'finalizing';
}
