import { platform } from '../index';
import { log } from '../log';
import { forgetOutboxSecretsOf } from './outbox.repo';
import { outboxMailer } from './outbox-adapter';
import type { MailMessage, MailPort } from './port';
import { smtpMailer } from './smtp-adapter';

export { findOutboxMail, listOutboxMails, type OutboxRow } from './outbox.repo';
export { expireOutboxNow, MAIL_SECRET_HIDDEN, revealOutboxMail } from './outbox-adapter';
export { MailError, type MailMessage, type MailPort } from './port';

/** The adapter for the environment: SMTP with SMTP_URL, else the embedded outbox (no network). */
export function mailerFromEnv(env: { smtpUrl?: string; mailFrom: string; smtpTimeoutMs: number }): MailPort {
  if (!env.smtpUrl) return outboxMailer(env.mailFrom);
  return smtpMailer({ url: env.smtpUrl, from: env.mailFrom, timeoutMs: env.smtpTimeoutMs });
}

let current: MailPort | undefined;
let fromEnv: { key: string; port: MailPort } | undefined;

/** The process's mailer: the one set by useMailer, else the environment's (one SMTP transport per process). */
export function mailer(): MailPort {
  if (current) return current;
  const env = platform().env;
  const key = `${env.smtpUrl ?? ''}|${env.mailFrom}|${env.smtpTimeoutMs}`;
  if (fromEnv?.key !== key) fromEnv = { key, port: mailerFromEnv(env) };
  return fromEnv.port;
}

/** Tests swap the adapter; undefined goes back to the environment's. */
export function useMailer(port: MailPort | undefined): void {
  current = port;
}

/**
 * Sends one e-mail; a failure is logged and answered `false` (the caller decides whether the user must be told).
 * The address is logged, never the body (it may carry a password or a sign-up link).
 */
export async function sendMail(message: MailMessage): Promise<boolean> {
  try {
    await mailer().send(message);
    return true;
  } catch (err) {
    log.error({ err, to: message.to, subject: message.subject }, 'e-mail not sent');
    return false;
  }
}

/**
 * The user behind `email` logged in or changed the password: the embedded outbox forgets the secrets (a generated
 * password) of the e-mails sent to that address. Never fails the caller (logged).
 */
export async function forgetMailSecretsOf(email: string): Promise<void> {
  try {
    await forgetOutboxSecretsOf(email);
  } catch (err) {
    log.warn({ err }, 'outbox secrets not forgotten');
  }
}
