import { randomBytes } from 'node:crypto';
import {
  addDays,
  BILLING_TIMEZONE,
  builtInTemplate,
  DomainError,
  daysBetween,
  instantOf,
  localDay,
  missedDays,
  type NoticeChannel,
  type NoticeKind,
  noticesWithCatchUp,
  noticeValues,
  pickTemplate,
  renderTemplate,
} from '@zapdesk/core';
import { z } from 'zod';
import { now } from '../../platform/clock';
import { platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { mailer } from '../../platform/mail';
import { platformCompanyId } from '../lookups/lookups.service';
import { sendOutbound } from '../messages/messages.outbound';
import { notificationCenterWhatsapp } from '../whatsapp/whatsapp.service';
import { type InvoiceEventType, invoiceSource, type NoticeInvoice } from './billing-notices.invoices';
import * as repo from './billing-notices.repo';
import { PLATFORM_NAME } from './billing-notices.service';

/**
 * The notice dispatcher (issue 21 "Dispatcher"): a daily job on the shared clock (at BILLING_NOTICES_HOUR local
 * time, default 9, re-enqueued by itself for the next day) and a job per invoice event decide with the core rule
 * (`noticesDueOn`) which notices are due today and send each at most once per (invoice, kind, channel, recipient):
 * the ledger row is claimed before the send; a failed send fails the job, whose retry sends what is still unsent
 * (never what went). E-mail through the mail port; WhatsApp through the platform's notification connection on the
 * outbound seam. Links go through /n/{platform}/{id}. A daily run also catches up the days since the last completed
 * run (days the platform was down entirely; at most NOTICE_CATCH_UP_DAYS), with only the notices still true
 * (`noticesWithCatchUp`).
 */

export const DISPATCH_ATTEMPTS = 6;
const DISPATCH_BACKOFF = { type: 'exponential' as const, delay: 60_000 };
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function noticesHour(): number {
  const h = Number(process.env.BILLING_NOTICES_HOUR ?? 9);
  return Number.isInteger(h) && h >= 0 && h <= 23 ? h : 9;
}

/** The instant of `day` at the notices' hour (local time). */
export function dailyRunAt(day: string): number {
  const [year, month, d] = day.split('-').map(Number);
  return instantOf(
    { year, month, day: d, hour: noticesHour(), minute: 0, second: 0, millisecond: 0 },
    BILLING_TIMEZONE,
  );
}

const channelPath: Record<NoticeChannel, string> = { whatsapp: 'whatsapp', email: 'email' };

export function noticeLink(channel: NoticeChannel, publicId: string): string {
  return `${platform().env.frontendUrl.replace(/\/+$/, '')}/n/${channelPath[channel]}/${publicId}`;
}

type SendOutcome = { sent: number; skipped: number; failed: { kind: string; channel: string; error: string }[] };

async function sendEmail(to: string, r: ReturnType<typeof renderTemplate>): Promise<void> {
  await mailer().send({ to, subject: r.emailTitle, text: r.emailText, html: r.emailHtml });
}

async function sendWhatsapp(to: string, body: string): Promise<void> {
  const conn = await notificationCenterWhatsapp(await platformCompanyId());
  if (!conn) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
  await sendOutbound(conn.companyId, {
    to: { number: to, whatsappId: conn.id },
    content: { kind: 'text', body },
    // a notice is not a conversation of the platform's attendants: no ticket
    ticket: { mode: 'none' },
    userId: null,
  });
}

/**
 * Sends the notices due on `day` about one invoice, to every subscription of its company. `event`: the invoice
 * event that asked (created: the creation notice; confirmed: the payment notice, on the day it is heard).
 * `catchUpFrom` (the daily run after missed days): the days from it to the day before `day` are caught up too.
 */
export async function dispatchInvoiceNotices(
  companyId: number,
  invoiceId: number,
  day: string,
  event?: InvoiceEventType,
  catchUpFrom?: string,
): Promise<SendOutcome> {
  const out: SendOutcome = { sent: 0, skipped: 0, failed: [] };
  if (event === 'deleted') return out;
  const inv = await invoiceSource().get(companyId, invoiceId);
  if (!inv || inv.companyId !== companyId) return out;
  const subs = await repo.listSubscriptions(companyId);
  if (!subs.length) return out;
  const paid = inv.status === 'RECEIVED' || inv.status === 'CONFIRMED';
  const facts = {
    status: inv.status,
    dueDay: inv.dueDay,
    createdDay: inv.createdDay,
    // the payment notice goes on the day the confirmation is heard, even when the gateway dates it earlier
    paidDay: paid ? (event === 'confirmed' ? day : (inv.paidDay ?? day)) : null,
  };
  const templates = await repo.listTemplates();
  const companyName = inv.companyName;
  const missed = catchUpFrom && catchUpFrom < day ? missedDays(addDays(catchUpFrom, -1), day) : [];
  for (const sub of subs) {
    for (const n of noticesWithCatchUp(day, missed, facts, sub)) {
      const publicId = randomBytes(12).toString('base64url');
      // the ledger keeps the day the notice was due; a late one is written as of today (days left, days late)
      const claim = await repo.claimNotice(
        companyId,
        { invoiceId, kind: n.kind, channel: n.channel, recipient: n.recipient },
        { publicId, subscriptionId: sub.id, day: n.dueOn, link: inv.paymentLink },
      );
      if (!claim) {
        out.skipped++;
        continue;
      }
      try {
        const rendered = renderNotice(inv, n.kind, {
          companyName,
          contactName: sub.contactName,
          link: noticeLink(n.channel, claim.publicId),
          day,
          templates,
        });
        if (n.channel === 'email') await sendEmail(n.recipient, rendered);
        else await sendWhatsapp(n.recipient, rendered.textWp);
        await repo.markNoticeSent(companyId, claim.id);
        out.sent++;
      } catch (err) {
        const error =
          err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
        await repo.markNoticeFailed(companyId, claim.id, error);
        out.failed.push({ kind: n.kind, channel: n.channel, error });
        log.warn({ companyId, invoiceId, kind: n.kind, channel: n.channel, error }, 'billing notice not sent');
      }
    }
  }
  return out;
}

function renderNotice(
  inv: NoticeInvoice,
  kind: NoticeKind,
  v: {
    companyName: string;
    contactName: string;
    link: string;
    day: string;
    templates: Awaited<ReturnType<typeof repo.listTemplates>>;
  },
) {
  const template = pickTemplate(v.templates, kind) ?? builtInTemplate(kind);
  const values = noticeValues({
    companyName: v.companyName,
    contactName: v.contactName,
    invoiceId: inv.id,
    valueCents: inv.valueCents,
    dueDay: inv.dueDay,
    status: inv.status,
    periodStartDay: inv.periodStartDay,
    periodEndDay: inv.periodEndDay,
    billingType: inv.billingType,
    link: inv.paymentLink ? v.link : '',
    kind,
    days: daysBetween(inv.dueDay, v.day),
    platformName: PLATFORM_NAME,
  });
  return renderTemplate(template, values);
}

// ---------- jobs

/** One invoice's notices of a day (the daily sweep and each invoice event enqueue it). */
export const dispatchJob = defineJob(
  'billingNotices.dispatch',
  z.object({
    invoiceId: z.number().int().positive(),
    day: z.string().regex(DAY_RE),
    event: z.enum(['created', 'confirmed', 'overdue', 'deleted']).optional(),
    /** the first missed day the daily run catches up (none: `day` only) */
    catchUpFrom: z.string().regex(DAY_RE).optional(),
  }),
  async ({ companyId, invoiceId, day, event, catchUpFrom }) => {
    const r = await dispatchInvoiceNotices(companyId, invoiceId, day, event, catchUpFrom);
    // a failed send fails the attempt: the retry sends what is still unsent (the sent ones are in the ledger)
    if (r.failed.length) throw new Error(`${r.failed.length} notice(s) not sent: ${r.failed[0].error}`);
    return r;
  },
  { attempts: DISPATCH_ATTEMPTS, backoff: DISPATCH_BACKOFF, concurrency: 2 },
);

/**
 * The daily sweep: every invoice that may have a notice today gets its dispatch job; then tomorrow's sweep. A sweep
 * of a past day (its job ran late: the platform was down when it was due) sends nothing itself: it makes sure
 * today's sweep is queued, which catches the missed days up.
 */
export const dailyJob = defineJob(
  'billingNotices.daily',
  z.object({ day: z.string().regex(DAY_RE) }),
  async ({ companyId, day }) => {
    const today = localDay(now());
    if (day < today) {
      await enqueueDaily(companyId, today);
      return { enqueued: 0, late: true };
    }
    const enqueued = await runDailySweep(day);
    await enqueueDaily(companyId, addDays(day, 1));
    return { enqueued };
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
);

/**
 * Enqueues the dispatch of every invoice that may have a notice on `day` (one job per invoice and day), catching up
 * the days after the last completed run (at most NOTICE_CATCH_UP_DAYS); then records the run as completed.
 */
export async function runDailySweep(day: string): Promise<number> {
  const missed = missedDays(await repo.platformLastDailyRunBefore(day), day);
  const catchUpFrom = missed[0];
  if (catchUpFrom) log.info({ day, missed }, 'billing notices: catching up missed days');
  const invoices = await invoiceSource().listForNotices(new Date(now()));
  for (const inv of invoices) {
    await dispatchJob.enqueue(
      { companyId: inv.companyId, invoiceId: inv.id, day, ...(catchUpFrom ? { catchUpFrom } : {}) },
      { jobId: `billing-notices-${inv.id}-${day}` },
    );
  }
  await repo.platformRecordDailyRun(day);
  return invoices.length;
}

/** The daily sweep of `day`, at the notices' hour (at once when it is past). Idempotent per day. */
export async function enqueueDaily(companyId: number, day: string): Promise<void> {
  await dailyJob.enqueue(
    { companyId, day },
    { delay: Math.max(0, dailyRunAt(day) - now()), jobId: `billing-notices-daily-${day}` },
  );
}

/** Startup (where jobs run): today's sweep — or tomorrow's when today's hour is still ahead it is today's anyway. */
export async function planDailyNotices(): Promise<void> {
  const companyId = await platformCompanyId();
  if (companyId === null) {
    log.info('billing notices: no platform company yet (no master): the daily sweep waits for the next start');
    return;
  }
  await enqueueDaily(companyId, localDay(now()));
}

/** The invoice-event listener: one dispatch job for the event, today. */
export async function onInvoiceEventNotices(e: { type: InvoiceEventType; companyId: number; invoiceId: number }) {
  if (e.type === 'deleted') return;
  const day = localDay(now());
  await dispatchJob.enqueue(
    { companyId: e.companyId, invoiceId: e.invoiceId, day, event: e.type },
    { jobId: `billing-notices-${e.invoiceId}-${e.type}-${day}` },
  );
}
