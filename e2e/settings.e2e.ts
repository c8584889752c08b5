// exceljs is the API's dependency, not a root one (same as tickets.e2e.ts)
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { ptLeftovers, ptTextsToAvoid } from './po-texts';
import { ADMIN, AGENT, API_URL, apiLogin, authHeaders, login, MOBILE, openUserMenuItem, shot, toast } from './support';

const ExcelJS = createRequire(import.meta.url)('../api/node_modules/exceljs') as typeof import('exceljs');

/**
 * Settings (/Settings, spec 1 §2, §5, §7): company name, slogan and logo shown in every user's top bar, and the
 * contact spreadsheet tools (export, template, import). The demo admin has the settings entry; the attendant has not.
 */
const MY_FOLDERS = ['src/modules/settings/', 'src/modules/contacts/import/'];
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real 64×64 PNG (two-colour badge) built here, so the journey needs no fixture file. */
function pngLogo(): Buffer {
  const size = 64;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const inner = (x - 32) ** 2 + (y - 32) ** 2 < 22 ** 2;
      const [r, g, b] = inner ? [37, 211, 102] : [39, 43, 83];
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function switchLanguage(page: Page, locale: 'en' | 'es' | 'pt-BR'): Promise<void> {
  await openUserMenuItem(page, 'preferences');
  await page.getByTestId('preferences-language').selectOption(locale);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

test.describe('company settings', () => {
  test('name, slogan and logo: a non-image is refused; saved, the top bar shows them at once (and in another user’s tab)', async ({
    page,
    browser,
    request,
  }) => {
    const { token, user } = await apiLogin(request, ADMIN);
    const before = user.company;
    // the attendant's tab is open before the change: it must follow live
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    try {
      await login(agentPage, AGENT.email, AGENT.password);

      await login(page, ADMIN.email, ADMIN.password);
      await page.goto('/Settings');
      const card = page.getByTestId('settings-company');
      await expect(card).toBeVisible();
      await expect(card.getByTestId('settings-company-name')).toHaveValue(before.companyName ?? '');

      // a GIF renamed .png is refused before upload, with the spec's text
      await card.getByTestId('settings-logo-input').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
      });
      await expect(card.getByTestId('settings-logo-error')).toHaveText('A logo deve ser uma imagem PNG ou JPG');

      const name = `Loja Exemplo ${run}`;
      const slogan = 'Atendimento que resolve';
      await card.getByTestId('settings-logo-input').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: pngLogo(),
      });
      await expect(card.getByTestId('settings-logo-error')).toHaveCount(0);
      await expect(card.getByTestId('settings-logo-preview')).toBeVisible();
      await card.getByTestId('settings-company-name').fill(name);
      await card.getByTestId('settings-slogan').fill(slogan);
      await card.getByTestId('settings-save').click();
      await expect(toast(page, 'Salvo com sucesso')).toBeVisible();

      // the admin's own top bar, without logging in again
      const bar = page.getByTestId('top-bar');
      await expect(bar.getByTestId('company-title')).toHaveText(name);
      await expect(bar.getByTestId('company-slogan')).toHaveText(slogan);
      const logo = bar.getByTestId('company-logo');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', /\/media\//);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
      await shot(page, 'settings-desktop');

      // another user of the company: live through company-{companyId}
      await expect(agentPage.getByTestId('company-title')).toHaveText(name);
      await expect(agentPage.getByTestId('company-logo')).toBeVisible();

      // and after a reload (stored, served to the company's users)
      await page.reload();
      await expect(page.getByTestId('company-title')).toHaveText(name);
      await expect
        .poll(() => page.getByTestId('company-logo').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(64);

      await page.setViewportSize(MOBILE);
      await expect(page.getByTestId('app-drawer')).not.toBeInViewport();
      await page.waitForTimeout(400);
      await shot(page, 'settings-mobile');
    } finally {
      await agentContext.close();
      // the other journeys expect the demo company's own branding
      const restore = await request.put(`${API_URL}/companyByCompany/${user.companyId}`, {
        headers: authHeaders(token),
        multipart: {
          body: JSON.stringify({
            companyName: before.companyName ?? '',
            slogan: before.slogan ?? '',
            removeLogo: true,
          }),
        },
      });
      expect(restore.status()).toBe(200);
    }
  });

  test('an attendant has no settings screen, and the API refuses the change', async ({ page, request }) => {
    await login(page, AGENT.email, AGENT.password);
    await page.goto('/Settings');
    await expect(page.getByTestId('no-permission')).toBeVisible();
    const { token, user } = await apiLogin(request, AGENT);
    const res = await request.put(`${API_URL}/companyByCompany/${user.companyId}`, {
      headers: authHeaders(token),
      multipart: { body: JSON.stringify({ companyName: 'Hacked' }) },
    });
    expect(res.status()).toBe(403);
  });
});

