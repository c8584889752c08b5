/**
 * The mail port: every e-mail the platform sends (sign-up links, access data). Adapters: `smtp-adapter.ts`
 * (nodemailer, SMTP_URL) and the embedded outbox (`outbox-adapter.ts`, rows a master reads on /mailOutbox) used by
 * the demo and every test without SMTP_URL.
 */
export type MailMessage = {
  to: string;
  subject: string;
  /** plain-text body (always sent: every client reads it) */
  text: string;
  /** optional HTML alternative */
  html?: string;
  /**
   * A secret the text carries (a generated password). SMTP sends the e-mail as it is; the embedded outbox keeps the
   * secret apart and forgets it once its owner logs in or changes the password, or MAIL_OUTBOX_SECRET_HOURS passed.
   */
  secret?: string;
};

export type MailPort = {
  kind: 'smtp' | 'outbox';
  /** sends (or stores) one e-mail; throws MailError when it could not be handed over */
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
};

export class MailError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'MailError';
  }
}
