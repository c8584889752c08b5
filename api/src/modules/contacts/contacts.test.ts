import { beforeAll, describe, expect, test } from 'bun:test';
import { IMPORT_MAX_UNPACKED_BYTES, IMPORT_SHEET_TEXTS } from '@zapdesk/core/contacts/import-sheet';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { categoryContacts, contactCategories, contacts } from '../../db/schema';
import { db } from '../../platform/db';
import { makeGroup, makeTenant, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels } from '../pipeline/pipeline.fixtures';

const { t, events } = useTestApp(startChannels);
const { A, B } = useTenantPair();

/** A default connection of the company: the real simulator, created through the API and (unless asked) scanned. */
async function makeConnectedDefault(adminToken: string, connected = true) {
  if (connected) return connectedSimulator(t, adminToken, { isDefault: true });
  const res = await t.req('POST', '/whatsapp', {
    token: adminToken,
    json: { name: 'Aguardando QR', lib: 'simulator', isDefault: true },
  });
  expect(res.status).toBe(200);
  return (await res.json()).id as number;
}

beforeAll(async () => {
  await makeConnectedDefault(A.admin.token);
  await makeConnectedDefault(B.admin.token);
}, 60_000);

let seq = 0;
const phone = () => `55119${String(70000000 + ++seq).padStart(8, '0')}`;

async function create(token: string, body: Record<string, unknown>) {
  const res = await t.req('POST', '/contacts', { token, json: body });
  return { res, body: await res.json() };
}