test.describe('contact spreadsheets', () => {
  test('export, template and a small import from Settings', async ({ page, request }) => {
    const { token } = await apiLogin(request, ADMIN);
    const known = `Planilha Export ${run}`;
    const created = await request.post(`${API_URL}/contacts`, {
      headers: authHeaders(token),
      data: { name: known, number: `55319${run.slice(-5)}001` },
    });
    expect(created.status(), await created.text()).toBe(200);

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/Settings');
    const card = page.getByTestId('settings-contacts');

    const [exported] = await Promise.all([page.waitForEvent('download'), card.getByTestId('settings-export').click()]);
    expect(exported.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await exported.path());
    const ws = wb.worksheets[0];
    expect([1, 2, 3].map((c) => ws.getRow(1).getCell(c).text)).toEqual(['name', 'number', 'email']);
    const names: string[] = [];
    ws.eachRow((r, n) => {
      if (n > 1) names.push(r.getCell(1).text);
    });
    expect(names).toContain(known);

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('settings-template').click(),
    ]);
    expect(template.suggestedFilename()).toBe('modelo-contatos.xlsx');
    const tb = new ExcelJS.Workbook();
    await tb.xlsx.readFile(await template.path());
    expect([1, 2, 3].map((c) => tb.worksheets[0].getRow(1).getCell(c).text)).toEqual(['name', 'number', 'email']);

    // import: the template's layout, two good rows and one bad
    const sheet = new ExcelJS.Workbook();
    const s = sheet.addWorksheet('contatos');
    s.addRow(['Nome', 'Número', 'E-mail']);
    s.addRow([`Config Um ${run}`, `55419${run.slice(-5)}001`, `um.${run}@example.com`]);
    s.addRow([`Config Dois ${run}`, Number(`55419${run.slice(-5)}002`), '']);
    s.addRow([`Config Tres ${run}`, `55419${run.slice(-5)}003`, 'invalido']);
    await card.getByTestId('settings-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'config.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await sheet.xlsx.writeBuffer()),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('3 linhas: 2 prontas para importar, 1 com erro.');
    await expect(dialog.locator('[data-testid="import-problem"][data-row="4"]')).toContainText('E-mail inválido');
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-done')).toBeVisible();
    await expect(dialog.getByTestId('import-created')).toHaveText('2');
    await expect(dialog.getByTestId('import-failed')).toHaveText('1');
    await expect(dialog.getByTestId('import-log')).toContainText(`Config Dois ${run} importado`);
    await shot(page, 'settings-import-done-desktop');
  });

  test('an attendant cannot download the address book (API)', async ({ request }) => {
    const { token } = await apiLogin(request, AGENT);
    const res = await request.get(`${API_URL}/contacts/export`, { headers: authHeaders(token) });
    expect(res.status()).toBe(403);
  });
});

test.describe('languages', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`switching the UI to ${locale} translates Settings (no pt-BR text left)`, async ({ page }) => {
      const expected = { en: 'Company name', es: 'Nombre de la empresa' }[locale];
      expect(ptTextsToAvoid(locale, MY_FOLDERS).length).toBeGreaterThan(20);
      await login(page, ADMIN.email, ADMIN.password);
      await switchLanguage(page, locale);
      await page.goto('/Settings');
      await expect(page.getByTestId('settings-page')).toContainText(expected);
      const text = (await page.getByTestId('page-content').textContent()) ?? '';
      expect(ptLeftovers(text, locale, MY_FOLDERS), 'pt-BR text left').toEqual([]);
      await shot(page, `settings-${locale}`);
      await page.getByTestId('settings-import').click();
      await expect(page.getByTestId('import-dialog')).toBeVisible();
      const dialogText = (await page.getByTestId('page-content').textContent()) ?? '';
      expect(ptLeftovers(dialogText, locale, MY_FOLDERS), 'pt-BR text left in the import dialog').toEqual([]);
    });
  }
});
