import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, shot, toast } from './support';

/**
 * Billing notices (spec 3 §2 /notificationTemplatelist, /notificationTemplateManager/{id?}, /n/{platform}/{id}, the
 * notification subscriptions of the company page; §4, §5). The demo admin is the master. The WhatsApp check runs
 * through the platform's connection, the demo's simulator ("Principal": numbers starting 000 have no WhatsApp).
 * Every request leaving localhost is aborted.
 */
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');

async function offline(context: BrowserContext): Promise<string[]> {
  const aborted: string[] = [];
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      aborted.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return aborted;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const m = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, w: window.innerWidth }));
  expect(m.sw).toBeLessThanOrEqual(m.w);
}

test.describe('billing notices (master)', () => {
  let aborted: string[] = [];
  test.beforeEach(async ({ page }) => {
    aborted = await offline(page.context());
    await page.setViewportSize({ width: 1366, height: 800 });
  });
  test.afterEach(() => {
    expect(aborted).toEqual([]);
  });

  test('template editor: saves on blur, placeholders inserted and checked, live preview (sandboxed e-mail)', async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/notificationTemplatelist');
    await expect(page.getByTestId('templates-page')).toBeVisible();
    await page.getByTestId('template-add').click();
    await expect(page).toHaveURL(/\/notificationTemplateManager\/$/);

    // the first blur with a name creates the template (1 s later); the address then carries its id
    const name = `Lembrete E2E ${run}`;
    await page.getByTestId('template-name').fill(name);
    await page.getByTestId('template-notice').selectOption('dueDay');
    const text = page.getByTestId('template-textWp');
    await text.click();
    await expect(page.getByTestId('template-save-state')).toHaveAttribute('data-state', 'saved');
    await expect(page).toHaveURL(/\/notificationTemplateManager\/\d+$/);

    // a click on a placeholder inserts it where the cursor is
    await text.pressSequentially('Olá, ');
    await page.getByTestId('template-placeholder').and(page.locator('[data-name="contato"]')).click();
    await text.pressSequentially('! Sua fatura de *');
    await page.getByTestId('template-placeholder').and(page.locator('[data-name="valor"]')).click();
    await text.pressSequentially('* vence hoje.');
    await expect(text).toHaveValue('Olá, {{contato}}! Sua fatura de *{{valor}}* vence hoje.');

    // an unknown placeholder is named and nothing is saved
    await page.getByTestId('template-emailTitle').fill('Fatura {{fatrua}}');
    await page.getByTestId('template-emailHtml').click();
    await expect(page.getByTestId('template-emailTitle-error')).toContainText('Variável desconhecida: {{fatrua}}');
    await expect(page.getByTestId('template-save-state')).toHaveAttribute('data-state', 'invalid');
    await page.getByTestId('template-emailTitle').fill('Fatura {{fatura}} vence hoje');
    await page
      .getByTestId('template-emailHtml')
      .fill(
        '<h1 id="t">Olá, {{contato}}</h1><p>Valor: <b>{{valor}}</b></p><script>document.body.innerHTML="x"</script>',
      );
    await page.getByTestId('template-name').click();
    await expect(page.getByTestId('template-save-state')).toHaveAttribute('data-state', 'saved');

    // the preview: the WhatsApp bubble (bold as WhatsApp shows it) and the e-mail, with the sample invoice
    const preview = page.getByTestId('template-preview');
    await expect(preview.getByTestId('template-preview-wp-text')).toContainText('Olá, Maria Souza! Sua fatura de');
    await expect(preview.getByTestId('template-preview-wp-text').locator('strong')).toHaveText(/R\$\s?199,90/);
    await expect(preview.getByTestId('template-preview-email-title')).toHaveText(/Fatura 1024 vence hoje/);
    const frame = preview.getByTestId('template-preview-email-html');
    await expect(frame).toHaveAttribute('sandbox', '');
    // scripts do not run inside the preview: the heading is still there
    await expect(page.frameLocator('[data-testid="template-preview-email-html"]').locator('#t')).toHaveText(
      'Olá, Maria Souza',
    );
    await noHorizontalScroll(page);
    await shot(page, 'billing-notices-template-editor');

    // saved: a reload shows the texts; the list shows the template and its notice
    await page.reload();
    await expect(page.getByTestId('template-textWp')).toHaveValue(
      'Olá, {{contato}}! Sua fatura de *{{valor}}* vence hoje.',
    );
    await expect(page.getByTestId('template-notice')).toHaveValue('dueDay');
    await page.getByTestId('template-back').click();
    await page.getByTestId('templates-search').fill(name);
    const row = page.getByTestId('template-row').and(page.locator(`[data-name="${name}"]`));
    await expect(row).toBeVisible();
    await expect(row.getByTestId('template-row-notice')).toHaveText('Dia do vencimento');
  });

  test('notification subscription in the company page: WhatsApp checked on blur, an invalid number blocks the save', async ({
    page,
    request,
  }) => {
    const { user } = await apiLogin(request);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/companiesManager/${user.companyId}`);
    const section = page.getByTestId('company-notifications-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('subscription-add').click();
    const dialog = page.getByTestId('subscription-dialog');
    await expect(dialog).toBeVisible();
    // spec 3 §9 defaults: 5 days, every notice on
    await expect(dialog.getByTestId('subscription-invoiceDaysBeforeExpiration-Wp')).toHaveValue('5');
    await expect(dialog.getByTestId('subscription-invoiceDaysAfterExpiration-Email')).toHaveValue('5');
    await expect(dialog.getByTestId('subscription-invoiceCreated-Wp')).toBeChecked();
    await expect(dialog.getByTestId('subscription-invoiceConfirmedPayment-Email')).toBeChecked();

    const contact = `Financeiro ${run}`;
    await dialog.getByTestId('subscription-name').fill(contact);
    // the simulator: numbers starting 000 have no WhatsApp
    await dialog.getByTestId('subscription-whatsapp').fill('000123456789');
    await dialog.getByTestId('subscription-email').click();
    const status = dialog.getByTestId('subscription-whatsapp-status');
    await expect(status).toHaveText('Este numero não possui um WhatsApp');
    await dialog.getByTestId('subscription-save').click();
    await expect(toast(page, 'Este numero não possui um WhatsApp')).toBeVisible();
    await expect(dialog).toBeVisible();

    const number = `5511988${run}`;
    await dialog.getByTestId('subscription-whatsapp').fill(`+55 (11) 988${run.slice(0, 3)}-${run.slice(3)}`);
    await dialog.getByTestId('subscription-email').click();
    await expect(status).toHaveText('Este numero possui um WhatsApp');
    await expect(dialog.getByTestId('subscription-whatsapp')).toHaveValue(number);
    await dialog.getByTestId('subscription-email').fill(`financeiro${run}@cliente.test`);
    await dialog.getByTestId('subscription-invoiceDaysBeforeExpiration-Wp').selectOption('3');
    await dialog.getByTestId('subscription-invoiceDaysAfterExpiration-Email').selectOption('0');
    await dialog.getByTestId('subscription-invoiceDay-Email').uncheck();
    await shot(page, 'billing-notices-subscription-dialog');
    await dialog.getByTestId('subscription-save').click();
    await expect(toast(page, 'Assinatura salva com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = section.getByTestId('subscription-row').and(page.locator(`[data-name="${contact}"]`));
    await expect(row.getByTestId('subscription-row-whatsapp')).toContainText(number);
    await expect(row.getByTestId('subscription-row-whatsapp')).toContainText('válido');
    await expect(row.getByTestId('subscription-row-notices')).toContainText('E-mail 4/6');
    await noHorizontalScroll(page);
    await shot(page, 'billing-notices-company-section');

    // stored: the edit dialog reads it back
    await row.getByTestId('subscription-edit').click();
    await expect(dialog.getByTestId('subscription-invoiceDaysBeforeExpiration-Wp')).toHaveValue('3');
    await expect(dialog.getByTestId('subscription-invoiceDay-Email')).not.toBeChecked();
    await expect(dialog.getByTestId('subscription-whatsapp-status')).toHaveText('Este numero possui um WhatsApp');
  });

  test('/n/{platform}/{id}: the notice e-mail of a new invoice leads to its payment page; an unknown link says so', async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request);
    const headers = authHeaders(token);
    // the demo's client company on a plan: a subscription by e-mail, then a manual invoice (its "created" notice)
    const found = await request.get(`${API_URL}/company`, {
      headers,
      params: { searchParam: 'Clínica Sorriso', pageNumber: '1' },
    });
    const company = ((await found.json()) as { company: { id: number; name: string }[] }).company.find(
      (c) => c.name === 'Clínica Sorriso',
    );
    expect(company).toBeTruthy();
    const companyId = (company as { id: number }).id;
    const email = `cobranca${run}@cliente.test`;
    const sub = await request.post(`${API_URL}/notification/subscription/store`, {
      headers,
      data: { companyId, contactName: `Marta Souza ${run}`, email },
    });
    expect(sub.status(), await sub.text()).toBe(200);
    const plans = (await (await request.get(`${API_URL}/companyPlan/${companyId}`, { headers })).json()) as {
      id: number;
    }[];
    expect(plans.length).toBeGreaterThan(0);
    const invoice = await request.post(`${API_URL}/invoice/${plans[0].id}`, { headers, data: { companyId } });
    expect(invoice.status(), await invoice.text()).toBe(200);

    // the notice reaches the embedded outbox; its link goes through /n
    let link = '';
    await expect
      .poll(
        async () => {
          const res = await request.get(`${API_URL}/mailOutbox`, {
            headers,
            params: { searchParam: email, pageNumber: '1' },
          });
          const mails = ((await res.json()) as { mails: { to: string; text: string; html: string | null }[] }).mails;
          const body = mails.map((m) => `${m.text} ${m.html ?? ''}`).join(' ');
          link = /\/n\/email\/[A-Za-z0-9_-]+/.exec(body)?.[0] ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');

    await page.goto(link);
    // the fake gateway's local pay page (the invoice's paymentLink)
    await expect(page).toHaveURL(/\/fake-gateway\/pay\//, { timeout: 15_000 });
    await shot(page, 'billing-notices-redirect-target');

    await page.goto('/n/email/naoexiste0000');
    await expect(page.getByTestId('notice-redirect-error')).toContainText('Link inválido ou expirado');
  });
});

test('a company admin with payPanelAccess (not master): the notices of the contacts change, the contact does not', async ({
  page,
}) => {
  const aborted = await offline(page.context());
  await page.setViewportSize({ width: 1366, height: 800 });
  // the demo's client company: its admin has payPanelAccess; the demo subscribed its finance contact
  await login(page, 'contato@sorriso.demo.local', 'demo1234');
  await page.goto('/clientCompanyManager');
  const section = page.getByTestId('company-notifications-section');
  await section.scrollIntoViewIfNeeded();
  const row = section.getByTestId('subscription-row').and(page.locator('[data-name="Ana Financeiro"]'));
  await expect(row).toBeVisible();
  // no adding or deleting contacts
  await expect(section.getByTestId('subscription-add')).toHaveCount(0);
  await expect(row.getByTestId('subscription-delete')).toHaveCount(0);
  await row.getByTestId('subscription-edit').click();
  const dialog = page.getByTestId('subscription-dialog');
  await expect(dialog.getByTestId('subscription-contact-locked')).toBeVisible();
  for (const field of ['subscription-name', 'subscription-email', 'subscription-whatsapp']) {
    await expect(dialog.getByTestId(field)).toBeDisabled();
  }
  await expect(dialog.getByTestId('subscription-name')).toHaveValue('Ana Financeiro');
  // the notices are theirs to choose
  const dueDayEmail = dialog.getByTestId('subscription-invoiceDay-Email');
  await expect(dueDayEmail).toBeEnabled();
  const wasOn = await dueDayEmail.isChecked();
  await dueDayEmail.setChecked(!wasOn);
  await dialog.getByTestId('subscription-invoiceDaysBeforeExpiration-Wp').selectOption('2');
  await shot(page, 'billing-notices-subscription-client');
  await dialog.getByTestId('subscription-save').click();
  await expect(toast(page, 'Assinatura salva com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  await row.getByTestId('subscription-edit').click();
  await expect(dialog.getByTestId('subscription-invoiceDaysBeforeExpiration-Wp')).toHaveValue('2');
  await expect(dueDayEmail).toBeChecked({ checked: !wasOn });
  await expect(dialog.getByTestId('subscription-email')).toHaveValue('financeiro@clinicasorriso.demo.local');
  expect(aborted).toEqual([]);
});
