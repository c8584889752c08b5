// exceljs is the API's dependency, not a root one (same as contacts.e2e.ts)
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, shot, toast } from './support';

const ExcelJS = createRequire(import.meta.url)('../api/node_modules/exceljs') as typeof import('exceljs');

/**
 * Campaigns (issue 15 acceptance 5; spec 2 §2, §4, §5, §9): a setup → the creator (typed numbers + a contact
 * category, the phone mock-up shows the message) → START in the manager → the counters rise live → PAUSE → Concluir.
 * The engine's pacing is scaled down for e2e (CAMPAIGN_PACING_SCALE in playwright.config.ts).
 */

const run = Date.now().toString(36).slice(-5);
const LAPTOP = { width: 1366, height: 800 } as const;
const SMALL_LAPTOP = { width: 1280, height: 800 } as const;

/** `n` fresh numbers that the simulator knows as WhatsApp numbers (13 digits, never 000…). */
function numbers(n: number, prefix: string): string[] {
  const base = Number(`${prefix}${String(Date.now()).slice(-6)}`) * 1000;
  return Array.from({ length: n }, (_, i) => `55${String(base + i).padStart(11, '1')}`);
}

async function demoApiId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) });
  const w = ((await res.json()) as { id: number; name: string }[]).find((x) => x.name === 'Demo API');
  expect(w, 'the demo company has the non-default connection Demo API').toBeTruthy();
  return (w as { id: number }).id;
}

