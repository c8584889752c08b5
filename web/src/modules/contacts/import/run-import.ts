import { IMPORT_PACING_MS, type ValidImportRow } from '@zapdesk/core/contacts/import-sheet';

export type ImportOutcome =
  | { row: ValidImportRow; status: 'created' | 'updated' }
  | { row: ValidImportRow; status: 'failed'; error: unknown };

export type ImportTotals = { created: number; updated: number; failed: number; sent: number; stopped: boolean };

export type PacedImportOptions = {
  rows: readonly ValidImportRow[];
  /** sends one contact; resolves whether it was created (else it already existed and was updated/kept) */
  send: (row: ValidImportRow) => Promise<{ created: boolean }>;
  onOutcome: (outcome: ImportOutcome) => void;
  /** stop before the next contact (the one in flight finishes and is reported) */
  signal?: AbortSignal;
  /** a failure that must end the whole import (e.g. the session ended) */
  isFatal?: (error: unknown) => boolean;
  pacingMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** Codes after which every following new contact would be refused the same way: no connection can check WhatsApp. */
const CONNECTION_CODES = new Set(['ERR_NO_DEF_WAPP_FOUND', 'ERR_WAPP_CHECK_CONTACT']);

/**
 * A failure that ends a client-side import (the rest would fail the same way): the session is over (401), or the
 * company's default connection cannot check numbers on WhatsApp (the contact form's check, issue 12 point 6).
 * Shaped like lib/errors' ApiError (`status`, `code`).
 */
export function endsImport(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { status?: unknown; code?: unknown };
  return e.status === 401 || (typeof e.code === 'string' && CONNECTION_CODES.has(e.code));
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Spec 1 §4/§7: the client-side import sends one contact at a time, 150 ms apart (start to start: a slow answer is
 * not followed by another 150 ms wait). Every contact is reported (created, updated, failed with its error); one
 * contact failing never stops the others.
 */
export async function runPacedImport(opts: PacedImportOptions): Promise<ImportTotals> {
  const pacing = opts.pacingMs ?? IMPORT_PACING_MS;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const totals: ImportTotals = { created: 0, updated: 0, failed: 0, sent: 0, stopped: false };
  let lastStart: number | null = null;
  for (const row of opts.rows) {
    if (lastStart !== null) {
      const wait = lastStart + pacing - now();
      if (wait > 0) await sleep(wait);
    }
    if (opts.signal?.aborted) {
      totals.stopped = true;
      break;
    }
    lastStart = now();
    totals.sent++;
    try {
      const { created } = await opts.send(row);
      if (created) totals.created++;
      else totals.updated++;
      opts.onOutcome({ row, status: created ? 'created' : 'updated' });
    } catch (error) {
      totals.failed++;
      opts.onOutcome({ row, status: 'failed', error });
      if (opts.isFatal?.(error)) {
        totals.stopped = true;
        break;
      }
    }
  }
  return totals;
}
