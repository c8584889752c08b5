import type {
  NotificationSubscriptionDto,
  NotificationTemplateDto,
  SubscriptionFlags,
  TemplateNotice,
} from '@zapdesk/core';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { billingNoticeRuns, billingNotices, notificationSubscriptions, notificationTemplates } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

// ---------- subscriptions (company rows: every query takes the company)

type SubRow = typeof notificationSubscriptions.$inferSelect;
export type SubscriptionValues = Partial<
  SubscriptionFlags & {
    contactName: string;
    email: string | null;
    whatsapp: string | null;
    whatsappValidated: 'valido' | 'invalido' | null;
  }
>;

export function toSubscriptionDto(r: SubRow): NotificationSubscriptionDto {
  return {
    id: r.id,
    companyId: r.companyId,
    contactName: r.contactName,
    email: r.email,
    whatsapp: r.whatsapp,
    whatsappVAlidatedNumber:
      r.whatsappValidated === 'valido' || r.whatsappValidated === 'invalido' ? r.whatsappValidated : null,
    invoiceCreatedWp: r.invoiceCreatedWp,
    invoiceDaysBeforeExpirationWp: r.invoiceDaysBeforeExpirationWp,
    invoiceDayWp: r.invoiceDayWp,
    delayedPaymentWp: r.delayedPaymentWp,
    invoiceDaysAfterExpirationWp: r.invoiceDaysAfterExpirationWp,
    invoiceConfirmedPaymentWp: r.invoiceConfirmedPaymentWp,
    invoiceCreatedEmail: r.invoiceCreatedEmail,
    invoiceDaysBeforeExpirationEmail: r.invoiceDaysBeforeExpirationEmail,
    invoiceDayEmail: r.invoiceDayEmail,
    delayedPaymentEmail: r.delayedPaymentEmail,
    invoiceDaysAfterExpirationEmail: r.invoiceDaysAfterExpirationEmail,
    invoiceConfirmedPaymentEmail: r.invoiceConfirmedPaymentEmail,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A company has few subscriptions (its billing contacts): all of them, oldest first. */
export async function listSubscriptions(companyId: number): Promise<NotificationSubscriptionDto[]> {
  const rows = await db
    .select()
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.companyId, companyId))
    .orderBy(asc(notificationSubscriptions.id))
    .limit(200);
  return rows.map(toSubscriptionDto);
}

export async function findSubscription(companyId: number, id: number): Promise<NotificationSubscriptionDto | null> {
  const [r] = await db
    .select()
    .from(notificationSubscriptions)
    .where(and(eq(notificationSubscriptions.companyId, companyId), eq(notificationSubscriptions.id, id)));
  return r ? toSubscriptionDto(r) : null;
}

/** The company of a subscription, for the master (who edits any company's): platform-level by design. */
export async function unsafeSubscriptionCompanyId(id: number): Promise<number | null> {
  const [r] = await db
    .select({ companyId: notificationSubscriptions.companyId })
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.id, id));
  return r?.companyId ?? null;
}

export async function insertSubscription(
  companyId: number,
  v: SubscriptionValues & { contactName: string },
): Promise<number> {
  const at = nowDate();
  const [r] = await db
    .insert(notificationSubscriptions)
    .values({ ...v, companyId, createdAt: at, updatedAt: at })
    .returning({ id: notificationSubscriptions.id });
  return r.id;
}

