import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded outbox of the mail port (no SMTP_URL): every e-mail the platform "sends" is stored here and read by a
 * master on /mailOutbox (the demo's sign-up e-mails). Platform-level: e-mails go to people, not to a tenant.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * The secret the e-mail carries (a generated password), kept apart: `text`/`html` hold MAIL_SECRET_SLOT in its
     * place. NULL once forgotten (its owner logged in or changed the password, or MAIL_OUTBOX_SECRET_HOURS passed).
     */
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toAddress)],
);
