import { expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, API_URL, apiLogin, authHeaders, login, shot, WEB_URL } from './support';

/**
 * Issue 13 acceptance 4: the message API from the browser — the docs viewer bundled and offline (no CDN, no CSP
 * violation), a token made on /apisendmessage, copied, used in the viewer's try-it, the message seen live in the chat.
 */

const VIEWPORT = { width: 1366, height: 800 };

/** Every request the page makes must go to this deployment (the web origin or the API): no CDN, no font host. */
function watchOrigins(page: Page): { foreign: string[]; violations: string[] } {
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!url.startsWith(WEB_URL) && !url.startsWith(API_URL)) foreign.push(url);
  });
  page.exposeFunction('reportCsp', (v: string) => violations.push(v));
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCsp: (v: string) => void }).reportCsp(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return { foreign, violations };
}

test.describe('message API documentation', () => {
  test('the docs pages load the bundled viewer with no foreign request and no CSP violation', async ({ page }) => {
    await page.setViewportSize(VIEWPORT);
    const watch = watchOrigins(page);
    const chunks: string[] = [];
    page.on('request', (req) => chunks.push(req.url()));
    await login(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    // the viewer is not part of the main bundle: nothing of it loads before a docs page opens
    expect(chunks.filter((u) => /swagger/i.test(u))).toEqual([]);

    await page.goto('/api');
    await expect(page.getByTestId('api-menu-tokens')).toBeVisible();
    await expect(page.getByTestId('api-docs-viewer').locator('.swagger-ui .info .title')).toContainText(
      'API de mensagens',
    );
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((u) => /swagger/i.test(u)).length).toBeGreaterThan(0);
    await shot(page, 'message-api-docs-api');
    await page
      .getByTestId('api-docs-viewer')
      .locator('#operations-Mensagens-postApiMessagesSendMedia')
      .scrollIntoViewIfNeeded();
    await shot(page, 'message-api-docs-operations');

    for (const path of ['/ApiDocumentation', '/api_old']) {
      await page.goto(path);
      await expect(page.getByTestId('api-documentation-page')).toBeVisible();
      await expect(page.getByTestId('api-docs-viewer').locator('.swagger-ui .info .title')).toContainText(
        'API de mensagens',
      );
    }
    for (const path of ['/internalDocs', '/InternalDocs']) {
      await page.goto(path);
      await expect(page.getByTestId('internal-docs-page')).toBeVisible();
      // `.opblock-tag` (the tag's heading), not `.opblock-tag-section`: from 150 tags + operations on, Swagger UI
      // renders a virtual list without section wrappers (the internal document crossed it with the campaign setups)
      await expect(page.getByTestId('api-docs-viewer').locator('.opblock-tag').first()).toBeVisible();
    }
    // an operation far down the document is reachable through the filter, with its request schema
    const viewer = page.getByTestId('api-docs-viewer');
    await viewer.locator('.operation-filter-input').fill('CampaignSetup');
    const post = viewer.locator('#operations-CampaignSetup-postCampaignSetup');
    await expect(post).toBeVisible();
    await post.locator('.opblock-summary-control').click();
    await expect(post.locator('.opblock-body')).toContainText('whatsapps');
    await page.waitForLoadState('networkidle');
    await shot(page, 'message-api-docs-internal');
    expect(watch.foreign).toEqual([]);
    expect(watch.violations).toEqual([]);
  });

  test('an attendant is refused the API pages', async ({ page }) => {
    await login(page, AGENT.email, AGENT.password);
    for (const path of ['/api', '/apisendmessage', '/ApiDocumentation', '/internalDocs']) {
      await page.goto(path);
      await expect(page.getByTestId('no-permission')).toBeVisible();
    }
  });
});

type Connection = { id: number; name: string; isDefault: boolean; lib: string; status: string };

/**
 * A non-default simulator connection (the demo seed has one; else the journey makes its own, connected by the
 * simulator's scan, and removes it at the end).
 */
