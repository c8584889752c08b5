import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ptLeftovers, ptTextsToAvoid } from './po-texts';
import {
  ADMIN,
  AGENT,
  API_URL,
  apiLogin,
  authHeaders,
  drawerEntries,
  login,
  newCustomer,
  openUserMenuItem,
  shot,
} from './support';

/**
 * Dashboard and reports (issue 19 acceptance 4; spec 3 §2, §3, §6, §9): /dash with its range filter, Status Geral,
 * the per-user and per-queue tables and charts, live refresh; a report from the dashboard's menu, its print view,
 * saved as an A4 PDF with Chromium's print-to-PDF, whose pages are rendered as images (pdftoppm) and kept.
 */

const LAPTOP = { width: 1366, height: 800 } as const;
const ZONE = 'America/Sao_Paulo';
const SHOTS = join(import.meta.dirname ?? __dirname, 'screenshots');

/** 'YYYY-MM-DD' of an instant on the demo company's clock. */
function dayOf(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

async function statValue(page: Page, key: string): Promise<number> {
  return Number(((await page.getByTestId(`stat-${key}-value`).first().textContent()) ?? '').replace(/\D/g, ''));
}

/** Three fresh tickets: one left waiting, one accepted by the admin, one accepted and resolved. */
async function seedTickets(request: APIRequestContext, token: string, adminId: number): Promise<void> {
  const put = async (id: number, data: Record<string, unknown>) => {
    const res = await request.put(`${API_URL}/tickets/${id}`, { headers: authHeaders(token), data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await newCustomer(request, token, '5511961', 'Dash Espera');
  const open = await newCustomer(request, token, '5511962', 'Dash Atendido');
  await put(open.ticketId, { status: 'open', userId: adminId });
  const closed = await newCustomer(request, token, '5511963', 'Dash Resolvido');
  await put(closed.ticketId, { status: 'open', userId: adminId });
  await put(closed.ticketId, { status: 'closed' });
}

test('dashboard: range, figures, charts, live refresh; a report printed to an A4 PDF', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { token, user } = await apiLogin(request, ADMIN);
  await seedTickets(request, token, user.id);

  await page.setViewportSize(LAPTOP);
  await login(page, ADMIN.email, ADMIN.password);
  expect((await drawerEntries(page)).map((e) => e.key)).toContain('dashboard');
  await page.getByTestId('app-drawer').locator('[data-key="dashboard"] a').click();
  await expect(page).toHaveURL(/\/dash$/);

  // default range: start of the month → now (spec 3 §9), on the company's clock
  const today = dayOf(Date.now());
  await expect(page.getByTestId('dash-initial')).toHaveValue(`${today.slice(0, 8)}01T00:00`);
  await expect(page.getByTestId('dash-final')).toHaveValue(new RegExp(`^${today}T\\d\\d:\\d\\d$`));
  // the native inputs follow the browser's language; the period beside them is in the UI's (pt-BR: dd/mm/aaaa)
  const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  await expect(page.getByTestId('dash-period')).toContainText(
    `Período: ${br(`${today.slice(0, 8)}01`)}, 00:00 – ${br(today)}`,
  );

  // the figures: the three tickets are there (other journeys may have added more)
  await expect.poll(() => statValue(page, 'total')).toBeGreaterThanOrEqual(3);
  expect(await statValue(page, 'waiting')).toBeGreaterThanOrEqual(1);
  expect(await statValue(page, 'open')).toBeGreaterThanOrEqual(1);
  expect(await statValue(page, 'closed')).toBeGreaterThanOrEqual(1);
  const total = await statValue(page, 'total');
  expect((await statValue(page, 'waiting')) + (await statValue(page, 'open')) + (await statValue(page, 'closed'))).toBe(
    total,
  );
  await expect(page.getByTestId('dash-legend')).toContainText('tempo médio de atendimento');
  await expect(page.getByTestId('dash-legend')).toContainText('tempo médio de espera');
  // TMA/TME in d h min s (the resolved ticket was served for a moment: seconds)
  await expect(page.getByTestId('stat-tma-value')).toHaveText(/^(\d+ (d|h|min|s) ?)+$/);
  // the admin's row with its open/closed pie, the queue pie and the uPlot bars
  const adminRow = page.getByTestId('dash-user-row').filter({ hasText: user.name });
  await expect(adminRow).toBeVisible();
  await expect(adminRow.getByTestId('user-pie')).toBeVisible();
  await expect(page.getByTestId('queues-pie')).toBeVisible();
  await expect(page.getByTestId('queues-bar').locator('canvas')).toBeVisible();
  // the per-day time series (uPlot); its legend sums the range's days: every ticket of Status Geral
  const daily = page.getByTestId('dash-daily');
  await expect(daily.getByTestId('daily-chart').locator('canvas').first()).toBeVisible();
  await expect(daily.getByTestId('dash-daily-legend')).toContainText('Criados');
  await expect(daily.getByTestId('dash-daily-legend')).toContainText('Resolvidos');
  const dailyTotal = async () =>
    Number(
      /Criados\s*([\d.]+)/
        .exec((await daily.getByTestId('dash-daily-legend').textContent()) ?? '')?.[1]
        ?.replace(/\D/g, '') ?? -1,
    );
  await expect.poll(dailyTotal).toBe(await statValue(page, 'total'));
  // 1366×800: the page itself does not scroll (the dashboard scrolls inside its card)
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'dashboard-1366');

  // live: a new customer's ticket raises the total without reloading (throttled refresh)
  await newCustomer(request, token, '5511964', 'Dash Ao Vivo');
  await expect.poll(() => statValue(page, 'total'), { timeout: 30_000 }).toBe(total + 1);

  // another range: tomorrow has no tickets yet
  const tomorrow = dayOf(Date.now() + 86_400_000);
  await page.getByTestId('dash-initial').fill(`${tomorrow}T00:00`);
  await page.getByTestId('dash-final').fill(`${tomorrow}T23:59`);
  await page.getByTestId('dash-apply').click();
  await expect(page.getByTestId('stat-total-value')).toHaveText('0');
  await expect(page.getByTestId('dash-users')).toContainText('Nenhum atendimento no período.');
  // a reversed range is refused before asking the server
  await page.getByTestId('dash-initial').fill(`${tomorrow}T23:59`);
  await page.getByTestId('dash-final').fill(`${today}T00:00`);
  await expect(page.getByTestId('dash-range-error')).toHaveText('A data final deve ser posterior à data inicial');
  await expect(page.getByTestId('dash-apply')).toBeDisabled();
  // back to the month: the figures return
  await page.getByTestId('dash-initial').fill(`${today.slice(0, 8)}01T00:00`);
  await page.getByTestId('dash-final').fill(`${today}T23:59`);
  await page.getByTestId('dash-apply').click();
  await expect.poll(() => statValue(page, 'total')).toBeGreaterThanOrEqual(total + 1);

  // the report: menu → dialog (last 30 days by default) → print view
  await page.getByTestId('dash-menu').click();
  await page.getByTestId('dash-generate-report').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('report-initial')).toHaveValue(dayOf(Date.now() - 30 * 86_400_000));
  await expect(dialog.getByTestId('report-final')).toHaveValue(today);
  await expect(dialog.getByTestId('report-period')).toHaveText(
    `Período: ${br(dayOf(Date.now() - 30 * 86_400_000))} – ${br(today)}`,
  );
  await expect(dialog.getByTestId('report-queues-option').first()).toBeVisible();
  await expect(dialog.getByTestId('report-users-option').first()).toBeVisible();
  await dialog.getByTestId('report-generate').click();
  await expect(page).toHaveURL(/\/reports\?initialDate=\d{4}-\d\d-\d\d&finalDate=\d{4}-\d\d-\d\d/);
  const sheet = page.getByTestId('report-sheet');
  await expect(sheet.getByTestId('report-title')).toHaveText('Relatório de atendimentos');
  await expect(sheet.getByTestId('report-content')).toBeVisible();
  expect(
    Number(((await sheet.getByTestId('stat-total-value').textContent()) ?? '').replace(/\D/g, '')),
  ).toBeGreaterThanOrEqual(total + 1);
  await expect(sheet.getByTestId('dash-user-row').filter({ hasText: user.name })).toBeVisible();
  // the bar charts are pictures (print engines keep them), drawn and loaded
  const images = sheet.getByTestId('chart-image');
  // the per-day series and the two bar charts
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
  }
  await expect(page.getByTestId('report-print')).toHaveText('IMPRIMIR');
  await shot(page, 'report-view');

  // on paper: the print medium hides the drawer, the top bar and the buttons
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-drawer')).toBeHidden();
  await expect(page.getByTestId('top-bar')).toBeHidden();
  await expect(page.getByTestId('report-print')).toBeHidden();
  await expect(page.getByTestId('report-back')).toBeHidden();
  await shot(page, 'report-print-media');
  const pdfPath = testInfo.outputPath('relatorio.pdf');
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });

  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const info = execFileSync('pdfinfo', [pdfPath]).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(info).toMatch(/Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  expect(text).toContain('Relatório de atendimentos');
  expect(text).toContain('Status Geral'.toUpperCase());
  expect(text).toContain('Atendimentos por usuário');
  expect(text).toContain('Atendimentos por fila');
  expect(text).toContain('Atendimentos por dia');
  expect(text).toContain(user.name);
  // nothing of the screen's chrome on paper
  for (const chrome of ['IMPRIMIR', 'Voltar', 'Alterar filtros', 'Conexões', 'Respostas Rápidas']) {
    expect(text, `"${chrome}" is not printed`).not.toContain(chrome);
  }
  // the PDF's pages as images: the first one is kept with the journey's screenshots
  const prefix = testInfo.outputPath('relatorio-page');
  execFileSync('pdftoppm', ['-png', '-r', '80', pdfPath, prefix]);
  const first = [`${prefix}-1.png`, `${prefix}-01.png`].find((p) => existsSync(p));
  expect(first, 'pdftoppm rendered the first page').toBeTruthy();
  // an A4 page at 80 dpi is about 661 × 935 px; a blank page compresses to a few KB
  expect(statSync(first as string).size).toBeGreaterThan(20_000);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(first as string, join(SHOTS, 'report-pdf-page-1.png'));
  await testInfo.attach('report-pdf-page-1', { path: first as string, contentType: 'image/png' });
});