export async function updateSubscription(companyId: number, id: number, v: SubscriptionValues): Promise<boolean> {
  const rows = await db
    .update(notificationSubscriptions)
    .set({ ...v, updatedAt: nowDate() })
    .where(and(eq(notificationSubscriptions.companyId, companyId), eq(notificationSubscriptions.id, id)))
    .returning({ id: notificationSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscription(companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notificationSubscriptions)
    .where(and(eq(notificationSubscriptions.companyId, companyId), eq(notificationSubscriptions.id, id)))
    .returning({ id: notificationSubscriptions.id });
  return rows.length > 0;
}

// ---------- templates (platform-level: the master's)

type TemplateRow = typeof notificationTemplates.$inferSelect;
export type TemplateValues = Partial<Omit<NotificationTemplateDto, 'id' | 'createdAt' | 'updatedAt'>>;

export function toTemplateDto(r: TemplateRow): NotificationTemplateDto {
  return {
    id: r.id,
    name: r.name,
    type: 'payments',
    notice: r.notice as TemplateNotice,
    thumbnailWpHtml: r.thumbnailWpHtml,
    textWp: r.textWp,
    emailHtml: r.emailHtml,
    emailTitle: r.emailTitle,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listTemplates(): Promise<NotificationTemplateDto[]> {
  const rows = await db.select().from(notificationTemplates).orderBy(asc(notificationTemplates.id)).limit(500);
  return rows.map(toTemplateDto);
}

export async function countTemplates(): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(notificationTemplates);
  return Number(r?.n ?? 0);
}

export async function findTemplate(id: number): Promise<NotificationTemplateDto | null> {
  const [r] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
  return r ? toTemplateDto(r) : null;
}

export async function insertTemplate(v: TemplateValues & { name: string }): Promise<number> {
  const at = nowDate();
  const [r] = await db
    .insert(notificationTemplates)
    .values({ ...v, createdAt: at, updatedAt: at })
    .returning({ id: notificationTemplates.id });
  return r.id;
}

export async function updateTemplate(id: number, v: TemplateValues): Promise<boolean> {
  const rows = await db
    .update(notificationTemplates)
    .set({ ...v, updatedAt: nowDate() })
    .where(eq(notificationTemplates.id, id))
    .returning({ id: notificationTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(id: number): Promise<boolean> {
  const rows = await db
    .delete(notificationTemplates)
    .where(eq(notificationTemplates.id, id))
    .returning({ id: notificationTemplates.id });
  return rows.length > 0;
}

// ---------- the ledger

export type NoticeRow = typeof billingNotices.$inferSelect;
export type NoticeKey = { invoiceId: number; kind: string; channel: string; recipient: string };

/** A claim older than this is taken again (the process that held it stopped mid-send). */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Claims a notice before sending it: the row is inserted (first time) or a failed / abandoned claim is taken again.
 * Null when the notice was sent already or another run holds a fresh claim: then nothing must be sent.
 */
export async function claimNotice(
  companyId: number,
  key: NoticeKey,
  v: { publicId: string; subscriptionId: number; day: string; link: string | null },
): Promise<NoticeRow | null> {
  const at = nowDate();
  const [inserted] = await db
    .insert(billingNotices)
    .values({ ...key, ...v, companyId, status: 'claimed', attempts: 1, claimedAt: at, createdAt: at })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(billingNotices)
    .set({ status: 'claimed', claimedAt: at, attempts: sql`${billingNotices.attempts} + 1`, link: v.link })
    .where(
      and(
        eq(billingNotices.companyId, companyId),
        eq(billingNotices.invoiceId, key.invoiceId),
        eq(billingNotices.kind, key.kind),
        eq(billingNotices.channel, key.channel),
        eq(billingNotices.recipient, key.recipient),
        or(
          eq(billingNotices.status, 'failed'),
          and(
            eq(billingNotices.status, 'claimed'),
            lt(billingNotices.claimedAt, new Date(at.getTime() - CLAIM_LEASE_MS)),
          ),
        ),
      ),
    )
    .returning();
  return retaken ?? null;
}

export async function markNoticeSent(companyId: number, id: number): Promise<void> {
  await db
    .update(billingNotices)
    .set({ status: 'sent', sentAt: nowDate(), lastError: null })
    .where(and(eq(billingNotices.companyId, companyId), eq(billingNotices.id, id)));
}

export async function markNoticeFailed(companyId: number, id: number, error: string): Promise<void> {
  await db
    .update(billingNotices)
    .set({ status: 'failed', lastError: error.slice(0, 500) })
    .where(and(eq(billingNotices.companyId, companyId), eq(billingNotices.id, id)));
}

/** A company's notices about an invoice (newest first): what went, when, and the clicks. */
export async function listNotices(companyId: number, invoiceId?: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(billingNotices)
    .where(
      invoiceId === undefined
        ? eq(billingNotices.companyId, companyId)
        : and(eq(billingNotices.companyId, companyId), eq(billingNotices.invoiceId, invoiceId)),
    )
    .orderBy(desc(billingNotices.id))
    .limit(500);
}

/**
 * GET /n/{platform}/{id}: the notice of a public link (its opaque id and channel), the click counted in the same
 * statement. Platform-level by design: the link is the credential (a random id nobody can guess).
 */
export async function unsafeRecordClick(
  publicId: string,
  channel: string,
): Promise<{ companyId: number; invoiceId: number; link: string | null } | null> {
  const [r] = await db
    .update(billingNotices)
    .set({ clicks: sql`${billingNotices.clicks} + 1`, lastClickAt: nowDate() })
    .where(and(eq(billingNotices.publicId, publicId), eq(billingNotices.channel, channel)))
    .returning({ companyId: billingNotices.companyId, invoiceId: billingNotices.invoiceId, link: billingNotices.link });
  return r ?? null;
}

// ---------- daily runs (platform-level: one per local day)

/** The latest day before `day` whose daily run completed, or null (none yet). */
export async function platformLastDailyRunBefore(day: string): Promise<string | null> {
  const [r] = await db
    .select({ day: billingNoticeRuns.day })
    .from(billingNoticeRuns)
    .where(lt(billingNoticeRuns.day, day))
    .orderBy(desc(billingNoticeRuns.day))
    .limit(1);
  return r?.day ?? null;
}

/** Records that the daily run of `day` completed (again: the time is updated). */
export async function platformRecordDailyRun(day: string): Promise<void> {
  const at = nowDate();
  await db
    .insert(billingNoticeRuns)
    .values({ day, completedAt: at })
    .onConflictDoUpdate({ target: billingNoticeRuns.day, set: { completedAt: at } });
}