/** An .xlsx with the creator's columns. */
async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  ws.addRow(['number', 'name_opcional', 'email_opcional']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A setup on 'Demo API' that sends all day, begins paused (autoStart false) and has no warm-up cap in the way. */
async function createSetup(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.post(`${API_URL}/CampaignSetup`, {
    headers: authHeaders(token),
    data: {
      name,
      whatsapps: [await demoApiId(request, token)],
      tMax: 10,
      tMin: 1,
      interval: 5,
      autoStart: false,
      ticketSetStatus: 'closed',
      sendWindowStart: '00:00',
      sendWindowEnd: '00:00',
      breakerThreshold: 0,
      warmup: [{ fromDay: 0, perDay: 100000 }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id;
}

const counter = (page: Page, id: 'manager-sent' | 'manager-failed' | 'manager-count') =>
  page
    .getByTestId(id)
    .getAttribute('data-value')
    .then((v) => Number(v ?? 0));

/** Nothing of the page sticks out sideways (no horizontal scroll) and the element is wholly inside the viewport. */
async function fits(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  const vp = page.viewportSize();
  expect(box && vp).toBeTruthy();
  if (!box || !vp) return;
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width + 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The manager and its dispatch table fit the viewport: no sideways scroll, every column (actions too) in view. */
async function managerFits(page: Page): Promise<void> {
  await fits(page, 'campaign-manager');
  await fits(page, 'dispatch-table');
  const table = await page.getByTestId('dispatch-table').boundingBox();
  const scroller = await page.getByTestId('dispatch-scroll').boundingBox();
  expect(table && scroller && table.width <= scroller.width + 1, JSON.stringify({ table, scroller })).toBe(true);
}

test.describe('campaigns', () => {
  test('setup → creator (typed numbers + a category + an Excel sheet, phone preview) → START → counters rise live → PAUSE → Concluir', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(request, ADMIN);
    const setupName = `Setup ${run}`;
    await createSetup(request, token, setupName);
    // a contact category with two contacts
    const category = await (
      await request.post(`${API_URL}/categorycontacts`, {
        headers: authHeaders(token),
        data: { name: `Clientes ${run}`, color: '#2E86C1' },
      })
    ).json();
    for (const [i, number] of numbers(2, '7').entries()) {
      const c = await request.post(`${API_URL}/contacts`, {
        headers: authHeaders(token),
        data: { name: `Cliente ${i + 1} ${run}`, number },
      });
      expect(c.status(), await c.text()).toBe(200);
      const sync = await request.post(`${API_URL}/categoryContacts/sync`, {
        headers: authHeaders(token),
        data: { contactId: (await c.json()).id, categoryContacts: [category.id] },
      });
      expect(sync.ok(), await sync.text()).toBe(true);
    }

    await page.setViewportSize(LAPTOP);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/Campaigns');
    await expect(page.getByTestId('campaigns-page')).toBeVisible();
    await page.getByTestId('campaigns-add').click();
    await expect(page).toHaveURL(/\/CampaignsCreator$/);
    const creator = page.getByTestId('campaign-creator');

    // the spec's warning toasts, in order
    await page.getByTestId('creator-submit').click();
    await expect(toast(page, 'Adicione o nome da campanha')).toBeVisible();
    const name = `Black Friday ${run}`;
    await page.getByTestId('creator-name').fill(name);
    await page.getByTestId('creator-submit').click();
    await expect(toast(page, 'Selecione a Configuração da campanha')).toBeVisible();
    await page.getByTestId('creator-setup').selectOption({ label: setupName });
    await expect(page.getByTestId('creator-setup-info')).toContainText('Demo API');

    // the message builder: greeting required, then a 5+ text; the phone shows what the contact gets
    await page.getByTestId('creator-body').fill('Oi');
    await page.getByTestId('creator-add-message').click();
    await expect(toast(page, 'Adicione uma saudação')).toBeVisible();
    await page.getByTestId('creator-greeting').fill('Olá! Tudo bem?');
    await page.getByTestId('creator-add-message').click();
    await expect(toast(page, 'Mensagem muito curta')).toBeVisible();
    const body = `Ofertas de até 50% só hoje (${run})`;
    await page.getByTestId('creator-body').fill(body);
    await expect(page.getByTestId('campaign-phone-greeting')).toHaveText('Olá! Tudo bem?');
    await expect(page.getByTestId('campaign-phone-message')).toContainText(body);
    await page.getByTestId('creator-add-message').click();
    await expect(page.getByTestId('creator-message')).toHaveCount(1);
    await page.getByTestId('creator-submit').click();
    await expect(toast(page, 'Adicione ao menos um contato')).toBeVisible();

    // typed numbers: one per line; short entries and repeats are left out
    const typed = numbers(30, '3');
    await page.getByTestId('creator-numbers').fill([...typed, '12345', typed[0]].join('\n'));
    await page.getByTestId('creator-numbers-add').click();
    await expect(toast(page, 'Contatos adicionados')).toBeVisible();
    await expect(page.getByTestId('creator-contact-count')).toHaveAttribute('data-count', '30');
    // the Excel model downloads with the spec's columns
    await page.getByTestId('creator-source-excel').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('creator-excel-model').click(),
    ]);
    expect(download.suggestedFilename()).toBe('modelo-campanha.xlsx');
    // a contact category
    await page.getByTestId('creator-source-categories').click();
    await page.locator(`[data-testid="creator-categories-option"][data-name="Clientes ${run}"]`).click();
    await page.getByTestId('creator-categories-add').click();
    await expect(page.getByTestId('creator-contact-count')).toHaveAttribute('data-count', '32');
    // an Excel sheet (number, name_opcional, email_opcional): its repeat of a typed number is left out
    const sheet = numbers(2, '9');
    await page.getByTestId('creator-source-excel').click();
    await page.getByTestId('creator-excel-input').setInputFiles({
      name: 'lista.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx([
        [sheet[0] as string, 'Ana Planilha', 'ana@example.com'],
        [sheet[1] as string, 'Bia Planilha', ''],
        [typed[1] as string, 'Repetido', ''],
      ]),
    });
    await expect(page.getByTestId('creator-contact-count')).toHaveAttribute('data-count', '34');
    await expect(page.locator('[data-testid="creator-contact"]', { hasText: 'Ana Planilha' })).toBeVisible();
    await expect(page.getByTestId('campaign-phone-greeting')).toHaveText('Olá! Tudo bem?');
    await shot(page, 'campaigns-creator-1366');
    await fits(page, 'campaign-creator');
    await expect(creator).toBeVisible();

    await page.getByTestId('creator-submit').click();
    await expect(toast(page, 'Campanha criada')).toBeVisible();
    await expect(page).toHaveURL(/\/CampaignsManager\/\d+$/);
    const manager = page.getByTestId('campaign-manager');
    await expect(manager.getByTestId('manager-name')).toHaveText(name);
    // autoStart false: it begins paused; the phone mock-up shows the campaign's message
    await expect(page.getByTestId('manager-status')).toHaveAttribute('data-status', 'pause');
    await expect(page.getByTestId('campaign-phone-greeting')).toHaveText('Olá! Tudo bem?');
    await expect(page.getByTestId('campaign-phone-message')).toContainText(body);
    await expect(page.getByTestId('manager-count')).toHaveAttribute('data-value', '34');
    await expect(page.getByTestId('manager-sent')).toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('dispatch-row').first()).toBeVisible();

    // START: the spinner, then the sent counter rises without a reload
    await page.getByTestId('manager-start').click();
    await expect(page.getByTestId('manager-status')).toHaveAttribute('data-status', 'start');
    await expect(page.getByTestId('manager-status').getByTestId('campaign-spinner')).toBeVisible();
    await expect.poll(() => counter(page, 'manager-sent'), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[data-testid="dispatch-row"][data-status="sent"]').first()).toBeVisible();
    await shot(page, 'campaigns-manager-running-1366');
    await managerFits(page);
    // a running campaign's rows (ticket links, times) fit a 1280 px laptop too
    await page.setViewportSize(SMALL_LAPTOP);
    await shot(page, 'campaigns-manager-running-1280');
    await managerFits(page);
    await page.setViewportSize(LAPTOP);

    // PAUSE: the status says so and sending stops
    await page.getByTestId('manager-pause').click();
    await expect(page.getByTestId('manager-status')).toHaveAttribute('data-status', 'pause');
    await page.waitForTimeout(1500);
    const sentAtPause = await counter(page, 'manager-sent');
    await page.waitForTimeout(1500);
    expect(await counter(page, 'manager-sent')).toBe(sentAtPause);
    expect(sentAtPause).toBeLessThan(34);

    // Concluir: confirmed, finalized, the three buttons go away
    await page.getByTestId('manager-finalize').click();
    await page.getByTestId('manager-confirm').getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByTestId('manager-status')).toHaveAttribute('data-status', 'finalized');
    await expect(page.getByTestId('manager-start')).toHaveCount(0);
    await expect(page.getByTestId('manager-pause')).toHaveCount(0);
    await expect(page.getByTestId('manager-finalize')).toHaveCount(0);
    expect(await counter(page, 'manager-sent')).toBe(sentAtPause);

    // the list shows it finalized
    await page.goto('/Campaigns');
    const row = page.locator(`[data-testid="campaign-row"][data-name="${name}"]`);
    await expect(row).toHaveAttribute('data-status', 'finalized');
  });

  test('the manager and the list fit 1366×800 with a few hundred dispatches; schedule dialog; copy', async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request, ADMIN);
    const setupId = await createSetup(request, token, `Setup grande ${run}`);
    const list = numbers(300, '5').map((number, i) => ({ number, name: `Contato com nome comprido ${i + 1}` }));
    const res = await request.post(`${API_URL}/api/campaign/v1`, {
      headers: authHeaders(token),
      data: {
        campaignSetupId: setupId,
        campaign: {
          name: `Campanha com um nome bem comprido para medir o layout ${run}`,
          messages: [{ greeting: 'Olá!', body: 'Uma mensagem de teste para o layout' }],
          sendList: list,
        },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { id } = await res.json();

    await page.setViewportSize(LAPTOP);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/CampaignsManager/${id}`);
    await expect(page.getByTestId('manager-count')).toHaveAttribute('data-value', '300');
    await expect(page.getByTestId('dispatch-row').first()).toBeVisible();
    // every column's header is inside the table's box (nothing clipped), actions included; at 1280 px too
    await managerFits(page);
    await expect(page.getByTestId('dispatch-delete').first()).toBeInViewport();
    await page.setViewportSize(SMALL_LAPTOP);
    await shot(page, 'campaigns-manager-300-1280');
    await managerFits(page);
    await expect(page.getByTestId('dispatch-delete').first()).toBeInViewport();
    await page.setViewportSize(LAPTOP);
    // more rows arrive when scrolling to the bottom; the bottom reached again at once (inside the 1 s lock) still
    // brings the next page when the lock ends, without another scroll
    const rows = page.getByTestId('dispatch-row');
    const before = await rows.count();
    await page.getByTestId('dispatch-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
    const second = await rows.count();
    await page.getByTestId('dispatch-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.count(), { timeout: 3000 }).toBeGreaterThan(second);
    await page.getByTestId('dispatch-scroll').evaluate((el) => el.scrollTo(0, 0));
    await shot(page, 'campaigns-manager-300-1366');

    // the schedule dialog proposes now + 2 h; saved, it shows; "Remover agendamento" clears it
    await page.getByTestId('manager-schedule').click();
    const dialog = page.getByTestId('campaign-schedule-dialog');
    const proposed = await dialog.getByTestId('campaign-schedule-input').inputValue();
    expect(proposed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await dialog.getByTestId('campaign-schedule-save').click();
    await expect(toast(page, 'Campanha agendada')).toBeVisible();
    await expect(page.getByTestId('manager-schedule-at')).not.toHaveText('—');
    const saved = await (await request.get(`${API_URL}/Campaign/${id}`, { headers: authHeaders(token) })).json();
    const ahead = Date.parse(saved.campaign.schedule) - Date.now();
    expect(ahead).toBeGreaterThan(110 * 60_000);
    expect(ahead).toBeLessThan(125 * 60_000);
    await page.getByTestId('manager-schedule').click();
    await dialog.getByTestId('campaign-schedule-clear').click();
    await expect(toast(page, 'Agendamento removido')).toBeVisible();
    await expect(page.getByTestId('manager-schedule-at')).toHaveText('—');

    await page.goto('/Campaigns');
    await expect(page.getByTestId('campaign-row').first()).toBeVisible();
    await fits(page, 'campaigns-table');
    await expect(page.getByTestId('campaign-delete').first()).toBeInViewport();
    await shot(page, 'campaigns-list-1366');

    // copy: the creator starts from that campaign's name, setup and messages (contacts are chosen again)
    const bigName = `Campanha com um nome bem comprido para medir o layout ${run}`;
    await page.locator(`[data-testid="campaign-row"][data-name="${bigName}"]`).getByTestId('campaign-copy').click();
    await expect(page).toHaveURL(new RegExp(`/CampaignsCreator/${id}$`));
    await expect(page.getByTestId('creator-name')).toHaveValue(bigName);
    await expect(page.getByTestId('creator-message')).toHaveCount(1);
    await expect(page.getByTestId('creator-setup')).toHaveValue(String(setupId));
    await expect(page.getByTestId('creator-contact-count')).toHaveAttribute('data-count', '0');
  });
});
