import { nowDate } from '../clock';
import { insertOutboxMail } from './outbox.repo';
import type { MailMessage, MailPort } from './port';

/** The embedded outbox: the e-mail is stored (mail_outbox) instead of sent; a master reads it on /mailOutbox. */
export function outboxMailer(from: string): MailPort {
  return {
    kind: 'outbox',
    async send(m: MailMessage) {
      await insertOutboxMail({
        fromAddress: from,
        toAddress: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        createdAt: nowDate(),
      });
    },
  };
}
