import { afterAll, beforeAll } from 'bun:test';
import { TestClock, useClock } from '../../platform/clock';
import { useMailer } from '../../platform/mail';
import { smtpMailer } from '../../platform/mail/smtp-adapter';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/smtp-server.fixtures';
import type { TestApp } from '../../test/harness';
import { useTestApp } from '../../test/use-test-app';
import { startWhatsappArea } from '../whatsapp/whatsapp.startup';
import { dailyJob, dispatchJob } from './billing-notices.dispatcher';
import { installInvoiceListener } from './billing-notices.startup';

export type NoticesTestEnv = { t: TestApp; clock: TestClock; smtp: TestSmtpServer };

/**
 * The notices' integration setup: the app with the dispatch and daily jobs, the invoice listener, the simulator and
 * the job workers (not the inbound pipeline: its periodic sweep would move onto the test clock and fire every 30 s of
 * each simulated day); the shared clock at `startIso`; a real SMTP server behind the mail port. `clock` and `smtp`
 * are set before the tests run.
 */
export function useNoticesTestApp(startIso: string): NoticesTestEnv {
  let restoreClock: (() => void) | undefined;
  const { t } = useTestApp(async (app) => {
    dispatchJob.register();
    dailyJob.register();
    installInvoiceListener();
    await startWhatsappArea({ role: 'worker' });
    await app.platform.jobs.startWorkers();
  });
  const env = { t } as NoticesTestEnv;
  beforeAll(async () => {
    env.clock = new TestClock(Date.parse(startIso));
    restoreClock = useClock(env.clock);
    env.smtp = await startTestSmtpServer();
    useMailer(smtpMailer({ url: env.smtp.url, from: 'cobranca@zapdesk.test', timeoutMs: 1500 }));
  });
  afterAll(async () => {
    useMailer(undefined);
    restoreClock?.();
    await env.smtp?.close();
  });
  return env;
}