test('gating: an attendant without enableDash gets no entry and a clear refusal on /dash and /reports', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await login(page, AGENT.email, AGENT.password);
  const keys = (await drawerEntries(page)).map((e) => e.key);
  expect(keys).not.toContain('dashboard');
  expect(keys).not.toContain('reports');
  await page.goto('/dash');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('no-permission')).toContainText('Sem permissão');
  await expect(page.getByTestId('dashboard')).toHaveCount(0);
  await page.goto('/reports?initialDate=2026-01-01&finalDate=2026-01-31');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('report-sheet')).toHaveCount(0);
});

const run = Date.now().toString(36).slice(-5);

/** A fresh user in a fresh permission group (so changing its language or flags touches no other journey). */
async function freshUser(
  request: APIRequestContext,
  token: string,
  label: string,
  profile: 'admin' | 'user',
  flags: Record<string, boolean>,
  queueIds: number[] = [],
): Promise<{ id: number; name: string; email: string }> {
  const group = await request.post(`${API_URL}/usersAuthorizations`, {
    headers: authHeaders(token),
    data: { name: `${label} ${run}`, ...flags },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const email = `${label.toLowerCase().replace(/\W+/g, '.')}.${run}@demo.local`;
  const name = `${label} ${run}`;
  const res = await request.post(`${API_URL}/users`, {
    headers: authHeaders(token),
    data: { name, email, password: 'demo1234', profile, userAuthorizationId: (await group.json()).id, queueIds },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { id: (await res.json()).id, name, email };
}

test('an attendant whose group has enableDash sees only their own figures', async ({ page, request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const queues = (await (await request.get(`${API_URL}/queue`, { headers: authHeaders(token) })).json()) as {
    id: number;
  }[];
  const queueId = queues[0].id;
  const me = await freshUser(
    request,
    token,
    'Dash Proprio',
    'user',
    { enableDash: true, enableAdministration: false },
    [queueId],
  );
  const ticket = await newCustomer(request, token, '5511965', 'Dash Do Atendente');
  const res = await request.put(`${API_URL}/tickets/${ticket.ticketId}`, {
    headers: authHeaders(token),
    data: { status: 'open', userId: me.id, queueId },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.setViewportSize(LAPTOP);
  await login(page, me.email, 'demo1234');
  // spec 1 §2: the drawer's dashboard entry is in the admin-only section
  expect((await drawerEntries(page)).map((e) => e.key)).not.toContain('dashboard');
  await page.goto('/dash');
  await expect(page.getByTestId('dashboard')).toContainText('Os seus atendimentos');
  await expect(page.getByTestId('stat-total-value')).toHaveText('1');
  await expect(page.getByTestId('stat-open-value')).toHaveText('1');
  await expect(page.getByTestId('dash-user-row')).toHaveCount(1);
  await expect(page.getByTestId('dash-user-row')).toContainText(me.name);
  // no user filter and no report menu (reports need the administration menu)
  await expect(page.getByTestId('dash-user')).toHaveCount(0);
  await expect(page.getByTestId('dash-menu')).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByTestId('no-permission')).toBeVisible();
});

test('a refusal of the server for the plan shows why, not a broken page', async ({ page }) => {
  await page.route(/\/dash\/attendances/, (r) =>
    r.fulfill({
      status: 403,
      json: { error: 'ERR_PLAN_FEATURE_DISABLED', message: 'ERR_PLAN_FEATURE_DISABLED' },
    }),
  );
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/dash');
  await expect(page.getByTestId('plan-refusal')).toContainText('Recurso não disponível no plano da empresa.');
  await expect(page.getByTestId('dashboard')).toHaveCount(0);
});

test.describe('languages', () => {
  const MY_FOLDERS = ['src/modules/dashboard/'];
  for (const locale of ['en', 'es'] as const) {
    test(`the dashboard, the dialog and the report in ${locale} (no pt-BR text left)`, async ({ page, request }) => {
      expect(ptTextsToAvoid(locale, MY_FOLDERS).length).toBeGreaterThan(20);
      const { token } = await apiLogin(request, ADMIN);
      const admin = await freshUser(request, token, `Dash Idioma ${locale}`, 'admin', {
        enableDash: true,
        enableAdministration: true,
      });
      await page.setViewportSize(LAPTOP);
      await login(page, admin.email, 'demo1234');
      await openUserMenuItem(page, 'preferences');
      await page.getByTestId('preferences-language').selectOption(locale);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const content = page.getByTestId('page-content');
      const check = async (what: string) => {
        const text = (await content.textContent()) ?? '';
        expect(ptLeftovers(text, locale, MY_FOLDERS), `${what}: pt-BR text left`).toEqual([]);
      };

      await page.goto('/dash');
      await expect(page.getByTestId('stat-total-value')).toBeVisible();
      await expect(page.getByTestId('dash-legend')).toContainText(
        locale === 'en' ? 'average service time' : 'tiempo medio de atención',
      );
      await check('dashboard');
      await shot(page, `dashboard-${locale}`);
      await page.getByTestId('dash-menu').click();
      await page.getByTestId('dash-generate-report').click();
      await expect(page.getByTestId('report-dialog')).toBeVisible();
      const dialogText = (await page.getByTestId('report-dialog').textContent()) ?? '';
      expect(ptLeftovers(dialogText, locale, MY_FOLDERS), 'dialog: pt-BR text left').toEqual([]);
      await page.getByTestId('report-generate').click();
      await expect(page.getByTestId('report-content')).toBeVisible();
      await expect(page.getByTestId('report-title')).toHaveText(
        locale === 'en' ? 'Service report' : 'Informe de atenciones',
      );
      await check('report');
    });
  }
});
