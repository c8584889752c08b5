// exceljs is the API's dependency, not a root one (same as tickets.e2e.ts)
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ptLeftovers, ptTextsToAvoid } from './po-texts';
import { ADMIN, AGENT, API_URL, apiLogin, authHeaders, login, MOBILE, openUserMenuItem, shot, toast } from './support';

const ExcelJS = createRequire(import.meta.url)('../api/node_modules/exceljs') as typeof import('exceljs');

/**
 * Contacts (/contacts), contact categories (/CategoryContact) and the contact import (spec 1 §2, §4, §5, §7, §8;
 * spec 2 §5) against the demo company, whose default connection is the simulator 'Principal' (every number has
 * WhatsApp except those starting with 000).
 */
const MY_FOLDERS = ['src/modules/contacts/', 'src/modules/category-contacts/'];
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');
let seq = 0;
/** A fresh Brazilian mobile number in the stored 13-digit form. */
// never contains the whole run id: searches for other "… ${run}" names also match digits in numbers
const phone = (): string => {
  for (;;) {
    const p = `55119${String(++seq).padStart(3, '0')}${run.slice(-5)}`;
    if (!p.includes(run)) return p;
  }
};

const row = (page: Page, name: string) => page.locator(`[data-testid="contact-row"][data-name="${name}"]`);

async function switchLanguage(page: Page, locale: 'en' | 'es' | 'pt-BR'): Promise<void> {
  await openUserMenuItem(page, 'preferences');
  await page.getByTestId('preferences-language').selectOption(locale);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

async function mobileShot(page: Page, name: string): Promise<void> {
  // toasts auto-close after 3 s: let them go so the shot shows the screen
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId('app-drawer')).not.toBeInViewport();
  await page.waitForTimeout(400);
  await shot(page, name);
}

