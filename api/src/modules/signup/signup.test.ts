import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  LEAD_RULE_EMAIL,
  LEAD_RULE_IP,
  LEAD_STATUS_DONE,
  LEAD_STATUS_WAITING,
  type LeadDto,
  SIGNUP_TEXTS,
  TRIAL_DAYS,
} from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies, leads, plans, users } from '../../db/schema';
import { db } from '../../platform/db';
import { useMailer } from '../../platform/mail';
import { smtpMailer } from '../../platform/mail/smtp-adapter';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/smtp-server.fixtures';
import { rateLimiter } from '../../platform/ratelimit';
import { makeCompany, makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const { t } = useTestApp();
let smtp: TestSmtpServer;
let plan: typeof plans.$inferSelect;
let hidden: typeof plans.$inferSelect;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  [plan] = await db
    .insert(plans)
    .values({
      name: 'Profissional',
      numberAttendants: 7,
      numberConnections: 3,
      isPublic: true,
      status: true,
      enableCampaigns: true,
      enableFlows: true,
      value1Month: '199.90',
      value3Months: '179.90',
      value6Months: '169.90',
      value12Months: '149.90',
    })
    .returning();
  [hidden] = await db.insert(plans).values({ name: 'Interno', isPublic: false }).returning();
});
afterAll(async () => {
  useMailer(undefined);
  await smtp.close();
});
beforeEach(async () => {
  useMailer(smtpMailer({ url: smtp.url, from: 'ZapDesk <no-reply@zapdesk.test>', timeoutMs: 5000 }));
  for (const k of ['lead:ip:unknown', 'subscription:ip:unknown', 'lead:read:unknown']) await rateLimiter().reset(k);
});

let n = 0;
const email = () => `cliente${Date.now().toString(36)}${++n}@empresa.test`;

const leadBody = (over: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  email: email(),
  whatsAppNumber: '55 (11) 98765-4321',
  planId: plan.id,
  origin: 'whatever',
  status: 'whatever',
  recurrence: 'months6',
  billingType: 'BOLETO',
  ...over,
});

async function post(path: string, json: unknown) {
  const res = await t.req('POST', path, { json });
  return { res, body: (await res.json()) as Record<string, unknown> & { fields?: Record<string, string> } };
}

/** the lead's id from the link in its e-mail (what the person clicks) */
async function leadIdFromMail(to: string): Promise<string> {
  const m = await smtp.waitFor(to);
  expect(m.subject).toBe('Conclua o seu cadastro');
  const link = m.text.match(/(http\S+\/subscription\/([0-9a-f-]{36}))/);
  expect(link?.[1]).toStartWith(`${t.platform.env.frontendUrl}/subscription/`);
  return link?.[2] as string;
}

let docs = 0;
/** a valid CPF no company of this file has yet (one trial per CPF/CNPJ) */
function newCpf(): string {
  const base = String(300_000_000 + ++docs * 1_234_567);
  return `${base}${cpfCheckDigits(base)}`;
}

