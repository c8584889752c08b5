import { type MailOutboxDto, PAGE_SIZE, pageWindow } from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { listOutboxMails, mailer, type OutboxRow } from '../../platform/mail';

function toDto(r: OutboxRow): MailOutboxDto {
  return {
    id: r.id,
    from: r.fromAddress,
    to: r.toAddress,
    subject: r.subject,
    text: r.text,
    html: r.html,
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
  const w = pageWindow(q.pageNumber, PAGE_SIZE.records);
  const rows = await listOutboxMails(q.searchParam, { limit: w.limit + 1, offset: w.offset });
  return { mails: rows.slice(0, w.limit).map(toDto), hasMore: rows.length > w.limit, mode: mailer().kind };
}
