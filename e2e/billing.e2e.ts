import { type Browser, expect, type Page, test } from '@playwright/test';
import { ptLeftovers } from './po-texts';
import { ADMIN, API_URL, apiLogin, authHeaders, login, MOBILE, openUserMenuItem, shot, toast } from './support';

/**
 * Billing (issue 21, acceptance 4, first half; spec 3 §2 /invoices and the invoices block of the company pages, §4):
 * the master creates an invoice (by card) for a company; the company's admin (payPanelAccess), already on
 * /clientCompanyManager, sees it arrive, pays it on the embedded fake gateway's page; both screens show CONFIRMED
 * live, without a reload. Every request leaving localhost is aborted.
 */
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');
const VIEW = { width: 1366, height: 800 };

async function offlinePage(browser: Browser): Promise<{ page: Page; aborted: string[] }> {
  const context = await browser.newContext({ viewport: VIEW, locale: 'pt-BR' });
  const aborted: string[] = [];
  await context.route(
    (url) => url.protocol !== 'data:' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      aborted.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return { page: await context.newPage(), aborted };
}

/** at 1366×800 the table needs no sideways scroll: the row actions stay on screen */
async function fitsWidth(page: Page, testId: string): Promise<void> {
  const [table, box] = await page
    .getByTestId(testId)
    .evaluate((el) => [el.querySelector('table')?.scrollWidth ?? 0, el.clientWidth]);
  expect(table).toBeLessThanOrEqual(box);
}

test('master invoices a company; its admin pays on the gateway page; both see CONFIRMED live', async ({
  browser,
  request,
}) => {
  // two sessions, a dialog, the gateway's page and a language switch: ~25 s alone, near the default 60 s on a loaded CI
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, ADMIN);
  // a public plan with prices and a company on it, whose first user is its admin (payPanelAccess)
  const plan = await request.post(`${API_URL}/plan`, {
    headers: authHeaders(token),
    data: {
      name: `Plano Fatura ${run}`,
      isPublic: true,
      value1Month: '149,90',
      value3Months: '139,90',
      value6Months: '129,90',
      value12Months: '119,90',
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const planId = ((await plan.json()) as { id: number }).id;
  const companyName = `Fatura E2E ${run}`;
  const email = `fatura${run}@e2e.local`;
  const company = await request.post(`${API_URL}/company`, {
    headers: authHeaders(token),
    data: { name: companyName, email, userName: `Financeiro ${run}`, passwordDefault: 'segredo123', planId },
  });
  expect(company.ok(), await company.text()).toBe(true);

  // the company's admin opens the own-company page first: no invoice yet
  const client = await offlinePage(browser);
  await login(client.page, email, 'segredo123');
  await client.page.goto('/clientCompanyManager');
  const block = client.page.getByTestId('company-invoices-section');
  await expect(block.getByTestId('company-no-invoices')).toBeVisible();

  // the master: /invoices, "Nova fatura" for that company (the plan's price for one month)
  const master = await offlinePage(browser);
  await login(master.page, ADMIN.email, ADMIN.password);
  await master.page.goto('/invoices');
  const invoices = master.page.getByTestId('invoices-page');
  await expect(invoices).toBeVisible();
  await expect(invoices.getByTestId('invoices-grace')).toBeVisible();
  await invoices.getByTestId('invoice-add').click();
  const dialog = master.page.getByTestId('invoice-dialog');
  await dialog.getByTestId('invoice-company').fill(companyName);
  await master.page.getByRole('option', { name: new RegExp(companyName) }).click();
  await expect(dialog.getByTestId('invoice-plan')).toContainText(`Plano Fatura ${run}`);
  await dialog.getByTestId('invoice-recurrence').selectOption('1');
  // by card: the gateway confirms it (PIX and boleto payments are RECEIVED)
  await dialog.getByTestId('invoice-billing-type').selectOption('CREDIT_CARD');
  await shot(master.page, 'invoice-dialog');
  await dialog.getByTestId('invoice-save').click();
  await expect(toast(master.page, 'Fatura criada com sucesso')).toBeVisible();
  // other journeys bill other companies: find ours through the search
  await invoices.getByTestId('invoices-search').fill(companyName);
  const masterRow = invoices.getByTestId('invoice-row').filter({ hasText: companyName });
  await expect(masterRow).toHaveCount(1);
  await expect(masterRow.getByTestId('invoice-value')).toContainText('R$ 149,90');
  await expect(masterRow.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(masterRow.getByTestId('invoice-delete')).toBeVisible();
  await fitsWidth(master.page, 'invoices-scroll');
  await shot(master.page, 'invoices-master');
  // a phone (390 px): the page and the list fit its width, the row's actions on screen
  await master.page.setViewportSize(MOBILE);
  await expect(masterRow.getByTestId('invoice-delete')).toBeInViewport();
  expect(
    await master.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(1);
  expect(
    await invoices.getByTestId('invoices-scroll').evaluate((el) => el.scrollWidth - el.clientWidth),
  ).toBeLessThanOrEqual(1);
  await shot(master.page, 'invoices-master-390');
  await master.page.setViewportSize(VIEW);

  // the company's admin sees it arrive without a reload (invoices-{companyId}), with the pay action (no delete)
  const clientRow = block.getByTestId('invoice-row');
  await expect(clientRow).toHaveCount(1);
  await expect(clientRow.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(clientRow.getByTestId('invoice-delete')).toHaveCount(0);
  await block.scrollIntoViewIfNeeded();
  await fitsWidth(client.page, 'company-invoices-section');
  await shot(client.page, 'invoices-client-pending');

  // pay on the fake gateway's page (a new tab)
  const [gateway] = await Promise.all([
    client.page.context().waitForEvent('page'),
    clientRow.getByTestId('invoice-pay').click(),
  ]);
  await gateway.getByRole('button', { name: 'Pagar' }).click();
  await expect(gateway.getByTestId('paid')).toBeVisible();

  // both screens follow live: CONFIRMED, the pay date, no pay action any more, the receipt
  for (const row of [clientRow, masterRow]) {
    await expect(row.getByTestId('invoice-status')).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(row.getByTestId('invoice-pay')).toHaveCount(0);
    await expect(row.getByTestId('invoice-delete')).toHaveCount(0);
  }
  await expect(masterRow.getByTestId('invoice-receipt')).toBeVisible();
  await shot(client.page, 'invoices-client-confirmed');
  await shot(master.page, 'invoices-master-confirmed');

  // in Spanish the invoice screens keep no Portuguese UI text (the catalogs are filled)
  await openUserMenuItem(master.page, 'preferences');
  await master.page.getByTestId('preferences-language').selectOption('es');
  await Promise.all([master.page.waitForEvent('load'), master.page.getByTestId('preferences-apply').click()]);
  await master.page.goto('/invoices');
  await master.page.getByTestId('invoices-search').fill(companyName);
  await expect(master.page.getByTestId('invoice-row')).toHaveCount(1);
  await master.page.getByTestId('invoice-add').click();
  await expect(master.page.getByTestId('invoice-dialog')).toBeVisible();
  const screen = ((await master.page.locator('body').textContent()) ?? '').split(companyName).join(' ');
  expect(ptLeftovers(screen, 'es', ['src/modules/billing/'])).toEqual([]);
  expect([...master.aborted, ...client.aborted]).toEqual([]);
});
