import nodemailer from 'nodemailer';
import { MailError, type MailMessage, type MailPort } from './port';

/**
 * SMTP through nodemailer: `SMTP_URL` (smtp://user:pass@host:587, smtps://… for implicit TLS; nodemailer's URL
 * options such as `?ignoreTLS=true` work too). Every step is bounded by `timeoutMs` (connect, greeting, socket
 * idle) and the whole send by twice that (Bun's sockets do not always fire nodemailer's own timers): a dead server
 * fails the send, never hangs the request that sends it.
 */
export function smtpMailer(opts: { url: string; from: string; timeoutMs: number }): MailPort {
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(m: MailMessage) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailError('smtp send timed out')), opts.timeoutMs * 2);
      });
      try {
        await Promise.race([
          transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html }),
          deadline,
        ]);
      } catch (err) {
        if (err instanceof MailError) throw err;
        throw new MailError(`smtp send failed: ${String((err as Error)?.message ?? err).slice(0, 200)}`, err);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      transport.close();
    },
  };
}