async function countContacts(request: APIRequestContext, token: string, search: string): Promise<number> {
  const res = await request.get(`${API_URL}/contacts?searchParam=${encodeURIComponent(search)}`, {
    headers: authHeaders(token),
  });
  expect(res.status()).toBe(200);
  return (await res.json()).count;
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  ws.addRow(['name', 'number', 'email']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('contacts', () => {
  test('a bad e-mail shows "Invalid email" and saves nothing; add, edit (extra info, category), filter, ?search=, delete', async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request, ADMIN);
    const category = await (
      await request.post(`${API_URL}/categorycontacts`, {
        headers: authHeaders(token),
        data: { name: `VIP ${run}`, color: '#E67E22' },
      })
    ).json();
    const name = `Zed Ribeiro ${run}`;
    const number = phone();

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-page')).toBeVisible();
    await page.getByTestId('contacts-add').click();
    const modal = page.getByTestId('contact-modal');
    await modal.getByTestId('contact-name').fill(name);
    await modal.getByTestId('contact-number').fill(number);
    await modal.getByTestId('contact-email').fill('zed-at-example');
    await modal.getByTestId('contact-save').click();
    await expect(modal.getByTestId('contact-email-error')).toHaveText('Invalid email');
    // too short name: the spec's text, still nothing sent
    await modal.getByTestId('contact-name').fill('Z');
    await modal.getByTestId('contact-save').click();
    await expect(modal.getByTestId('contact-name-error')).toHaveText('Too Short!');
    await shot(page, 'contacts-modal-errors-desktop');
    expect(await countContacts(request, token, name)).toBe(0);

    await modal.getByTestId('contact-name').fill(name);
    await modal.getByTestId('contact-email').fill(`zed.${run}@example.com`);
    await modal.getByTestId('contact-save').click();
    await expect(toast(page, 'Contato criado com sucesso')).toBeVisible();
    await expect(modal).toBeHidden();
    // the list is by name and paged: with the demo's and other journeys' contacts "Zed" is past the first page
    await page.getByTestId('contacts-search').fill(name);
    await expect(row(page, name)).toBeVisible();
    expect(await countContacts(request, token, name)).toBe(1);

    // the same number again: ERR_DUPLICATED_CONTACT under the number field
    await page.getByTestId('contacts-add').click();
    await modal.getByTestId('contact-name').fill(`Outro ${run}`);
    await modal.getByTestId('contact-number').fill(number);
    await modal.getByTestId('contact-save').click();
    await expect(modal.getByTestId('contact-number-error')).toHaveText('Já existe um contato com este número.');
    // a number without WhatsApp (the simulator's 000… numbers), checked through the default connection
    await modal.getByTestId('contact-number').fill(`000${run}1234`);
    await modal.getByTestId('contact-save').click();
    await expect(modal.getByTestId('contact-number-error')).toHaveText('Este não é um número de WhatsApp válido.');
    expect(await countContacts(request, token, `Outro ${run}`)).toBe(0);
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();

    // edit: extra info and a category
    await row(page, name).getByTestId('contact-edit').click();
    await modal.getByTestId('contact-extra-add').click();
    await modal.getByTestId('contact-extra-name').fill('CPF');
    await modal.getByTestId('contact-extra-value').fill('123.456.789-00');
    await modal.locator(`[data-testid="contact-category-option"][data-name="VIP ${run}"]`).click();
    await shot(page, 'contacts-modal-desktop');
    await modal.getByTestId('contact-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    await expect(row(page, name)).toContainText(`VIP ${run}`);
    const saved = (
      await (
        await request.get(`${API_URL}/contacts?searchParam=${encodeURIComponent(name)}`, {
          headers: authHeaders(token),
        })
      ).json()
    ).contacts[0];
    expect(saved.extraInfo).toEqual([{ id: 1, name: 'CPF', value: '123.456.789-00' }]);
    expect(saved.categoryContacts.map((c: { id: number }) => c.id)).toEqual([category.id]);

    // category filter: only that category's contacts
    await page.getByTestId('contacts-category-filter').click();
    await page.locator(`[data-testid="contacts-category-option"][data-name="VIP ${run}"]`).check();
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(row(page, name)).toBeVisible();
    await shot(page, 'contacts-desktop');

    // ?search= fills the search
    await page.goto(`/contacts?search=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('contacts-search')).toHaveValue(name);
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await mobileShot(page, 'contacts-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    // delete (admin) confirms first
    await row(page, name).getByTestId('contact-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Contato excluído com sucesso')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect(await countContacts(request, token, name)).toBe(0);
  });

  test('an attendant has no delete button and opens a new ticket from a contact', async ({ page, request }) => {
    const { token } = await apiLogin(request, ADMIN);
    const name = `Yara Teixeira ${run}`;
    const res = await request.post(`${API_URL}/contacts`, {
      headers: authHeaders(token),
      data: { name, number: phone() },
    });
    expect(res.status(), await res.text()).toBe(200);

    await login(page, AGENT.email, AGENT.password);
    await page.goto(`/contacts?search=${encodeURIComponent(name)}`);
    await expect(row(page, name)).toBeVisible();
    await expect(page.getByTestId('contact-delete')).toHaveCount(0);
    await expect(page.getByTestId('contacts-export')).toHaveCount(0);
    await row(page, name).getByTestId('contact-new-ticket').click();
    const modal = page.getByTestId('new-ticket-modal');
    await expect(modal).toBeVisible();
    await modal.getByTestId('new-ticket-queue').selectOption({ label: 'Suporte' });
    await modal.getByTestId('new-ticket-submit').click();
    await expect(page).toHaveURL(/\/tickets\/\d+$/);
  });
});

test.describe('import', () => {
  test('a generated 1,000-row xlsx: progress, every valid row listed, bad rows reported; re-import duplicates nothing', async ({
    page,
    request,
  }) => {
    // 990 contacts one at a time, 150 ms apart (spec): 2.5 min of real waiting at best. The waits are the page's
    // clock (run-import.test checks the pacing itself); this journey moves that clock on instead of sleeping it
    test.setTimeout(900_000);
    await page.clock.install();
    const { token } = await apiLogin(request, ADMIN);
    const prefix = `Lote ${run}`;
    const rows: string[][] = [];
    const bad = new Map<number, string>();
    for (let i = 1; i <= 1000; i++) {
      const sheetRow = i + 1;
      const label = String(i).padStart(4, '0');
      const number = `55219${run.slice(-4)}${label}`;
      if (i % 100 === 0) {
        const kind = (i / 100) % 4;
        if (kind === 0) {
          rows.push(['X', number, '']);
          bad.set(sheetRow, 'Nome muito curto (mínimo 2 caracteres)');
        } else if (kind === 1) {
          rows.push([`${prefix} ${label}`, number, 'sem-arroba']);
          bad.set(sheetRow, 'E-mail inválido');
        } else if (kind === 2) {
          rows.push([`${prefix} ${label}`, '1234', '']);
          bad.set(sheetRow, 'Número muito curto (mínimo 8 dígitos)');
        } else {
          // the number of the first row again
          rows.push([`${prefix} ${label}`, rows[0][1], '']);
          bad.set(sheetRow, 'Número repetido na planilha (linha 2)');
        }
      } else {
        rows.push([`${prefix} ${label}`, number, i % 3 === 0 ? `lote${i}.${run}@example.com` : '']);
      }
    }
    const file = await xlsx(rows);

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/contacts');
    await page.getByTestId('contacts-import').click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      '1000 linhas: 990 prontas para importar, 10 com erro.',
    );
    await expect(dialog.getByTestId('import-problem')).toHaveCount(10);
    for (const [sheetRow, reason] of bad) {
      await expect(dialog.locator(`[data-testid="import-problem"][data-row="${sheetRow}"]`)).toContainText(reason);
    }
    await shot(page, 'contacts-import-ready-desktop');
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-progress-text')).toContainText(/Importando contatos: \d+ de 990/);
    await expect(dialog.getByTestId('import-log')).toContainText(`${prefix} 0001 importado`);
    await shot(page, 'contacts-import-running-desktop');
    // each step lets the page's 150 ms pacing wait elapse at once; requests still go one at a time, in real time
    const done = dialog.getByTestId('import-done');
    while (!(await done.isVisible())) await page.clock.runFor(150);
    await expect(done).toBeVisible();
    await expect(dialog.getByTestId('import-created')).toHaveText('990');
    await expect(dialog.getByTestId('import-failed')).toHaveText('10');
    await expect(toast(page, 'Importação concluída: 990 criados, 0 atualizados, 10 com erro.')).toBeVisible();
    await shot(page, 'contacts-import-done-desktop');
    await dialog.getByTestId('import-close').click();

    // every valid row is listed (the list followed live; the search pages through them)
    expect(await countContacts(request, token, prefix)).toBe(990);
    await page.getByTestId('contacts-search').fill(prefix.toLowerCase());
    await expect(page.getByTestId('contacts-page')).toContainText('990 contatos');
    await expect(row(page, `${prefix} 0001`)).toBeVisible();
    const scroller = page.getByTestId('contacts-scroll');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.getByTestId('contact-row').count()).toBeGreaterThan(20);

    // re-import: first through the screen (a slice of the same rows), then the whole file on the server
    await page.getByTestId('contacts-import').click();
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'contatos-de-novo.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx(rows.slice(0, 20)),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('20 linhas: 20 prontas para importar, 0 com erro.');
    await dialog.getByTestId('import-start').click();
    await expect(dialog.getByTestId('import-done')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByTestId('import-created')).toHaveText('0');
    await expect(dialog.getByTestId('import-updated')).toHaveText('20');
    const again = await request.post(`${API_URL}/contacts/import`, {
      headers: authHeaders(token),
      multipart: {
        file: {
          name: 'contatos.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: file,
        },
      },
    });
    expect(again.status()).toBe(200);
    const report = await again.json();
    expect(report.created).toBe(0);
    expect(report.errors).toHaveLength(10);
    expect(await countContacts(request, token, prefix)).toBe(990);
  });

  test('a file that is not a spreadsheet is refused with the reason', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/contacts');
    await page.getByTestId('contacts-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('name,number\nAna,5511987654321\n'),
    });
    await expect(dialog.getByTestId('import-error')).toHaveText('Envie uma planilha .xlsx');
  });
});

test.describe('categories', () => {
  test('admin: back to contacts, add (min 3, "Mensagem muito curta"), edit, delete; live in the contact filter', async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/contacts');
    await page.getByTestId('contacts-categories').click();
    await expect(page).toHaveURL(/\/CategoryContact$/);
    await expect(page.getByTestId('categories-page')).toBeVisible();

    await page.getByTestId('category-add').click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.getByTestId('category-name').fill('ab');
    await dialog.getByTestId('category-save').click();
    await expect(dialog.getByTestId('category-name-error')).toHaveText('Mensagem muito curta');
    await dialog.getByTestId('category-name').fill('');
    await dialog.getByTestId('category-save').click();
    await expect(dialog.getByTestId('category-name-error')).toHaveText('Obrigatório');
    const name = `Fornecedores ${run}`;
    await dialog.getByTestId('category-name').fill(name);
    await shot(page, 'categories-dialog-desktop');
    await dialog.getByTestId('category-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    const catRow = page.locator(`[data-testid="category-row"][data-name="${name}"]`);
    await expect(catRow).toBeVisible();

    await catRow.getByTestId('category-edit').click();
    await dialog.getByTestId('category-name').fill(`${name} B`);
    await dialog.getByTestId('category-save').click();
    const renamed = page.locator(`[data-testid="category-row"][data-name="${name} B"]`);
    await expect(renamed).toBeVisible();
    await shot(page, 'categories-desktop');
    await mobileShot(page, 'categories-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await renamed.getByTestId('category-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Categoria excluída com sucesso')).toBeVisible();
    await expect(renamed).toHaveCount(0);

    await page.getByTestId('categories-back').click();
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test('a user whose group lacks allowCreateCategoryContacts is sent to /contacts', async ({ page, request }) => {
    const { token } = await apiLogin(request, ADMIN);
    const group = await request.post(`${API_URL}/usersAuthorizations`, {
      headers: authHeaders(token),
      data: { name: `Sem categorias ${run}`, allowCreateCategoryContacts: false, allowCategorizeContacts: false },
    });
    expect(group.ok(), await group.text()).toBe(true);
    const email = `semcat.${run}@demo.local`;
    const user = await request.post(`${API_URL}/users`, {
      headers: authHeaders(token),
      data: {
        name: `Sem Categorias ${run}`,
        email,
        password: 'demo1234',
        profile: 'user',
        userAuthorizationId: (await group.json()).id,
      },
    });
    expect(user.ok(), await user.text()).toBe(true);

    await login(page, email, 'demo1234');
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-page')).toBeVisible();
    await expect(page.getByTestId('contacts-categories')).toHaveCount(0);
    await page.getByTestId('contacts-add').click();
    await expect(page.getByTestId('contact-modal')).toBeVisible();
    await expect(page.getByTestId('contact-categories')).toHaveCount(0);
    await page.goto('/CategoryContact');
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByTestId('contacts-page')).toBeVisible();
  });
});

test.describe('languages', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`switching the UI to ${locale} translates contacts, categories and the import (no pt-BR text left)`, async ({
      page,
    }) => {
      const expected = {
        en: {
          contacts: 'Add contact',
          modal: 'Additional information',
          import: 'Import contacts',
          cats: 'Contact categories',
        },
        es: {
          contacts: 'Agregar contacto',
          modal: 'Información adicional',
          import: 'Importar contactos',
          cats: 'Categorías de contactos',
        },
      }[locale];
      // the check below is only as good as its list: the catalogs must name these screens' texts
      expect(ptTextsToAvoid(locale, MY_FOLDERS).length).toBeGreaterThan(50);
      await login(page, ADMIN.email, ADMIN.password);
      await switchLanguage(page, locale);
      const content = page.getByTestId('page-content');
      const check = async (what: string) => {
        const text = (await content.textContent()) ?? '';
        expect(ptLeftovers(text, locale, MY_FOLDERS), `${what}: pt-BR text left`).toEqual([]);
      };

      await page.goto('/contacts');
      await expect(page.getByTestId('contacts-page')).toContainText(expected.contacts);
      await page.getByTestId('contacts-category-filter').click();
      await check('contacts');
      await shot(page, `contacts-${locale}`);

      await page.getByTestId('contacts-add').click();
      await expect(page.getByTestId('contact-modal')).toContainText(expected.modal);
      await page.getByTestId('contact-extra-add').click();
      await page.getByTestId('contact-save').click();
      await check('contact modal');
      await shot(page, `contacts-modal-${locale}`);
      await page.keyboard.press('Escape');

      await page.getByTestId('contacts-import').click();
      await expect(page.getByTestId('import-dialog')).toContainText(expected.import);
      await page.getByTestId('import-file').setInputFiles({
        name: 'x.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await xlsx([
          ['Ana Lima', '5511987650000', ''],
          ['B', '5511987650001', 'x'],
        ]),
      });
      await expect(page.getByTestId('import-ready')).toBeVisible();
      await check('import dialog');
      await shot(page, `contacts-import-${locale}`);
      await page.keyboard.press('Escape');

      await page.goto('/CategoryContact');
      await expect(page.getByTestId('categories-page')).toContainText(expected.cats);
      await page.getByTestId('category-add').click();
      await page.getByTestId('category-save').click();
      await check('categories');
      await shot(page, `categories-${locale}`);
    });
  }
});