describe('POST /contacts', () => {
  test('creates a contact with a normalised number and emits contact-{companyId} create', async () => {
    const n = phone();
    const { res, body } = await create(A.agent.token, {
      name: ' Maria ',
      number: `+${n.slice(0, 2)} (${n.slice(2, 4)}) ${n.slice(4)}`,
      email: 'Maria@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      name: 'Maria',
      number: n,
      email: 'maria@example.com',
      extraInfo: [{ id: 1, name: 'CPF', value: '123' }],
      categoryContacts: [],
      companyId: A.company.id,
    });
    const ev = events.find((e) => e.channel === `contact-${A.company.id}` && e.data.action === 'create');
    expect(ev?.companyId).toBe(A.company.id);
    expect((ev?.data.contact as { id: number } | undefined)?.id).toBe(body.id);
  });

  test('POST /contact is the same call', async () => {
    const res = await t.req('POST', '/contact', { token: A.agent.token, json: { name: 'Joana', number: phone() } });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Joana');
  });

  test('validation answers the spec texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ number: phone() }, 'Required'],
      [{ name: 'A', number: phone() }, 'Too Short!'],
      [{ name: 'x'.repeat(51), number: phone() }, 'Too Long!'],
      [{ name: 'Ana', number: '1234567' }, 'Too Short!'],
      [{ name: 'Ana', number: '1'.repeat(51) }, 'Too Long!'],
      [{ name: 'Ana', number: phone(), email: 'not-an-email' }, 'Invalid email'],
    ];
    for (const [json, message] of cases) {
      const res = await t.req('POST', '/contacts', { token: A.agent.token, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', message });
    }
  });

  test('a number already in the company is ERR_DUPLICATED_CONTACT, also in its legacy Brazilian spelling', async () => {
    const first = await create(A.agent.token, { name: 'Carlos', number: '5531987650001' });
    expect(first.res.status).toBe(200);
    const again = await create(A.agent.token, { name: 'Carlos 2', number: '5531987650001' });
    expect(again.res.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const legacy = await create(A.agent.token, { name: 'Carlos 3', number: '553187650001' });
    expect(legacy.res.status).toBe(409);
    // another company may have the same number
    const other = await create(B.agent.token, { name: 'Carlos', number: '5531987650001' });
    expect(other.res.status).toBe(200);
  });

  test('WhatsApp check through the default connection', async () => {
    const invalid = await create(A.agent.token, { name: 'Sem Zap', number: '000123456789' });
    expect(invalid.res.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_WAPP_INVALID_CONTACT');

    const lonely = await makeTenant();
    const none = await create(lonely.agent.token, { name: 'Sem conexão', number: phone() });
    expect(none.res.status).toBe(404);
    expect(none.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');

    const offline = await makeTenant();
    await makeConnectedDefault(offline.admin.token, false);
    const down = await create(offline.agent.token, { name: 'Desconectada', number: phone() });
    expect(down.res.status).toBe(400);
    expect(down.body.error).toBe('ERR_WAPP_CHECK_CONTACT');
    expect(await db.select().from(contacts).where(eq(contacts.companyId, offline.company.id))).toHaveLength(0);
  });

  test('needs a session', async () => {
    const res = await t.req('POST', '/contacts', { json: { name: 'Ana', number: phone() } });
    expect(res.status).toBe(401);
  });
});

describe('GET /contacts', () => {
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  let vipId: number;
  beforeAll(async () => {
    tenant = await makeTenant();
    await makeConnectedDefault(tenant.admin.token);
    for (let i = 0; i < 25; i++) {
      const r = await create(tenant.admin.token, { name: `Cliente ${String(i).padStart(2, '0')}`, number: phone() });
      expect(r.res.status).toBe(200);
    }
    const special = await create(tenant.admin.token, {
      name: 'Zélia Especial',
      number: '5521988887777',
      email: 'zelia@x.com',
    });
    const [cat] = await db.insert(categoryContacts).values({ companyId: tenant.company.id, name: 'VIP' }).returning();
    vipId = cat.id;
    await db
      .insert(contactCategories)
      .values({ companyId: tenant.company.id, contactId: special.body.id, categoryId: cat.id });
  });

  test('pages of 20 in name order with hasMore and count', async () => {
    const p1 = await (await t.req('GET', '/contacts', { token: tenant.agent.token })).json();
    expect(p1.contacts).toHaveLength(20);
    expect(p1.count).toBe(26);
    expect(p1.hasMore).toBe(true);
    expect(p1.contacts[0].name).toBe('Cliente 00');
    const p2 = await (await t.req('GET', '/contacts/?pageNumber=2', { token: tenant.agent.token })).json();
    expect(p2.contacts).toHaveLength(6);
    expect(p2.hasMore).toBe(false);
    expect(p2.contacts.at(-1).name).toBe('Zélia Especial');
  });

  test('search by name, number or e-mail; ?search= works like searchParam', async () => {
    const byName = await (await t.req('GET', '/contacts?searchParam=ZÉLIA', { token: tenant.agent.token })).json();
    expect(byName.contacts.map((c: { name: string }) => c.name)).toEqual(['Zélia Especial']);
    const byNumber = await (await t.req('GET', '/contacts?search=988887', { token: tenant.agent.token })).json();
    expect(byNumber.count).toBe(1);
    const byEmail = await (await t.req('GET', '/contacts?searchParam=zelia@', { token: tenant.agent.token })).json();
    expect(byEmail.count).toBe(1);
    const none = await (await t.req('GET', '/contacts?searchParam=100%25', { token: tenant.agent.token })).json();
    expect(none.count).toBe(0);
  });

  test('category filter, with the categories in each contact', async () => {
    const r = await (
      await t.req('GET', `/contacts?selectedContactCategories=${encodeURIComponent(JSON.stringify([vipId]))}`, {
        token: tenant.agent.token,
      })
    ).json();
    expect(r.count).toBe(1);
    expect(r.contacts[0].categoryContacts).toEqual([{ id: vipId, name: 'VIP', color: null }]);
  });

  test('only the company contacts; a bad page is a 400', async () => {
    const r = await (await t.req('GET', '/contacts?searchParam=zélia', { token: B.agent.token })).json();
    expect(r.count).toBe(0);
    const bad = await t.req('GET', '/contacts?pageNumber=abc', { token: tenant.agent.token });
    expect(bad.status).toBe(400);
  });

  test('the list is two statements whatever the page size', async () => {
    const { countStatements } = await import('../../platform/db');
    const { listContacts } = await import('./contacts.service');
    const { count } = await countStatements(() =>
      listContacts({ companyId: tenant.company.id }, { searchParam: '', pageNumber: 1, categoryIds: [] }),
    );
    expect(count).toBe(2);
  });
});

describe('GET, PUT, DELETE /contacts/{id}', () => {
  test('get answers the contact; another company answers 404', async () => {
    const { body } = await create(A.agent.token, { name: 'Pedro', number: phone() });
    const ok = await t.req('GET', `/contacts/${body.id}`, { token: A.agent.token });
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe('Pedro');
    const other = await t.req('GET', `/contacts/${body.id}`, { token: B.admin.token });
    expect(other.status).toBe(404);
    expect((await other.json()).error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await t.req('GET', '/contacts/abc', { token: A.agent.token })).status).toBe(400);
  });

  test('put updates fields, keeps extra info ids, sets commandBot, emits update', async () => {
    const { body } = await create(A.agent.token, {
      name: 'Paula',
      number: phone(),
      extraInfo: [
        { name: 'CPF', value: '1' },
        { name: 'RG', value: '2' },
      ],
    });
    const res = await t.req('PUT', `/contacts/${body.id}`, {
      token: A.agent.token,
      json: {
        name: 'Paula Souza',
        email: 'paula@x.com',
        commandBot: '1.2',
        extraInfo: [
          { id: 2, name: 'RG', value: '22' },
          { name: 'Cidade', value: 'BH' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toMatchObject({ name: 'Paula Souza', email: 'paula@x.com', commandBot: '1.2' });
    expect(updated.extraInfo).toEqual([
      { id: 2, name: 'RG', value: '22' },
      { id: 3, name: 'Cidade', value: 'BH' },
    ]);
    expect(events.some((e) => e.channel === `contact-${A.company.id}` && e.data.action === 'update')).toBe(true);
    const cleared = await t.req('PUT', `/contacts/${body.id}`, { token: A.agent.token, json: { commandBot: null } });
    expect((await cleared.json()).commandBot).toBeNull();
  });

  test('put: number change is checked (duplicate, WhatsApp); validation texts; other company 404', async () => {
    const a = await create(A.agent.token, { name: 'Um', number: phone() });
    const b = await create(A.agent.token, { name: 'Dois', number: phone() });
    const dup = await t.req('PUT', `/contacts/${b.body.id}`, { token: A.agent.token, json: { number: a.body.number } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toBe('ERR_DUPLICATED_CONTACT');
    const noZap = await t.req('PUT', `/contacts/${b.body.id}`, {
      token: A.agent.token,
      json: { number: '000111222333' },
    });
    expect((await noZap.json()).error).toBe('ERR_WAPP_INVALID_CONTACT');
    const same = await t.req('PUT', `/contacts/${b.body.id}`, {
      token: A.agent.token,
      json: { number: b.body.number },
    });
    expect(same.status).toBe(200);
    const short = await t.req('PUT', `/contacts/${b.body.id}`, { token: A.agent.token, json: { name: 'B' } });
    expect(await short.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Too Short!' });
    const other = await t.req('PUT', `/contacts/${b.body.id}`, { token: B.admin.token, json: { name: 'Hack' } });
    expect(other.status).toBe(404);
    const fresh = await t.req('GET', `/contacts/${b.body.id}`, { token: A.agent.token });
    expect((await fresh.json()).name).toBe('Dois');
  });

  test('delete: admin only (contacts-page:deleteContact), other company 404', async () => {
    const { body } = await create(A.agent.token, { name: 'Apagar', number: phone() });
    const agent = await t.req('DELETE', `/contacts/${body.id}`, { token: A.agent.token });
    expect(agent.status).toBe(403);
    expect((await agent.json()).error).toBe('ERR_NO_PERMISSION');
    const other = await t.req('DELETE', `/contacts/${body.id}`, { token: B.admin.token });
    expect(other.status).toBe(404);
    const ok = await t.req('DELETE', `/contacts/${body.id}`, { token: A.admin.token });
    expect(ok.status).toBe(200);
    expect(events.some((e) => e.channel === `contact-${A.company.id}` && e.data.contactId === body.id)).toBe(true);
    const gone = await t.req('GET', `/contacts/${body.id}`, { token: A.admin.token });
    expect(gone.status).toBe(404);
    const twice = await t.req('DELETE', `/contacts/${body.id}`, { token: A.admin.token });
    expect(twice.status).toBe(404);
  });
});

describe('POST /contactsImport (client-side import, one contact per call)', () => {
  test('creates (201), then answers the same contact updated (200): no duplicate', async () => {
    const n = phone();
    const first = await t.req('POST', '/contactsImport', { token: A.agent.token, json: { name: 'Lia', number: n } });
    expect(first.status).toBe(201);
    const c1 = await first.json();
    expect(c1).toMatchObject({ name: 'Lia', number: n });
    const again = await t.req('POST', '/contactsImport', {
      token: A.agent.token,
      json: { name: 'Lia Souza', number: n, email: 'lia@x.com' },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: c1.id, name: 'Lia Souza', email: 'lia@x.com' });
    const rows = await db.select().from(contacts).where(eq(contacts.number, n));
    expect(rows.filter((r) => r.companyId === A.company.id)).toHaveLength(1);
  });

  test('a bad row answers a clear 400', async () => {
    const res = await t.req('POST', '/contactsImport', { token: A.agent.token, json: { name: 'Li', number: '12' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Too Short!' });
  });
});

async function xlsx(rows: (string | number | null)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function upload(token: string, data: Uint8Array, field = 'file', name = 'contatos.xlsx') {
  const form = new FormData();
  form.append(field, new File([data as Uint8Array<ArrayBuffer>], name));
  return t.req('POST', '/contacts/import', { token, body: form });
}

describe('POST /contacts/import (server-side xlsx)', () => {
  test('1,000 rows: every valid row present, every invalid row reported; re-import creates nothing', async () => {
    const tenant = await makeTenant();
    await makeConnectedDefault(tenant.admin.token);
    const rows: (string | number | null)[][] = [['name', 'number', 'email']];
    const invalidRows = new Map<number, string>();
    for (let i = 0; i < 1000; i++) {
      const sheetRow = i + 2;
      if (i % 50 === 7) {
        rows.push(['X', `55119${String(10000000 + i)}`, '']);
        invalidRows.set(sheetRow, 'Nome muito curto (mínimo 2 caracteres)');
      } else if (i % 50 === 19) {
        rows.push([`Cliente ${i}`, '1234', '']);
        invalidRows.set(sheetRow, 'Número muito curto (mínimo 8 dígitos)');
      } else if (i % 50 === 33) {
        rows.push([`Cliente ${i}`, `55119${String(10000000 + i)}`, 'sem-arroba']);
        invalidRows.set(sheetRow, 'E-mail inválido');
      } else {
        // numbers as numeric cells on odd rows (as Excel stores them), as text on even rows
        const n = `55119${String(10000000 + i)}`;
        rows.push([`Cliente ${i}`, i % 2 ? Number(n) : n, i % 3 ? `c${i}@x.com` : null]);
      }
    }
    const file = await xlsx(rows);
    const res = await upload(tenant.admin.token, file);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report.total).toBe(1000);
    expect(report.created).toBe(1000 - invalidRows.size);
    expect(report.updated).toBe(0);
    expect(report.errors).toHaveLength(invalidRows.size);
    for (const e of report.errors) expect(e.reason).toBe(invalidRows.get(e.row));
    const stored = await db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id));
    expect(stored).toHaveLength(1000 - invalidRows.size);
    expect(stored.find((c) => c.name === 'Cliente 1')?.number).toBe('5511910000001');
    expect(events.some((e) => e.channel === `contact-${tenant.company.id}` && e.data.action === 'reload')).toBe(true);

    const again = await (await upload(tenant.admin.token, file)).json();
    expect(again).toMatchObject({ total: 1000, created: 0, updated: 0, skipped: 1000 - invalidRows.size });
    expect(again.errors).toHaveLength(invalidRows.size);
    expect(await db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id))).toHaveLength(
      1000 - invalidRows.size,
    );
  }, 60_000);

  test('known numbers are updated, repeated numbers in the file reported, blank rows ignored, pt-BR headers', async () => {
    const { body: existing } = await create(A.agent.token, { name: 'Antigo', number: phone() });
    const n = phone();
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Novo Nome', existing.number, 'novo@x.com'],
      ['Fulano', n, ''],
      [null, null, null],
      ['Fulano de novo', n, ''],
    ]);
    const report = await (await upload(A.admin.token, file, 'spreadsheet')).json();
    expect(report).toMatchObject({ total: 3, created: 1, updated: 1, skipped: 0 });
    expect(report.errors).toEqual([
      { row: 5, field: 'number', code: 'ERR_DUPLICATED_CONTACT', reason: 'Número repetido na planilha (linha 3)' },
    ]);
    const after = await (await t.req('GET', `/contacts/${existing.id}`, { token: A.agent.token })).json();
    expect(after).toMatchObject({ name: 'Novo Nome', email: 'novo@x.com' });
  });

  test("headers past column A and in any order are found by core's spellings (Telefone, Nome)", async () => {
    const tenant = await makeTenant();
    await makeConnectedDefault(tenant.admin.token);
    const n = phone();
    const res = await upload(
      tenant.admin.token,
      await xlsx([
        [null, 'Telefone', 'Nome'],
        [null, n, 'Zé Coluna'],
      ]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ total: 1, created: 1, errors: [] });
    const stored = await db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id));
    expect(stored.map((c) => c.name)).toEqual(['Zé Coluna']);
  });

  test('not an xlsx, no header, no file: clear 400s', async () => {
    const notXlsx = await upload(A.admin.token, new TextEncoder().encode('name,number\nAna,5511999999999'));
    expect(notXlsx.status).toBe(400);
    expect(await notXlsx.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Envie uma planilha .xlsx' });
    const broken = await upload(A.admin.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(broken.status).toBe(400);
    const noHeader = await upload(A.admin.token, await xlsx([['Ana', '5511999999999']]));
    expect(noHeader.status).toBe(400);
    expect((await noHeader.json()).message).toBe('A planilha precisa das colunas name e number (veja o modelo)');
    const noFile = await t.req('POST', '/contacts/import', { token: A.admin.token, body: new FormData() });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe('Envie uma planilha .xlsx');
  });
});

describe('POST /contacts/import: permission and bombs (issue 12 point 13)', () => {
  const tinyXlsx = (sheet: string) =>
    zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="s" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    });

  test('an attendant (no settings screen) is refused before the file is read; an admin is not', async () => {
    const file = await xlsx([
      ['name', 'number'],
      ['Ana', phone()],
    ]);
    const res = await upload(A.agent.token, file);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('ERR_NO_PERMISSION');
    expect((await upload(A.admin.token, file)).status).toBe(200);
  });

  test('a sheet declaring 3,000,000 rows is refused by its dimension; nothing is imported', async () => {
    const tenant = await makeTenant();
    const bomb = tinyXlsx(
      `<worksheet><dimension ref="A1:B3000001"/><sheetData><row r="1"><c t="inlineStr"><is><t>name</t></is></c><c t="inlineStr"><is><t>number</t></is></c></row><row r="2"><c t="inlineStr"><is><t>Ana</t></is></c><c><v>5511987654321</v></c></row></sheetData></worksheet>`,
    );
    const res = await upload(tenant.admin.token, bomb);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', message: IMPORT_SHEET_TEXTS.tooManyRows });
    expect(await db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id))).toHaveLength(0);
  });

  test('a sheet inflating past the cap → 413 ERR_PAYLOAD_TOO_LARGE', async () => {
    const padding = ' '.repeat(IMPORT_MAX_UNPACKED_BYTES + 1024);
    const res = await upload(A.admin.token, tinyXlsx(`<worksheet><sheetData>${padding}</sheetData></worksheet>`));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: 'ERR_PAYLOAD_TOO_LARGE',
      message: IMPORT_SHEET_TEXTS.tooLargeUnpacked,
    });
  });
});

describe('template and export', () => {
  test('template: an xlsx with name, number, email', async () => {
    const res = await t.req('GET', '/contacts/import-template', { token: A.agent.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('modelo-contatos.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);
  });

  test('export: every contact of the company (read 20 at a time) for an admin; agents refused', async () => {
    const tenant = await makeTenant();
    await makeConnectedDefault(tenant.admin.token);
    const rows: (string | number | null)[][] = [['name', 'number', 'email']];
    for (let i = 0; i < 45; i++) rows.push([`Exportado ${i}`, `55219${String(30000000 + i)}`, '']);
    await upload(tenant.admin.token, await xlsx(rows));
    const denied = await t.req('GET', '/contacts/export', { token: tenant.agent.token });
    expect(denied.status).toBe(403);
    const res = await t.req('GET', '/contacts/export', { token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(46);
    const numbers = new Set<string>();
    ws.eachRow((r, i) => {
      if (i > 1) numbers.add(String(r.getCell(2).value));
    });
    expect(numbers.size).toBe(45);
    expect(numbers.has('5521930000044')).toBe(true);
    // the export can be imported back as is: nothing new
    const back = await (
      await upload(
        tenant.admin.token,
        new Uint8Array(await (await t.req('GET', '/contacts/export', { token: tenant.admin.token })).arrayBuffer()),
      )
    ).json();
    expect(back).toMatchObject({ created: 0, skipped: 45, errors: [] });
  });

  test('a group without administration cannot export either', async () => {
    const g = await makeGroup(A.company.id, { enableAdministration: false });
    const limitedAdmin = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: g.id });
    const res = await t.req('GET', '/contacts/export', { token: limitedAdmin.token });
    expect(res.status).toBe(403);
  });
});

describe('GET /contactsall (campaign send list by categories)', () => {
  test('contacts of the selected categories (all without selection), no groups; campaigns users only', async () => {
    const tenant = await makeTenant({ enableCampaigns: true });
    const [vip] = await db.insert(categoryContacts).values({ companyId: tenant.company.id, name: 'VIP' }).returning();
    const [ana, bia] = await db
      .insert(contacts)
      .values([
        { companyId: tenant.company.id, name: 'Ana', number: '5511911110001' },
        { companyId: tenant.company.id, name: 'Bia', number: '5511911110002' },
        { companyId: tenant.company.id, name: 'Grupo', number: '120363000000000001@g.us', isGroup: true },
      ])
      .returning();
    await db.insert(contactCategories).values({ companyId: tenant.company.id, contactId: ana.id, categoryId: vip.id });
    const sel = await t.req('GET', `/contactsall?selectedContactCategories=${encodeURIComponent(`[${vip.id}]`)}`, {
      token: tenant.admin.token,
    });
    expect(sel.status).toBe(200);
    expect(await sel.json()).toEqual({
      contacts: [{ id: ana.id, name: 'Ana', number: '5511911110001', email: '' }],
    });
    const all = await (await t.req('GET', '/contactsall', { token: tenant.admin.token })).json();
    expect(all.contacts.map((c: { id: number }) => c.id)).toEqual([ana.id, bia.id]);
    expect((await t.req('GET', '/contactsall', { token: tenant.agent.token })).status).toBe(403);
    // a company without campaigns
    expect((await t.req('GET', '/contactsall', { token: A.admin.token })).status).toBe(403);
  });
});

describe('imports check WhatsApp like the contact form; row errors in one language (issue 12 point 6)', () => {
  test('spreadsheet: a number without WhatsApp is a row error, not an imported contact', async () => {
    const ok = phone();
    const file = await xlsx([
      ['name', 'number', 'email'],
      ['Tem Zap', ok, ''],
      ['Sem Zap', '000987654321', ''],
      ['Mail Ruim', phone(), 'sem-arroba'],
    ]);
    const res = await upload(A.admin.token, file);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report).toMatchObject({ total: 3, created: 1, updated: 0, skipped: 0 });
    expect(report.errors).toEqual([
      {
        row: 3,
        field: 'number',
        code: 'ERR_WAPP_INVALID_CONTACT',
        reason: 'Este não é um número de WhatsApp válido.',
      },
      { row: 4, field: 'email', code: 'ERR_VALIDATION', reason: 'E-mail inválido' },
    ]);
    const stored = await db.select().from(contacts).where(eq(contacts.companyId, A.company.id));
    expect(stored.some((c) => c.number === '000987654321')).toBe(false);
    expect(stored.some((c) => c.number === ok)).toBe(true);
    // the form refuses the same number the same way
    expect((await create(A.agent.token, { name: 'Sem Zap', number: '000987654321' })).body.error).toBe(
      'ERR_WAPP_INVALID_CONTACT',
    );
  });

  test('spreadsheet: without a connection able to check, new numbers are refused and nothing is written', async () => {
    const tenant = await makeTenant();
    const known = phone();
    await db.insert(contacts).values({ companyId: tenant.company.id, name: 'Conhecido', number: known });
    const file = await xlsx([
      ['name', 'number'],
      ['Conhecido Novo Nome', known],
      ['Novo', phone()],
    ]);
    const res = await upload(tenant.admin.token, file);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('ERR_NO_DEF_WAPP_FOUND');
    const stored = await db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id));
    expect(stored.map((c) => c.name)).toEqual(['Conhecido']);
    // a file of known numbers only needs no check
    const updateOnly = await upload(
      tenant.admin.token,
      await xlsx([
        ['name', 'number'],
        ['Conhecido 2', known],
      ]),
    );
    expect(await updateOnly.json()).toMatchObject({ updated: 1, errors: [] });
  });

  test("one by one (POST /contactsImport): a number without WhatsApp answers the form's error", async () => {
    const res = await t.req('POST', '/contactsImport', {
      token: A.agent.token,
      json: { name: 'Sem Zap', number: '000123123123' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('ERR_WAPP_INVALID_CONTACT');
    const stored = await db.select().from(contacts).where(eq(contacts.number, '000123123123'));
    expect(stored).toHaveLength(0);
  });
});