const subscriptionBody = (leadId: string, over: Record<string, unknown> = {}) => ({
  leadId,
  name: 'Souza Doces',
  companyName: 'SOUZA DOCES LTDA',
  documentNumber: newCpf(),
  userName: 'Maria Souza',
  address: {
    cep: '01310-100',
    street: 'Avenida Paulista',
    numberAddress: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
  ...over,
});

describe('the public store and self-subscription', () => {
  test('lead → e-mail with the link (real SMTP) → prefill → subscription: company on the plan, 15-day trial, access e-mail, login', async () => {
    const body = leadBody();
    const lead = await post('/lead', body);
    expect(lead.res.status).toBe(201);
    expect(lead.body).toEqual({ message: 'Você recebera um email para concluir o cadastro' });
    const leadId = await leadIdFromMail(body.email);

    const [row] = await db.select().from(leads).where(eq(leads.publicId, leadId));
    expect(row).toMatchObject({
      status: LEAD_STATUS_WAITING,
      origin: 'myStore',
      recurrence: 'months6',
      billingType: 'BOLETO',
      whatsAppNumber: '5511987654321',
    });

    const shown = await t.req('GET', `/lead/${leadId}`);
    expect(shown.status).toBe(200);
    expect((await shown.json()) as LeadDto).toMatchObject({
      id: leadId,
      name: 'Maria Souza',
      email: body.email,
      whatsAppNumber: '5511987654321',
      planId: plan.id,
      planName: 'Profissional',
      origin: 'myStore',
      status: 'aguardando completar o cadastro',
      recurrence: 'months6',
      billingType: 'BOLETO',
    });

    const started = Date.now();
    const sub = await post(
      '/subscription',
      subscriptionBody(leadId, { recurrence: 'months12', documentNumber: '11.222.333/0001-81' }),
    );
    expect(sub.res.status).toBe(201);
    expect(sub.body.message).toBe(
      'Cadastro concluído com exito, verifique seu email com os dados de acesso para fazer login',
    );
    expect(sub.body.planName).toBe('Profissional');
    const trialEnd = new Date(sub.body.trialEndsAt as string).getTime();
    expect(Math.abs(trialEnd - started - TRIAL_DAYS * 86_400_000)).toBeLessThan(60_000);

    const access = smtp.received.find((m) => m.to.includes(body.email) && m.subject === 'Seus dados de acesso');
    expect(access).toBeDefined();
    const password = access?.text.match(/Senha: (\S+)/)?.[1] as string;
    expect(password).toHaveLength(10);
    expect(access?.text).toContain(`E-mail: ${body.email}`);
    expect(access?.text).toMatch(/teste grátis vai até \d\d\/\d\d\/\d{4}/);

    const login = await post('/auth/login', { email: body.email, password });
    expect(login.res.status).toBe(200);
    const user = login.body.user as { companyId: number; profile: string; payPanelAccess: boolean };
    expect(user.profile).toBe('admin');
    const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
    expect(company).toMatchObject({
      name: 'Souza Doces',
      companyName: 'SOUZA DOCES LTDA',
      documentNumber: '11222333000181',
      email: body.email,
      planId: plan.id,
      numberAttendants: 7,
      numberConections: 3,
      enableCampaigns: true,
      enableFlows: true,
      status: true,
      leadId: row.id,
    });
    expect(company.trialEndsAt?.toISOString()).toBe(sub.body.trialEndsAt as string);
    expect(company.address).toMatchObject({ cep: '01310-100', city: 'São Paulo', country: 'Brasil' });
    const [admin] = await db.select().from(users).where(eq(users.email, body.email));
    expect(admin.payPanelAccess).toBe(true);

    const [after] = await db.select().from(leads).where(eq(leads.id, row.id));
    expect(after).toMatchObject({ status: LEAD_STATUS_DONE, companyId: company.id, recurrence: 'months12' });
    // the link is spent: the page is told, a second submission is refused
    expect(((await (await t.req('GET', `/lead/${leadId}`)).json()) as LeadDto).status).toBe('cadastro concluído');
    const again = await post('/subscription', subscriptionBody(leadId));
    expect([again.res.status, again.body.error]).toEqual([409, 'ERR_LEAD_COMPLETED']);
  });

  test("the lead form's texts (spec 3 §5) and plans that are not offered", async () => {
    const bad = await post('/lead', leadBody({ name: 'M', email: 'nao-e-email', whatsAppNumber: '11987654321' }));
    expect(bad.res.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      name: 'Muito curto',
      email: 'Email Invalido',
      whatsAppNumber: 'Digite o numero no formato ddi ddd numero Ex: 5511999999999',
    });
    const empty = await post('/lead', leadBody({ name: '', email: '' }));
    expect(empty.body.fields).toMatchObject({ name: 'Digite e Nome', email: 'Digite um email' });
    expect((await post('/lead', leadBody({ name: 'x'.repeat(51) }))).body.fields?.name).toBe('Muito Longo');
    for (const planId of [hidden.id, 999_999]) {
      const r = await post('/lead', leadBody({ planId }));
      expect([r.res.status, r.body.error]).toEqual([400, 'ERR_PLAN_UNAVAILABLE']);
    }
    // defaults: months3 and PIX
    const body = leadBody({ recurrence: undefined, billingType: undefined });
    expect((await post('/lead', body)).res.status).toBe(201);
    const [row] = await db.select().from(leads).where(eq(leads.email, body.email));
    expect([row.recurrence, row.billingType]).toEqual(['months3', 'PIX']);
  });

  test('document number rules on the registration form (spec 3 §5, alphanumeric CNPJ too)', async () => {
    const body = leadBody();
    await post('/lead', body);
    const leadId = await leadIdFromMail(body.email);
    const cases: [string, string][] = [
      ['', SIGNUP_TEXTS.documentRequired],
      ['529.982.247-24', 'CPF invalido'],
      ['11.222.333/0001-82', 'CNPJ invalido'],
      ['1234567890', 'O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos'],
      ['123456789012', 'O CNPJ deve conter 14 dígitos'],
    ];
    for (const [documentNumber, text] of cases) {
      const r = await post('/subscription', subscriptionBody(leadId, { documentNumber }));
      expect({ documentNumber, status: r.res.status, text: r.body.fields?.documentNumber }).toEqual({
        documentNumber,
        status: 400,
        text,
      });
    }
    const name = await post('/subscription', subscriptionBody(leadId, { name: 'S' }));
    expect(name.body.fields?.name).toBe('Too Short!');
    // a CPF and an alphanumeric CNPJ are accepted
    const ok = await post('/subscription', subscriptionBody(leadId, { documentNumber: '12.abc.345/01de-35' }));
    expect(ok.res.status).toBe(201);
  });

  test('an e-mail that already has an account: the same answer, no lead, its owner told; a taken e-mail at subscription → generic 409', async () => {
    const other = await makeTenant();
    const taken = other.admin.user.email;
    const r = await post('/lead', leadBody({ email: taken.toUpperCase() }));
    expect([r.res.status, r.body.message]).toEqual([201, 'Você recebera um email para concluir o cadastro']);
    expect(await db.select().from(leads).where(eq(leads.email, taken))).toHaveLength(0);
    const notice = await smtp.waitFor(taken);
    expect(notice.subject).toBe('Você já tem uma conta');
    expect(notice.text).not.toContain('/subscription/');

    // the e-mail got an account after the lead was made
    const body = leadBody();
    await post('/lead', body);
    const leadId = await leadIdFromMail(body.email);
    const co = await makeTenant();
    await db.update(users).set({ email: body.email }).where(eq(users.id, co.admin.user.id));
    const sub = await post('/subscription', subscriptionBody(leadId));
    expect(sub.res.status).toBe(409);
    expect(sub.body).toMatchObject({ error: 'ERR_SIGNUP_EMAIL_UNAVAILABLE', message: SIGNUP_TEXTS.emailUnavailable });
    expect(JSON.stringify(sub.body)).not.toContain(co.company.name);
    const [row] = await db.select().from(leads).where(eq(leads.publicId, leadId));
    expect(row.status).toBe(LEAD_STATUS_WAITING);
  });

  test('one trial per CPF/CNPJ: a document a company has is refused, whatever its punctuation or case', async () => {
    const newLead = async () => {
      const body = leadBody();
      await post('/lead', body);
      return leadIdFromMail(body.email);
    };
    const cpf = newCpf();
    const first = await post('/subscription', subscriptionBody(await newLead(), { documentNumber: cpf }));
    expect(first.res.status).toBe(201);
    const refused = {
      error: 'ERR_SIGNUP_DOCUMENT_UNAVAILABLE',
      message:
        'Este CPF ou CNPJ já tem um cadastro e não pode iniciar outro período de teste. Entre com a conta existente ou fale conosco.',
    };
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const documentNumber of [cpf, formatted, ` ${cpf.slice(0, 5)} ${cpf.slice(5, 9)}/${cpf.slice(9)} `]) {
      const leadId = await newLead();
      const again = await post('/subscription', subscriptionBody(leadId, { documentNumber }));
      expect({ documentNumber, status: again.res.status, body: again.body }).toEqual({
        documentNumber,
        status: 409,
        body: refused,
      });
      // nothing made; the lead can still be completed with another document
      const [row] = await db.select().from(leads).where(eq(leads.publicId, leadId));
      expect([row.status, row.companyId, row.trialDocument]).toEqual([LEAD_STATUS_WAITING, null, null]);
    }

    // an alphanumeric CNPJ of a company the master made (stored with its marks): lower case, other marks → refused
    const base = 'ZX9Y8W7V6U54';
    const cnpj = `${base}${cnpjCheckDigits(base)}`;
    await makeCompany({
      documentNumber: `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
    });
    const alnum = await post(
      '/subscription',
      subscriptionBody(await newLead(), { documentNumber: cnpj.toLowerCase() }),
    );
    expect([alnum.res.status, alnum.body.error]).toEqual([409, 'ERR_SIGNUP_DOCUMENT_UNAVAILABLE']);

    // two sign-ups with one new document at the same instant: one trial
    const doc = newCpf();
    const [a, b] = await Promise.all([
      newLead().then((id) => post('/subscription', subscriptionBody(id, { documentNumber: doc }))),
      newLead().then((id) => post('/subscription', subscriptionBody(id, { documentNumber: doc }))),
    ]);
    expect([a.res.status, b.res.status].sort()).toEqual([201, 409]);
    expect([a.body.error, b.body.error]).toContain('ERR_SIGNUP_DOCUMENT_UNAVAILABLE');
    expect(await db.select().from(companies).where(eq(companies.documentNumber, doc))).toHaveLength(1);
  });

  test('unknown, malformed and expired links', async () => {
    const unknown = await t.req('GET', `/lead/${crypto.randomUUID()}`);
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([404, 'ERR_LEAD_NOT_FOUND']);
    expect((await t.req('GET', '/lead/123')).status).toBe(400);
    expect((await post('/subscription', subscriptionBody('not-a-uuid'))).res.status).toBe(400);
    const body = leadBody();
    await post('/lead', body);
    const leadId = await leadIdFromMail(body.email);
    await db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(leads.publicId, leadId));
    expect((await t.req('GET', `/lead/${leadId}`)).status).toBe(404);
    expect((await post('/subscription', subscriptionBody(leadId))).res.status).toBe(404);
  });

  test('two submissions of one link at once make one company', async () => {
    const body = leadBody();
    await post('/lead', body);
    const leadId = await leadIdFromMail(body.email);
    const [a, b] = await Promise.all([
      post('/subscription', subscriptionBody(leadId)),
      post('/subscription', subscriptionBody(leadId)),
    ]);
    expect([a.res.status, b.res.status].sort()).toEqual([201, 409]);
    const [row] = await db.select().from(leads).where(eq(leads.publicId, leadId));
    expect(await db.select().from(companies).where(eq(companies.leadId, row.id))).toHaveLength(1);
  });

  test('a claim left by a stopped process is taken again after 5 minutes, not before', async () => {
    const body = leadBody();
    await post('/lead', body);
    const leadId = await leadIdFromMail(body.email);
    await db
      .update(leads)
      .set({ status: 'processando cadastro', updatedAt: new Date() })
      .where(eq(leads.publicId, leadId));
    const busy = await post('/subscription', subscriptionBody(leadId));
    expect([busy.res.status, busy.body.error]).toEqual([409, 'ERR_LEAD_COMPLETED']);
    await db
      .update(leads)
      .set({ updatedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(leads.publicId, leadId));
    expect((await post('/subscription', subscriptionBody(leadId))).res.status).toBe(201);
  });

  test("a claim left by a stopped process holds its document until it is stale: then another lead's trial takes it", async () => {
    const newLead = async () => {
      const body = leadBody();
      await post('/lead', body);
      return leadIdFromMail(body.email);
    };
    const doc = newCpf();
    const stopped = await newLead();
    await db
      .update(leads)
      .set({ status: 'processando cadastro', trialDocument: doc, updatedAt: new Date() })
      .where(eq(leads.publicId, stopped));
    const busy = await post('/subscription', subscriptionBody(await newLead(), { documentNumber: doc }));
    expect([busy.res.status, busy.body.error]).toEqual([409, 'ERR_SIGNUP_DOCUMENT_UNAVAILABLE']);
    await db
      .update(leads)
      .set({ updatedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(leads.publicId, stopped));
    const taken = await post('/subscription', subscriptionBody(await newLead(), { documentNumber: doc }));
    expect(taken.res.status).toBe(201);
    const [old] = await db.select().from(leads).where(eq(leads.publicId, stopped));
    expect(old.trialDocument).toBeNull();
    expect(await db.select().from(companies).where(eq(companies.documentNumber, doc))).toHaveLength(1);
  });

  test('an e-mail that cannot be sent: 503, nothing silently lost', async () => {
    useMailer(smtpMailer({ url: 'smtp://127.0.0.1:9', from: 'x@zapdesk.test', timeoutMs: 500 }));
    const r = await post('/lead', leadBody());
    expect([r.res.status, r.body.error]).toEqual([503, 'ERR_SERVICE_UNAVAILABLE']);
  });

  test('rate limits per IP and per e-mail (429 + Retry-After); bodies over 16 KB → 413', async () => {
    const same = email();
    for (let i = 0; i < LEAD_RULE_EMAIL.limit; i++)
      expect((await post('/lead', leadBody({ email: same }))).res.status).toBe(201);
    const perEmail = await post('/lead', leadBody({ email: same }));
    expect(perEmail.res.status).toBe(429);
    expect(Number(perEmail.res.headers.get('retry-after'))).toBeGreaterThan(0);
    await rateLimiter().reset('lead:ip:unknown');
    for (let i = 0; i < LEAD_RULE_IP.limit; i++) await post('/lead', leadBody({ planId: hidden.id }));
    const perIp = await post('/lead', leadBody());
    expect([perIp.res.status, perIp.body.error]).toEqual([429, 'ERR_TOO_MANY_REQUESTS']);
    const big = await post('/lead', leadBody({ name: 'x'.repeat(20_000) }));
    expect(big.res.status).toBe(413);
  });
});
