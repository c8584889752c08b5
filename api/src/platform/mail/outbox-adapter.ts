import { now, nowDate } from '../clock';
import { platform } from '../index';
import { expireOutbox, insertOutboxMail, type OutboxRow } from './outbox.repo';
import type { MailMessage, MailPort } from './port';

/** Where the secret stood in a stored e-mail's text and HTML (the secret itself is in its own column). */
export const MAIL_SECRET_SLOT = '[[segredo]]';
/** What the outbox shows in the secret's place once it is forgotten. */
export const MAIL_SECRET_HIDDEN = '•••••••• (ocultada: o usuário já entrou ou trocou a senha, ou o prazo passou)';

const HOUR = 3_600_000;

const escHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function withoutSecret(s: string, secret: string | undefined): string {
  if (!secret) return s;
  return s.split(secret).join(MAIL_SECRET_SLOT).split(escHtml(secret)).join(MAIL_SECRET_SLOT);
}

/**
 * Applies the outbox's time limits on the shared clock: secrets older than MAIL_OUTBOX_SECRET_HOURS are forgotten,
 * e-mails older than MAIL_OUTBOX_RETENTION_DAYS deleted. Run before every read and write of the outbox, so neither
 * the screen nor the table ever holds what is past its time for longer than until the next use.
 */
export async function expireOutboxNow(): Promise<void> {
  const env = platform().env;
  const t = now();
  await expireOutbox({
    secretsBefore: new Date(t - env.mailOutboxSecretHours * HOUR),
    mailsBefore: new Date(t - env.mailOutboxRetentionDays * 24 * HOUR),
  });
}

/** A stored e-mail as the master reads it: its secret in place while kept, else MAIL_SECRET_HIDDEN. */
export function revealOutboxMail(r: OutboxRow): { text: string; html: string | null } {
  const text = r.text.split(MAIL_SECRET_SLOT).join(r.secret ?? MAIL_SECRET_HIDDEN);
  const html = r.html?.split(MAIL_SECRET_SLOT).join(escHtml(r.secret ?? MAIL_SECRET_HIDDEN)) ?? null;
  return { text, html };
}

/**
 * The embedded outbox: the e-mail is stored (mail_outbox) instead of sent; a master reads it on /mailOutbox. A
 * secret it carries (a generated password) is stored apart, to be forgotten (docs/DECISIONS.md "Mail outbox secrets").
 */
export function outboxMailer(from: string): MailPort {
  return {
    kind: 'outbox',
    async send(m: MailMessage) {
      await expireOutboxNow();
      await insertOutboxMail({
        fromAddress: from,
        toAddress: m.to,
        subject: m.subject,
        text: withoutSecret(m.text, m.secret),
        html: m.html === undefined ? null : withoutSecret(m.html, m.secret),
        secret: m.secret || null,
        createdAt: nowDate(),
      });
    },
  };
}
