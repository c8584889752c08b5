import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** the next e-mail to `to` (waits up to `timeoutMs`) */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** the next `n` connections are accepted and never greeted (a hung server: the sender's timeout fires) */
  hangNext(n: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server inside the test process (smtp-server, 127.0.0.1, random port, no TLS, any login): the mail
 * port's SMTP adapter talks to it over a socket as it would to a provider, and tests read what arrived (mailparser).
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let hang = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() does not wait for a hung test connection
    closeTimeout: 100,
    onConnect(_session, cb) {
      if (hang > 0) {
        hang--;
        // never answer: the greeting never comes
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            parsed,
          });
          for (const w of waiters.splice(0)) w();
          cb();
        })
        .catch((err) => cb(err));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
        if (hit) return hit;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    hangNext(n) {
      hang = n;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