async function sendingConnection(
  request: import('@playwright/test').APIRequestContext,
  token: string,
): Promise<{ connection: Connection; own: boolean }> {
  const list = (await (
    await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) })
  ).json()) as Connection[];
  const seeded = list.find((w) => !w.isDefault && w.lib === 'simulator' && w.status === 'CONNECTED');
  if (seeded) return { connection: seeded, own: false };
  const name = `API e2e ${Date.now().toString().slice(-6)}`;
  const res = await request.post(`${API_URL}/whatsapp`, {
    headers: authHeaders(token),
    data: { name, lib: 'simulator', isDefault: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const created = (await res.json()) as Connection;
  const scan = await request.post(`${API_URL}/simulator/${created.id}/scan`, { headers: authHeaders(token) });
  expect(scan.status()).toBe(200);
  return { connection: created, own: true };
}

test('a token made on /apisendmessage, copied, sends a text from the /api viewer; the chat shows it live', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB_URL });
  await page.setViewportSize(VIEWPORT);
  const watch = watchOrigins(page);
  const { token: session } = await apiLogin(request, ADMIN);
  const { connection, own } = await sendingConnection(request, session);
  const tokenName = `ERP e2e ${Date.now().toString().slice(-6)}`;
  const number = `55119${String(Date.now()).slice(-8)}`;
  const text = `Boleto vence amanhã ${number.slice(-4)}`;

  await login(page, ADMIN.email, ADMIN.password);
  // the attendant's view, open before the send: the message must arrive live
  const chat = await context.newPage();
  await chat.setViewportSize(VIEWPORT);
  await chat.goto('/tickets');
  await expect(chat.getByTestId('ticket-manager')).toBeVisible();

  // a second admin tab on the token list: tokens appear and go live (apiSendMessageToken-{companyId})
  const watcher = await context.newPage();
  await watcher.setViewportSize(VIEWPORT);
  await watcher.goto('/apisendmessage');
  await expect(watcher.getByTestId('api-tokens-page')).toBeVisible();
  await watcher.waitForLoadState('networkidle');

  // /api → menu → /apisendmessage
  await page.goto('/api');
  await page.getByTestId('api-menu-tokens').click();
  await expect(page).toHaveURL(/\/apisendmessage$/);
  await expect(page.getByTestId('api-tokens-page')).toBeVisible();

  // the modal: no connection → the spec's warning; the default connection is not offered
  await page.getByTestId('api-token-add').click();
  const dialog = page.getByTestId('api-token-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('api-token-name').fill(tokenName);
  await dialog.getByTestId('api-token-save').click();
  await expect(dialog.getByTestId('api-token-whatsapp-error')).toHaveText(
    'É necessário selecionar uma conexão para enviar mensagens pela API.',
  );
  const offered = await dialog.getByTestId('api-token-whatsapp').locator('option').allTextContents();
  expect(offered).not.toContain('Principal');
  await dialog.getByTestId('api-token-whatsapp').selectOption({ label: connection.name });
  await dialog.getByTestId('api-token-status').selectOption({ label: 'Aberto' });
  await dialog.getByTestId('api-token-mode-update').check();
  await dialog.getByTestId('api-token-queue').selectOption({ label: 'Suporte' });
  await dialog.getByTestId('api-token-user').selectOption({ label: 'Administrador' });
  await shot(page, 'message-api-token-dialog');
  await dialog.getByTestId('api-token-save').click();

  // the full token, once, with a copy button that fills the clipboard
  const created = page.getByTestId('api-token-created');
  await expect(created).toBeVisible();
  const plain = (await created.getByTestId('api-token-created-value').textContent())?.trim() ?? '';
  expect(plain).toMatch(/^zd_live_[A-Za-z0-9_-]{20,}$/);
  await created.getByTestId('api-token-created-copy').click();
  await expect(created.getByTestId('api-token-created-copy')).toContainText('Copiado');
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(plain);
  await shot(page, 'message-api-token-created');
  await created.getByTestId('api-token-created-close').click();

  await expect(watcher.getByTestId('api-token-row').filter({ hasText: tokenName })).toBeVisible();

  // the row: masked, revealed and copied in full for the admin
  const row = page.getByTestId('api-token-row').filter({ hasText: tokenName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('api-token-value')).toHaveText(`zd_live_…${plain.slice(-4)}`);
  await expect(row.getByTestId('api-token-status-cell')).toHaveText('Aberto');
  await expect(row.getByTestId('api-token-whatsapp-cell')).toHaveText(connection.name);
  await expect(row.getByTestId('api-token-usage')).toHaveText('Nunca usado');
  await row.getByTestId('api-token-reveal').click();
  await expect(row.getByTestId('api-token-value')).toHaveText(plain);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await row.getByTestId('api-token-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(plain);
  await row.getByTestId('api-token-reveal').click();
  await expect(row.getByTestId('api-token-value')).toHaveText(`zd_live_…${plain.slice(-4)}`);
  // the table fits the card at 1366×800 (no sideways scrolling)
  const fits = await watcher
    .getByTestId('api-tokens-table')
    .evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1);
  expect(fits).toBe(true);
  await shot(watcher, 'message-api-tokens-list');

  // /api: paste the copied token, try-it the text call
  await page.getByTestId('api-tokens-back').click();
  await expect(page).toHaveURL(/\/api$/);
  await page.getByTestId('api-docs-token').fill(await page.evaluate(() => navigator.clipboard.readText()));
  await page.getByTestId('api-docs-token-apply').click();
  await expect(page.getByTestId('api-docs-token-active')).toBeVisible();
  const viewer = page.getByTestId('api-docs-viewer');
  const op = viewer.locator('#operations-Mensagens-postApiMessagesSendText');
  await op.first().locator('.opblock-summary').click();
  // try-it is on from the start (no "Try it out" click); the Idempotency-Key field starts empty
  await expect(op.getByRole('textbox', { name: 'Idempotency-Key' })).toHaveValue('');
  await op
    .first()
    .locator('textarea.body-param__text')
    .fill(JSON.stringify({ contactNumber: number, contactName: 'Cliente API', body: text }));
  await shot(page, 'message-api-try-it');
  await op.first().getByRole('button', { name: 'Execute' }).click();
  const live = op.first().locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status').first()).toHaveText('200', { timeout: 30_000 });
  await expect(live).toContainText('ticketUrl');
  await live.locator('.response').first().scrollIntoViewIfNeeded();
  await shot(page, 'message-api-try-it-answer');

  // the simulator got it, and the open /tickets page shows the ticket live, with the message in its chat
  await expect
    .poll(async () => {
      const r = await request.get(`${API_URL}/simulator/${connection.id}/outbox?to=${number}`, {
        headers: authHeaders(session),
      });
      return ((await r.json()) as { body: string }[]).map((m) => m.body);
    })
    .toContain(text);
  // the other tab's row counts the call live (the message API's throttled usage event), without a reload
  await expect(
    watcher.getByTestId('api-token-row').filter({ hasText: tokenName }).getByTestId('api-token-usage'),
  ).toContainText('1 chamada(s)');
  const item = chat.getByTestId('ticket-item').filter({ hasText: 'Cliente API' });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await item.getByTestId('ticket-item-link').click();
  await expect(chat.getByTestId('message').filter({ hasText: text })).toBeVisible();
  await shot(chat, 'message-api-chat');
  // the journey's ticket goes away at the end (journeys share one server)
  await expect(chat).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(chat.url().split('/').pop());

  // the token's row shows the call; deleting (with confirmation) revokes it
  await page.goto('/apisendmessage');
  await expect(row.getByTestId('api-token-usage')).toContainText('1 chamada(s)');
  // a used token (date and count, queue and user set) still fits: the actions are not pushed out of the card
  const usedFits = await page
    .getByTestId('api-tokens-table')
    .evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1);
  expect(usedFits).toBe(true);
  // edit: the modal comes back filled; a new status after sending shows on the row (and in the other tab, live)
  await row.getByTestId('api-token-edit').click();
  await expect(dialog.getByTestId('api-token-name')).toHaveValue(tokenName);
  await expect(dialog.getByTestId('api-token-whatsapp')).toHaveValue(String(connection.id));
  await dialog.getByTestId('api-token-status').selectOption({ label: 'Fechado' });
  await dialog.getByTestId('api-token-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('api-token-status-cell')).toHaveText('Fechado');
  await expect(
    watcher.getByTestId('api-token-row').filter({ hasText: tokenName }).getByTestId('api-token-status-cell'),
  ).toHaveText('Fechado');
  await row.getByTestId('api-token-delete').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(row).toHaveCount(0);
  await expect(watcher.getByTestId('api-token-row').filter({ hasText: tokenName })).toHaveCount(0);
  const revoked = await request.post(`${API_URL}/api/messages/send/text`, {
    headers: authHeaders(plain),
    data: { contactNumber: number, body: 'depois de revogado' },
  });
  expect(revoked.status()).toBe(401);

  const removed = await request.delete(`${API_URL}/tickets/${ticketId}`, { headers: authHeaders(session) });
  expect(removed.ok()).toBe(true);
  if (own) await request.delete(`${API_URL}/whatsapp/${connection.id}`, { headers: authHeaders(session) });
  expect(watch.foreign).toEqual([]);
  expect(watch.violations).toEqual([]);
});
