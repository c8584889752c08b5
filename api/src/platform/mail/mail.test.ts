import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { MailOutboxDto } from '@zapdesk/core';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { TestClock, useClock } from '../clock';
import { findOutboxMail, MAIL_SECRET_HIDDEN, mailer, mailerFromEnv, sendMail, useMailer } from './index';
import { smtpMailer } from './smtp-adapter';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.fixtures';

const { t } = useTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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

  test('outbox secrets: a mailed password shows until its owner logs in or changes it, or 24 h of the clock pass; e-mails go after 30 days', async () => {
    const clock = new TestClock(Date.now());
    const restore = useClock(clock);
    try {
      const co = await makeTenant();
      const master = await makeUser(co.company.id, { profile: 'admin', master: true });
      const [logsIn, changed, idle] = await Promise.all(
        ['entra', 'troca', 'parado'].map((n) => makeUser(co.company.id, { email: `${n}@segredos.test` })),
      );
      const password = 'Xy7kPq2mZr';
      for (const u of [logsIn, changed, idle]) {
        const sent = await sendMail({
          to: u.user.email,
          subject: 'Seus dados de acesso',
          text: `E-mail: ${u.user.email}\nSenha: ${password}`,
          html: `<p>Senha: ${password}</p>`,
          secret: password,
        });
        expect(sent).toBe(true);
      }
      const read = async () => {
        const r = await t.req('GET', '/mailOutbox?searchParam=segredos.test', { token: master.token });
        const mails = ((await r.json()) as { mails: MailOutboxDto[] }).mails;
        return Object.fromEntries(mails.map((m) => [m.to.split('@')[0], m]));
      };
      const shown = (m: MailOutboxDto | undefined) => m?.text.includes(`Senha: ${password}`);
      const hidden = (m: MailOutboxDto | undefined) =>
        m?.text.includes(`Senha: ${MAIL_SECRET_HIDDEN}`) && !m.html?.includes(password);
      // stored apart: the e-mail's text never holds the password itself
      const first = await read();
      const row = await findOutboxMail(first.entra!.id);
      expect(row?.text).not.toContain(password);
      expect(row?.secret).toBe(password);
      expect([shown(first.entra), shown(first.troca), shown(first.parado)]).toEqual([true, true, true]);
      expect(first.entra!.html).toContain(`Senha: ${password}`);

      // the first login forgets it
      const login = await t.req('POST', '/auth/login', { json: { email: logsIn.user.email, password: 'secret123' } });
      expect(login.status).toBe(200);
      let now = await read();
      expect([hidden(now.entra), shown(now.troca), shown(now.parado)]).toEqual([true, true, true]);
      expect((await findOutboxMail(now.entra!.id))?.secret).toBeNull();

      // a password change (here by the company's admin) too
      const put = await t.req('PUT', `/users/${changed.user.id}`, {
        token: co.admin.token,
        json: { password: 'outraSenha123' },
      });
      expect(put.status).toBe(200);
      now = await read();
      expect([hidden(now.troca), shown(now.parado)]).toEqual([true, true]);

      // nobody used it: kept MAIL_OUTBOX_SECRET_HOURS (24) of the clock, then forgotten
      await clock.advance(24 * HOUR - MINUTE);
      expect(shown((await read()).parado)).toBe(true);
      await clock.advance(2 * MINUTE);
      now = await read();
      expect(hidden(now.parado)).toBe(true);
      expect((await findOutboxMail(now.parado!.id))?.secret).toBeNull();
      // the e-mails themselves stay MAIL_OUTBOX_RETENTION_DAYS (30)
      await clock.advance(29 * 24 * HOUR - 2 * HOUR);
      expect(Object.keys(await read()).sort()).toEqual(['entra', 'parado', 'troca']);
      await clock.advance(2 * HOUR);
      expect(await read()).toEqual({});
      expect(await findOutboxMail(first.entra!.id)).toBeUndefined();
    } finally {
      restore();
    }
  });
});
