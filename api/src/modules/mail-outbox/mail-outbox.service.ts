import { type MailOutboxDto, PAGE_SIZE, pageWindow } from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { expireOutboxNow, listOutboxMails, mailer, type OutboxRow, revealOutboxMail } from '../../platform/mail';

function toDto(r: OutboxRow): MailOutboxDto {
  return {
    id: r.id,
    from: r.fromAddress,
    to: r.toAddress,
    subject: r.subject,
    // a generated password shows only until its owner logs in or changes it, or its time passed
    ...revealOutboxMail(r),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * GET /mailOutbox (ours): the embedded outbox, newest first, for the platform's master (the SaaS administration).
 * `mode` tells the screen whether e-mails are really sent (SMTP_URL) — then the outbox only holds older ones.
 */
export async function listMailOutbox(
  ctx: UserCtx,
  q: { searchParam: string; pageNumber: number },
): Promise<{ mails: MailOutboxDto[]; hasMore: boolean; mode: 'smtp' | 'outbox' }> {
  assertCan(ctx, 'manageCompanies');
  await expireOutboxNow();
  const w = pageWindow(q.pageNumber, PAGE_SIZE.records);
  const rows = await listOutboxMails(q.searchParam, { limit: w.limit + 1, offset: w.offset });
  return { mails: rows.slice(0, w.limit).map(toDto), hasMore: rows.length > w.limit, mode: mailer().kind };
}
