import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { MailOutboxDto } from '@zapdesk/core';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { mailer, mailerFromEnv, sendMail, useMailer } from './index';
import { smtpMailer } from './smtp-adapter';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.fixtures';

const { t } = useTestApp();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  useMailer(undefined);
  await smtp.close();
});

describe('mail port', () => {
  test('the environment picks SMTP with SMTP_URL, else the embedded outbox', () => {
    expect(mailerFromEnv({ mailFrom: 'a@b.c', smtpTimeoutMs: 1000 }).kind).toBe('outbox');
    expect(mailerFromEnv({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'a@b.c', smtpTimeoutMs: 1000 }).kind).toBe('smtp');
    // the test environment has no SMTP_URL
    expect(mailer().kind).toBe('outbox');
  });

  test('SMTP: the e-mail arrives at a real SMTP server, text, HTML, sender and accents intact', async () => {
    const port = smtpMailer({ url: smtp.url, from: 'ZapDesk <no-reply@zapdesk.test>', timeoutMs: 5000 });
    try {
      await port.send({
        to: 'cliente@empresa.test',
        subject: 'Conclua o seu cadastro',
        text: 'Olá, João! Acesse http://localhost:3000/subscription/0b5c1f4e-2a9d-4c61-8f7e-0a1b2c3d4e5f para concluir.',
        html: '<p>Olá, João!</p>',
      });
      const m = await smtp.waitFor('cliente@empresa.test');
      expect(m.from).toBe('no-reply@zapdesk.test');
      expect(m.subject).toBe('Conclua o seu cadastro');
      // the long link survives the transfer encoding whole
      expect(m.text).toContain('http://localhost:3000/subscription/0b5c1f4e-2a9d-4c61-8f7e-0a1b2c3d4e5f');
      expect(m.text).toContain('João');
      expect(m.html).toContain('<p>Olá, João!</p>');
    } finally {
      await port.close?.();
    }
  });

  test('SMTP: a server that never greets fails the send within the timeout; sendMail logs and answers false', async () => {
    const port = smtpMailer({ url: smtp.url, from: 'no-reply@zapdesk.test', timeoutMs: 600 });
    smtp.hangNext(1);
    useMailer(port);
    try {
      const started = Date.now();
      expect(await sendMail({ to: 'ninguem@empresa.test', subject: 'x', text: 'y' })).toBe(false);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      useMailer(undefined);
      await port.close?.();
    }
  });

  test('SMTP: nothing listening → false, no throw', async () => {
    const port = smtpMailer({ url: 'smtp://127.0.0.1:9', from: 'no-reply@zapdesk.test', timeoutMs: 1000 });
    useMailer(port);
    try {
      expect(await sendMail({ to: 'x@empresa.test', subject: 'x', text: 'y' })).toBe(false);
    } finally {
      useMailer(undefined);
    }
  });

  test('outbox: sendMail stores the e-mail; GET /mailOutbox shows it to a master only, newest first, searchable', async () => {
    const platformCo = await makeTenant();
    const master = await makeUser(platformCo.company.id, { profile: 'admin', master: true });
    const other = await makeTenant();
    expect(await sendMail({ to: 'primeiro@empresa.test', subject: 'Primeiro', text: 'um' })).toBe(true);
    expect(await sendMail({ to: 'segundo@empresa.test', subject: 'Segundo', text: 'dois', html: '<b>dois</b>' })).toBe(
      true,
    );
    const res = await t.req('GET', '/mailOutbox', { token: master.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mails: MailOutboxDto[]; hasMore: boolean; mode: string };
    expect(body.mode).toBe('outbox');
    expect(body.mails.map((m) => m.to).slice(0, 2)).toEqual(['segundo@empresa.test', 'primeiro@empresa.test']);
    expect(body.mails[0]).toMatchObject({ subject: 'Segundo', text: 'dois', html: '<b>dois</b>' });
    expect(body.mails[0].from).toContain('@');

    const found = (await (await t.req('GET', '/mailOutbox?searchParam=primeiro', { token: master.token })).json()) as {
      mails: MailOutboxDto[];
    };
    expect(found.mails.map((m) => m.subject)).toEqual(['Primeiro']);

    for (const token of [platformCo.admin.token, platformCo.agent.token, other.admin.token]) {
      const r = await t.req('GET', '/mailOutbox', { token });
      expect(r.status).toBe(403);
      expect(((await r.json()) as { error: string }).error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.req('GET', '/mailOutbox')).status).toBe(401);
  });

  test('outbox pages by 20', async () => {
    const co = await makeTenant();
    const master = await makeUser(co.company.id, { profile: 'admin', master: true });
    for (let i = 0; i < 21; i++) await sendMail({ to: `pagina${i}@paginas.test`, subject: `Página ${i}`, text: '.' });
    const p1 = (await (await t.req('GET', '/mailOutbox?searchParam=paginas.test', { token: master.token })).json()) as {
      mails: MailOutboxDto[];
      hasMore: boolean;
    };
    expect(p1.mails).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const p2 = (await (
      await t.req('GET', '/mailOutbox?searchParam=paginas.test&pageNumber=2', { token: master.token })
    ).json()) as { mails: MailOutboxDto[]; hasMore: boolean };
    expect(p2.mails.map((m) => m.to)).toEqual(['pagina0@paginas.test']);
    expect(p2.hasMore).toBe(false);
  });
});
