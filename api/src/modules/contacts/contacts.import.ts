import {
  type ContactImportReport,
  DomainError,
  ERROR_TEXT,
  type ExportContactsQuery,
  ImportOneContact,
  type ImportRowError,
  numberVariants,
  PAGE_SIZE,
} from '@zapdesk/core';
import { type ImportColumn, importRowText } from '@zapdesk/core/contacts/import-sheet';
import type { z } from 'zod';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import {
  type ContactRow,
  contactsPageAfter,
  findContactsByNumbers,
  insertContacts,
  type NewContact,
  updateContact,
} from './contacts.repo';
import { emitContactEvent } from './contacts.service';
import { contactExport, readContactSheet, SpreadsheetError } from './contacts.spreadsheet';
import { contactNumberChecker } from './contacts.whatsapp-check';

const INSERT_CHUNK = 500;

/**
 * POST /contacts/import: every row of the first worksheet is validated with the contact form's rules; valid rows
 * are created, or update the contact that already has the number (idempotent: re-importing the same file creates
 * nothing new); invalid rows are reported with the spreadsheet row and the reason. A number repeated inside the
 * file is reported on its second occurrence. A new number gets the contact form's WhatsApp check (issue 12 point 6):
 * without WhatsApp it is a row error, and no default connection able to check refuses the import before anything is
 * written, as the form refuses the contact. Row reasons are Portuguese texts naming the field (core IMPORT_ROW_TEXTS).
 */
export async function importContactsFile(ctx: UserCtx, data: Uint8Array): Promise<ContactImportReport> {
  // the spreadsheet import is the settings screen's (spec 1 §2): one request may create thousands of contacts
  assertCan(ctx, 'manageSettings');
  let sheet: Awaited<ReturnType<typeof readContactSheet>>;
  try {
    sheet = await readContactSheet(data);
  } catch (err) {
    if (err instanceof SpreadsheetError) {
      throw new DomainError(err.tooLarge ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION', err.message);
    }
    throw err;
  }
  const errors: ImportRowError[] = [];
  const valid: { row: number; name: string; number: string; email: string }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of sheet) {
    const parsed = ImportOneContact.safeParse({ name: r.name, number: r.number, email: r.email });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? 'name') as ImportColumn;
      errors.push({ row: r.row, field, code: 'ERR_VALIDATION', reason: importRowText(field, issue.message) });
      continue;
    }
    const first = firstRowOf.get(parsed.data.number);
    if (first !== undefined) {
      errors.push({
        row: r.row,
        field: 'number',
        code: 'ERR_DUPLICATED_CONTACT',
        reason: `Número repetido na planilha (linha ${first})`,
      });
      continue;
    }
    firstRowOf.set(parsed.data.number, r.row);
    valid.push({ row: r.row, ...parsed.data });
  }

  // existing contacts, found by every spelling of the numbers (one statement per chunk)
  const byNumber = new Map<string, ContactRow>();
  for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
    const chunk = valid.slice(i, i + INSERT_CHUNK);
    const found = await findContactsByNumbers(
      ctx.companyId,
      chunk.flatMap((v) => numberVariants(v.number)),
    );
    for (const c of found) for (const n of numberVariants(c.number)) byNumber.set(n, c);
  }

  // new numbers: the form's WhatsApp check, all of them before anything is written
  const whatsappOf = await checkNewNumbers(
    ctx.companyId,
    valid.filter((v) => !byNumber.has(v.number)),
  );

  let created = 0;
  let updated = 0;
  let skipped = 0;
  const toInsert: NewContact[] = [];
  for (const v of valid) {
    const existing = byNumber.get(v.number);
    if (!existing) {
      const checked = whatsappOf.get(v.row);
      if (checked) toInsert.push({ name: v.name, number: checked, email: v.email });
      else {
        errors.push({
          row: v.row,
          field: 'number',
          code: 'ERR_WAPP_INVALID_CONTACT',
          reason: ERROR_TEXT.ERR_WAPP_INVALID_CONTACT,
        });
      }
      continue;
    }
    const patch: { name?: string; email?: string } = {};
    if (v.name !== existing.name) patch.name = v.name;
    if (v.email && v.email !== existing.email) patch.email = v.email;
    if (!Object.keys(patch).length) {
      skipped++;
      continue;
    }
    await updateContact(ctx.companyId, existing.id, patch);
    updated++;
  }
  for (let i = 0; i < toInsert.length; i += INSERT_CHUNK) {
    const chunk = toInsert.slice(i, i + INSERT_CHUNK);
    const inserted = await insertContacts(ctx.companyId, chunk);
    created += inserted.length;
    // a number inserted concurrently by someone else between our read and write: already there, nothing to do
    skipped += chunk.length - inserted.length;
  }
  if (created || updated) emitContactEvent(ctx.companyId, { action: 'reload' });
  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.length, created, updated, skipped, errors };
}

/** WhatsApp checks of an import at once (each one a call to the connection's session). */
const CHECK_CONCURRENCY = 8;

/**
 * The contact form's WhatsApp check (contacts.whatsapp-check, the same rules; the default connection read once) for
 * each row: per row the number as WhatsApp knows it, or null when it has no WhatsApp. Any other failure (no default connection, not connected, a
 * failed check) refuses the whole import with its code, like the form.
 */
async function checkNewNumbers(
  companyId: number,
  rows: readonly { row: number; number: string }[],
): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (!rows.length) return out;
  const check = await contactNumberChecker(companyId);
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < rows.length) {
      const r = rows[next++];
      try {
        out.set(r.row, await check(r.number));
      } catch (err) {
        if (err instanceof DomainError && err.code === 'ERR_WAPP_INVALID_CONTACT') out.set(r.row, null);
        else failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, rows.length) }, worker));
  if (failure !== null) throw failure;
  return out;
}

/** GET /contacts/export: the company's contacts (list filters apply), read 20 at a time, as one xlsx. */
export async function exportContacts(ctx: UserCtx, q: z.output<typeof ExportContactsQuery>): Promise<Uint8Array> {
  assertCan(ctx, 'manageSettings');
  const companyId = ctx.companyId;
  async function* pages() {
    let after = 0;
    for (;;) {
      const page = await contactsPageAfter(companyId, q, after, PAGE_SIZE.records);
      if (!page.length) return;
      yield page;
      if (page.length < PAGE_SIZE.records) return;
      after = page[page.length - 1].id;
    }
  }
  return contactExport(pages());
}
