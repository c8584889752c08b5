import { expect, type Page, test } from '@playwright/test';
import { ptLeftovers } from './po-texts';
import {
  ADMIN,
  AGENT,
  API_URL,
  apiLogin,
  authHeaders,
  DESKTOP,
  login,
  MOBILE,
  openUserMenuItem,
  shot,
  toast,
} from './support';

/**
 * The SaaS administration screens (spec 3 §2 /companies, /CreateNewCompany, /companiesManager/{id},
 * /clientCompanyManager, /plans; §5, §6). The demo admin is master with payPanelAccess; the demo attendant is neither.
 * Every request leaving localhost is aborted: the CNPJ and CEP lookups answer from the embedded fakes.
 */
const MY_FOLDERS = ['src/modules/companies/', 'src/modules/plans/'];
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');

async function offline(page: Page): Promise<string[]> {
  const aborted: string[] = [];
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      aborted.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return aborted;
}

test.describe('SaaS administration (master)', () => {
  test.beforeEach(async ({ page }) => {
    await offline(page);
  });

  test('plans: create with the field rules, edit, list', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/plans');
    await expect(page.getByTestId('plans-page')).toBeVisible();
    await page.getByTestId('plan-add').click();
    const dialog = page.getByTestId('plan-dialog');
    await expect(dialog).toBeVisible();
    // spec 3 §9 defaults
    await expect(dialog.getByTestId('plan-number-attendants')).toHaveValue('1');
    await expect(dialog.getByTestId('plan-number-connections')).toHaveValue('1');
    await expect(dialog.getByTestId('plan-status')).toBeChecked();
    await expect(dialog.getByTestId('plan-enableCampaigns')).not.toBeChecked();
    await expect(dialog.getByTestId('plan-billing-type')).toHaveValue('PIX');
    // spec 3 §5: name required, 2 to 50
    await dialog.getByTestId('plan-save').click();
    await expect(dialog.getByTestId('plan-name-error')).toHaveText('Nome é obrigatório');
    await dialog.getByTestId('plan-name').fill('P');
    await dialog.getByTestId('plan-save').click();
    await expect(dialog.getByTestId('plan-name-error')).toHaveText('Too Short!');
    const name = `Plano E2E ${run}`;
    await dialog.getByTestId('plan-name').fill(name);
    await dialog.getByTestId('plan-slogan').fill('Para equipes em crescimento');
    await dialog.getByTestId('plan-number-attendants').fill('7');
    await dialog.getByTestId('plan-number-connections').fill('3');
    await dialog.getByTestId('plan-enableCampaigns').check();
    await dialog.getByTestId('plan-campaign-limit').fill('120');
    await dialog.getByTestId('plan-value1Month').fill('100');
    await dialog.getByTestId('plan-value3Months').fill('90');
    await dialog.getByTestId('plan-value6Months').fill('85');
    await dialog.getByTestId('plan-value12Months').fill('80');
    // the period totals and discounts follow the prices (core's price display)
    await expect(dialog.getByTestId('plan-total-months3')).toContainText('R$ 270,00');
    await expect(dialog.getByTestId('plan-discount-months3')).toContainText('R$ 30,00');
    await shot(page, 'plans-dialog-master');
    await dialog.getByTestId('plan-save').click();
    await expect(toast(page, 'Plano salvo com sucesso')).toBeVisible();
    const row = page.getByTestId('plan-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('plan-limits')).toHaveText('7 / 3');

    // edit: the saved values come back; change a limit
    await row.getByTestId('plan-edit').click();
    await expect(dialog.getByTestId('plan-name')).toHaveValue(name);
    await expect(dialog.getByTestId('plan-enableCampaigns')).toBeChecked();
    await expect(dialog.getByTestId('plan-value3Months')).toHaveValue('90');
    await dialog.getByTestId('plan-number-attendants').fill('8');
    await dialog.getByTestId('plan-save').click();
    await expect(toast(page, 'Plano salvo com sucesso')).toBeVisible();
    await expect(row.getByTestId('plan-limits')).toHaveText('8 / 3');
    await shot(page, 'plans-list');

    // deleting a plan that companies use says so (they would be left without a plan); one nobody uses does not
    const inUse = page
      .getByTestId('plan-row')
      .filter({ has: page.getByTestId('plan-companies-count').filter({ hasNotText: /^0$/ }) });
    await inUse.first().getByTestId('plan-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.getByTestId('plan-delete-in-use')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await row.getByTestId('plan-delete').click();
    await expect(confirm.getByTestId('plan-delete-in-use')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
  });

  test('create a company with a CNPJ (lookup prefill) and a CEP, deactivate it (its admin cannot log in), change its plan', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const { token } = await apiLogin(request, ADMIN);
    // a public plan to switch to
    const planName = `Plano Troca ${run}`;
    const planRes = await request.post(`${API_URL}/plan`, {
      headers: authHeaders(token),
      data: {
        name: planName,
        numberAttendants: 4,
        numberConnections: 2,
        isPublic: true,
        value1Month: '59,90',
        value3Months: '54,90',
        value6Months: '49,90',
        value12Months: '44,90',
      },
    });
    expect(planRes.ok(), await planRes.text()).toBe(true);

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/companies');
    await expect(page.getByTestId('companies-page')).toBeVisible();
    await page.getByTestId('company-add').click();
    await expect(page).toHaveURL(/\/CreateNewCompany$/);
    const form = page.getByTestId('create-company-page');
    // spec 3 §5 texts
    await form.getByTestId('company-save').click();
    await expect(form.getByTestId('company-name-error')).toHaveText('Nome é obrigatório');
    await expect(form.getByTestId('company-email-error')).toHaveText('E-mail é obrigatório');
    await form.getByTestId('company-documentNumber').fill('123456789');
    await form.getByTestId('company-save').click();
    await expect(form.getByTestId('company-documentNumber-error')).toHaveText(
      'O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos',
    );
    await form.getByTestId('company-documentNumber').fill('111111111111');
    await form.getByTestId('company-save').click();
    await expect(form.getByTestId('company-documentNumber-error')).toHaveText('O CNPJ deve conter 14 dígitos');
    await form.getByTestId('company-documentNumber').fill('12345678901');
    await form.getByTestId('company-save').click();
    await expect(form.getByTestId('company-documentNumber-error')).toHaveText('CPF invalido');

    // a valid CNPJ (known to the embedded fake): the lookup prefills name, legal name and address
    await form.getByTestId('company-documentNumber').fill('11.222.333/0001-81');
    await expect(form.getByTestId('company-companyName')).toHaveValue('EXEMPLO COMERCIO DE ELETRONICOS LTDA');
    await expect(form.getByTestId('company-name')).toHaveValue('Exemplo Eletrônicos');
    await expect(form.getByTestId('company-address-street')).toHaveValue('AVENIDA PAULISTA');
    await expect(form.getByTestId('company-address-city')).toHaveValue('SAO PAULO');
    await expect(form.getByTestId('company-address-country')).toHaveValue('Brasil');
    await expect(form.getByTestId('company-documentNumber-error')).toHaveCount(0);
    const name = `Empresa E2E ${run}`;
    await form.getByTestId('company-name').fill(name);
    // a CEP fills the address (street, district, city, state)
    await form.getByTestId('company-address-cep').fill('22070-000');
    await expect(form.getByTestId('company-address-street')).toHaveValue('Avenida Atlântica');
    await expect(form.getByTestId('company-address-district')).toHaveValue('Copacabana');
    await expect(form.getByTestId('company-address-city')).toHaveValue('Rio de Janeiro');
    await expect(form.getByTestId('company-address-state')).toHaveValue('RJ');
    // an unknown CEP changes nothing and says nothing (spec 3 §8: silent)
    await form.getByTestId('company-address-cep').fill('99999-999');
    await page.waitForTimeout(500);
    await expect(form.getByTestId('company-address-street')).toHaveValue('Avenida Atlântica');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await form.getByTestId('company-address-cep').fill('22070-000');
    await form.getByTestId('company-address-numberAddress').fill('1000');
    const email = `empresa${run}@e2e.local`;
    await form.getByTestId('company-email').fill(email);
    await form.getByTestId('company-userName').fill(`Admin ${run}`);
    await form.getByTestId('company-password').fill('segredo123');
    // the public plans are offered; none is picked (the default option: the platform's standard plan)
    await expect(form.getByTestId('company-plan').locator('option').filter({ hasText: planName })).toHaveCount(1);
    await expect(form.getByTestId('company-plan')).toHaveValue('');
    await shot(page, 'company-create');
    await form.getByTestId('company-save').click();
    await expect(toast(page, 'Empresa criada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/companiesManager\/\d+$/);
    const manager = page.getByTestId('company-manager-page');
    await expect(manager.getByTestId('company-name')).toHaveValue(name);
    await expect(manager.getByTestId('company-address-numberAddress')).toHaveValue('1000');
    await expect(manager.getByTestId('company-documentNumber')).toHaveValue('11.222.333/0001-81');
    await expect(manager.getByTestId('company-address-street')).toHaveValue('Avenida Atlântica');
    await expect(manager.getByTestId('company-status')).toBeChecked();
    // the new admin logs in while the company is active
    await apiLogin(request, { email, password: 'segredo123' });
    await shot(page, 'company-manager');

    // no plan picked at creation: the platform's standard plan
    await expect(manager.getByTestId('company-plan-name')).toHaveText('Padrão');
    // change its plan through the modal of public plans
    await manager.getByTestId('company-plan-change').click();
    const pick = page.getByTestId('pick-plan-dialog');
    const option = pick.getByTestId('pick-plan-option').filter({ hasText: planName });
    // its monthly price on its recurrence (months3 by default)
    await expect(option.getByTestId('pick-plan-price')).toHaveText('R$ 54,90 por mês');
    await option.click();
    await shot(page, 'company-pick-plan');
    await pick.getByTestId('pick-plan-confirm').click();
    await expect(toast(page, `Plano alterado para ${planName}`)).toBeVisible();
    await expect(manager.getByTestId('company-plan-name')).toHaveText(planName);
    // the plan's limits were copied onto the company
    await expect(manager.getByTestId('company-numberAttendants')).toHaveValue('4');
    await expect(manager.getByTestId('company-numberConections')).toHaveValue('2');

    // deactivate: its admin can no longer log in
    await manager.getByTestId('company-status').uncheck();
    await manager.getByTestId('company-save').click();
    await expect(toast(page, 'Empresa salva com sucesso')).toBeVisible();
    const refused = await request.post(`${API_URL}/auth/login`, { data: { email, password: 'segredo123' } });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    expect((await refused.json()).message).toBe('Empresa desativada.');

    // back to the list: it shows, deactivated, and search finds it
    await manager.getByTestId('company-back').click();
    await expect(page).toHaveURL(/\/companies$/);
    await page.getByTestId('companies-search').fill(name);
    const row = page.getByTestId('company-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('company-status-cell')).toHaveText('Desativada');
    await shot(page, 'companies-list');

    // delete: confirmation, then the toast that it may take minutes
    await row.getByTestId('company-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, /pode levar alguns minutos/)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('many companies: search and infinite scroll inside the page at 1366×800', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { token } = await apiLogin(request, ADMIN);
    const batch = `Lote ${run}`;
    for (let i = 0; i < 45; i++) {
      const n = String(i).padStart(2, '0');
      const res = await request.post(`${API_URL}/company`, {
        headers: authHeaders(token),
        data: {
          name: `${batch} ${n}`,
          email: `lote${run}-${n}@e2e.local`,
          userName: `Admin ${n}`,
          passwordDefault: 'segredo123',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/companies');
    await page.getByTestId('companies-search').fill(batch);
    const rows = page.getByTestId('company-row');
    // the search answered (debounced 500 ms): only the batch, its first page
    await expect(rows.filter({ hasNotText: batch })).toHaveCount(0);
    await expect(rows.first()).toHaveAttribute('data-name', `${batch} 00`);
    await expect(rows).toHaveCount(20);
    // the page itself does not scroll: the list does, inside the card
    const scroller = page.getByTestId('companies-scroll');
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect(page.getByTestId('company-add')).toBeInViewport();
    await shot(page, 'companies-many');
    // near the bottom the next pages load (20 a page; loading is locked 1 s after each ask: spec 1 §9)
    const scrolledCount = async () => {
      // a little up, then the bottom: a scroll event each time, as a reader's wheel gives
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight - 300));
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      return rows.count();
    };
    await expect.poll(scrolledCount, { intervals: [300] }).toBe(40);
    await expect.poll(scrolledCount, { intervals: [300] }).toBe(45);
    await expect(rows.last()).toHaveAttribute('data-name', `${batch} 44`);
  });

  test('the company list scrolls inside the page and works at 390 px', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/companies');
    await expect(page.getByTestId('company-row').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // the row actions are on screen, with no sideways scrolling inside the list either
    await expect(page.getByTestId('company-row').first().getByTestId('company-edit')).toBeInViewport();
    const scroller = page.getByTestId('companies-scroll');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await shot(page, 'companies-mobile');
    await page.getByTestId('company-row').first().getByTestId('company-edit').click();
    await expect(page.getByTestId('company-form')).toBeVisible();
    const overflow2 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow2).toBeLessThanOrEqual(1);
    await shot(page, 'company-manager-mobile');
    await page.goto('/plans');
    await expect(page.getByTestId('plan-row').first().getByTestId('plan-edit')).toBeInViewport();
    expect(
      await page.getByTestId('plans-scroll').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(1);
    await shot(page, 'plans-mobile');
  });

  test('own-company page (/clientCompanyManager) for a payPanelAccess user, back to /tickets', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/clientCompanyManager');
    const own = page.getByTestId('client-company-page');
    await expect(own.getByTestId('company-form')).toBeVisible();
    await expect(own.getByTestId('company-plans-section')).toBeVisible();
    await expect(own.getByTestId('company-notifications-section')).toBeVisible();
    await expect(own.getByTestId('company-invoices-section')).toBeVisible();
    await shot(page, 'client-company');
    await own.getByTestId('company-back').click();
    await expect(page).toHaveURL(/\/tickets$/);
  });

  for (const locale of ['en', 'es'] as const) {
    test(`switching the UI to ${locale} translates these screens`, async ({ page, request }) => {
      await login(page, ADMIN.email, ADMIN.password);
      await openUserMenuItem(page, 'preferences');
      await page.getByTestId('preferences-language').selectOption(locale);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
      const texts: string[] = [];
      await page.goto('/companies');
      await expect(page.getByTestId('company-row').first()).toBeVisible();
      texts.push((await page.locator('body').textContent()) ?? '');
      await page.getByTestId('company-row').first().getByTestId('company-edit').click();
      await expect(page.getByTestId('company-form')).toBeVisible();
      texts.push((await page.locator('body').textContent()) ?? '');
      await page.goto('/plans');
      await expect(page.getByTestId('plan-row').first()).toBeVisible();
      await page.getByTestId('plan-row').first().getByTestId('plan-edit').click();
      await expect(page.getByTestId('plan-dialog')).toBeVisible();
      texts.push((await page.locator('body').textContent()) ?? '');
      // names of plans and companies are data, not UI texts ("Plano Padrão")
      const { token } = await apiLogin(request, ADMIN);
      const data = [
        ...((
          await (await request.get(`${API_URL}/plan?searchParam=&pageNumber=1`, { headers: authHeaders(token) })).json()
        ).plans as { name: string }[]),
        ...((
          await (
            await request.get(`${API_URL}/company?searchParam=&pageNumber=1`, { headers: authHeaders(token) })
          ).json()
        ).company as { name: string }[]),
      ].map((x) => x.name);
      const screen = data.reduce((text, name) => text.split(name).join(' '), texts.join('\n'));
      expect(ptLeftovers(screen, locale, MY_FOLDERS)).toEqual([]);
    });
  }
});

test.describe('a payPanelAccess user who is not master', () => {
  test('own company: descriptive fields only; plans read-only without the master fields', async ({ page, request }) => {
    await offline(page);
    const { token } = await apiLogin(request, ADMIN);
    const email = `financeiro${run}@demo.local`;
    const created = await request.post(`${API_URL}/users`, {
      headers: authHeaders(token),
      data: { name: `Financeiro ${run}`, email, password: 'senha123', profile: 'admin', payPanelAccess: true },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.setViewportSize({ width: 1366, height: 800 });
    await login(page, email, 'senha123');
    // the financial panel, not the SaaS menu
    await expect(page.getByTestId('app-drawer').locator('[data-key="financial"]')).toBeVisible();
    await expect(page.getByTestId('app-drawer').locator('[data-section="saas"]')).toHaveCount(0);
    await page.goto('/clientCompanyManager');
    const own = page.getByTestId('client-company-page');
    await expect(own.getByTestId('company-name')).toBeEnabled();
    for (const id of [
      'company-status',
      'company-numberAttendants',
      'company-enableCampaigns',
      'company-emailsOfNotifications',
    ])
      await expect(own.getByTestId(id)).toBeDisabled();
    await own.getByTestId('company-slogan').fill(`Atendimento ${run}`);
    await own.getByTestId('company-save').click();
    await expect(toast(page, 'Empresa salva com sucesso')).toBeVisible();
    // the own company: the top bar follows at once
    await expect(page.getByTestId('top-bar').getByTestId('company-slogan')).toHaveText(`Atendimento ${run}`);
    // the plan opens read-only, with no master field
    await own.getByTestId('company-plan-open').first().click();
    const dialog = page.getByTestId('plan-dialog');
    await expect(dialog.getByTestId('plan-name')).toBeDisabled();
    await expect(dialog.getByTestId('plan-number-attendants')).toBeDisabled();
    await expect(dialog.getByTestId('plan-status')).toBeChecked();
    await expect(dialog.getByTestId('plan-prices')).toHaveCount(0);
    await expect(dialog.getByTestId('plan-enableCampaigns')).toHaveCount(0);
    await expect(dialog.getByTestId('plan-automatic-invoice')).toHaveCount(0);
    await expect(dialog.getByTestId('plan-highlighted')).toHaveCount(0);
    await expect(dialog.getByTestId('plan-save')).toHaveCount(0);
    await shot(page, 'client-company-plan-readonly');
    await page.keyboard.press('Escape');

    // /plans: the list read-only (no add, no delete, no price column)
    await page.goto('/plans');
    await expect(page.getByTestId('plan-row').first()).toBeVisible();
    await expect(page.getByTestId('plan-add')).toHaveCount(0);
    await expect(page.getByTestId('plan-delete')).toHaveCount(0);
    await expect(page.getByTestId('plan-price')).toHaveCount(0);
    // and the master-only screens say so
    await page.goto('/companies');
    await expect(page.getByTestId('no-permission')).toBeVisible();
  });
});

test.describe('SaaS administration refused to a non-master', () => {
  test('the attendant sees no SaaS entry, the screens say "sem permissão" and the API answers 403', async ({
    page,
    request,
  }) => {
    await offline(page);
    await login(page, AGENT.email, AGENT.password);
    await expect(page.getByTestId('app-drawer').locator('[data-section="saas"]')).toHaveCount(0);
    for (const path of ['/companies', '/CreateNewCompany', '/companiesManager/1', '/plans', '/clientCompanyManager']) {
      await page.goto(path);
      await expect(page.getByTestId('no-permission')).toBeVisible();
      await expect(page.getByTestId('company-form')).toHaveCount(0);
    }
    const { token } = await apiLogin(request, AGENT);
    const list = await request.get(`${API_URL}/company/?searchParam=&pageNumber=1`, { headers: authHeaders(token) });
    expect(list.status()).toBe(403);
    expect((await list.json()).error).toBe('ERR_NO_PERMISSION');
    const create = await request.post(`${API_URL}/plan`, { headers: authHeaders(token), data: { name: 'Nope' } });
    expect(create.status()).toBe(403);
  });
});
