import { expect, type Page, test } from '@playwright/test';
import type { WhatsappDto } from '@zapdesk/core';
import { ADMIN, AGENT, API_URL, apiLogin, authHeaders, DESKTOP, login, MOBILE, shot } from './support';

/**
 * Connections journey (spec 1 §2, §4): a simulator connection is created, its QR modal shows a QR image, the
 * simulated phone scans it (`POST /simulator/{id}/scan`), the row turns CONNECTED and the drawer's '!' badge goes
 * away; then the phone mock-up chats as a customer and a ticket is created (and the greeting arrives on the phone).
 */
const badge = (page: Page) => page.getByTestId('app-drawer').getByTestId('connections-badge');
const row = (page: Page, name: string) => page.locator(`[data-testid="connection-row"][data-name="${name}"]`);

test('admin: create a simulator connection, scan its QR code, chat from the phone mock-up', async ({
  page,
  request,
}) => {
  // the session-error step's 15 s toast and page reload are moved on on the page's clock, not slept through
  test.setTimeout(150_000);
  await page.clock.install();
  const { token } = await apiLogin(request, ADMIN);
  const name = `Loja ${Date.now().toString(36)}`;
  const customer = `55119${String(Date.now()).slice(-8)}`;

  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('app-drawer').locator('[data-key="connections"] a').click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(row(page, 'Principal')).toHaveAttribute('data-status', 'CONNECTED');
  // the demo's only connection is connected: no '!' on the drawer entry
  await page.clock.runFor(2500);
  await expect(badge(page)).toHaveCount(0);
  await shot(page, 'connections-list-desktop');

  // add: every field of the modal; validation first
  await page.getByTestId('connection-add').click();
  const dialog = page.getByTestId('connection-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('connection-name').fill('a');
  await dialog.getByTestId('connection-save').click();
  await expect(dialog.getByTestId('connection-name-error')).toHaveText('Too Short!');
  await dialog.getByTestId('connection-name').fill(name);
  await dialog.getByTestId('connection-lib').selectOption('simulator');
  // two queues need a greeting (ERR_WAPP_GREETING_REQUIRED, checked before sending)
  const queues = dialog.getByTestId('connection-queue');
  await expect(queues.first()).toBeVisible();
  await queues.nth(0).click();
  await queues.nth(1).click();
  await dialog.getByTestId('connection-save').click();
  await expect(dialog.getByTestId('connection-greeting-error')).toBeVisible();
  await dialog.getByTestId('connection-greeting').fill('Olá {{name}}! Bem-vindo à loja.');
  await dialog.getByTestId('connection-farewell').fill('Obrigado pelo contato!');
  // import dates: the end cannot precede the start (spec 1 §5)
  await dialog.getByTestId('connection-import').check();
  await dialog.getByTestId('connection-import-old').fill('2025-03-10T10:00');
  await dialog.getByTestId('connection-import-recent').fill('2025-03-09T10:00');
  await dialog.getByTestId('connection-save').click();
  await expect(dialog.getByTestId('connection-import-recent-error')).toHaveText(
    'A data final da importação não pode ser anterior à data inicial.',
  );
  await dialog.getByTestId('connection-import').uncheck();
  await shot(page, 'connections-dialog-desktop');
  await dialog.getByTestId('connection-save').click();

  // the new connection starts at once: the QR modal opens with a QR image
  const qr = page.getByTestId('qr-dialog');
  await expect(qr).toBeVisible();
  await expect(qr.getByTestId('qr-image')).toBeVisible();
  expect(await qr.getByTestId('qr-image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await shot(page, 'connections-qr-desktop');
  await expect(row(page, name)).toHaveAttribute('data-status', 'qrcode');
  // a connection waiting for its QR code needs attention: the badge appears (2 s after the change)
  await expect(badge(page)).toBeVisible({ timeout: 6000 });

  // the phone scans the code
  const list = (await (
    await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) })
  ).json()) as WhatsappDto[];
  const created = list.find((w) => w.name === name);
  expect(created?.lib).toBe('simulator');
  const scan = await request.post(`${API_URL}/simulator/${created!.id}/scan`, { headers: authHeaders(token) });
  expect(scan.status()).toBe(200);
  await expect(qr).toBeHidden();
  await expect(row(page, name)).toHaveAttribute('data-status', 'CONNECTED');
  await expect(row(page, name).getByTestId('connection-status')).toHaveText('Conectado');
  await expect(row(page, name).getByTestId('session-disconnect')).toBeVisible();
  await expect(badge(page)).toHaveCount(0, { timeout: 6000 });

  // the phone mock-up: chat as a customer
  await row(page, name).getByTestId('connection-open-simulator').click();
  await expect(page).toHaveURL(new RegExp(`/simulator/${created!.id}$`));
  await expect(page.getByTestId('phone-title')).toHaveText(name);
  await page.getByTestId('simulator-number').fill(customer);
  await page.getByTestId('simulator-name').fill('Cliente Teste');
  await page.getByTestId('simulator-open').click();
  await page.getByTestId('phone-input').fill('Olá, preciso de ajuda com meu pedido');
  await page.getByTestId('phone-input').press('Enter');
  const pane = page.getByTestId('phone-pane');
  await expect(pane.locator('[data-direction="in"]')).toContainText('Olá, preciso de ajuda com meu pedido');
  // what the platform sent arrives live: the connection's greeting with the customer's name
  await expect(pane.locator('[data-direction="out"]').first()).toContainText('Olá Cliente Teste! Bem-vindo à loja.');
  const box = await pane.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(400);
  await page.getByTestId('phone-mark-read').click();
  await expect(page.getByTestId('phone-mark-read')).toHaveCount(0);
  await expect(page.getByTestId('simulator-chat').first()).toContainText('Cliente Teste');
  await shot(page, 'simulator-desktop');

  // a ticket was created for the customer on this connection
  const tickets = await request.get(`${API_URL}/tickets?tab=search&showAll=true&searchParam=${customer}`, {
    headers: authHeaders(token),
  });
  expect(tickets.status()).toBe(200);
  const found = (await tickets.json()) as {
    tickets: { whatsappId: number | null; contact: { number: string; name: string } }[];
  };
  const ticket = found.tickets.find((t) => t.contact.number === customer);
  expect(ticket).toMatchObject({ whatsappId: created!.id, contact: { name: 'Cliente Teste' } });

  // narrow screen: cards instead of the table, the phone still fits
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId('phone-mockup')).toBeVisible();
  await shot(page, 'simulator-mobile');
  await page.goto('/connections');
  await expect(page.locator(`[data-testid="connection-card"][data-name="${name}"]`)).toBeVisible();
  await shot(page, 'connections-list-mobile');
  await page.getByTestId('connection-add').click();
  await expect(dialog).toBeVisible();
  await shot(page, 'connections-dialog-mobile');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize(DESKTOP);

  // history import: arming a range on a connected connection warns that the QR code must be read again
  await row(page, name).getByTestId('connection-edit').click();
  await expect(dialog.getByTestId('connection-name')).toHaveValue(name);
  await dialog.getByTestId('connection-import').check();
  await expect(dialog.getByTestId('import-rescan')).toBeVisible();
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();

  // disconnect (confirm) → DISCONNECTED offers "try again" and "new QR"; the badge comes back
  await row(page, name).getByTestId('session-disconnect').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(row(page, name)).toHaveAttribute('data-status', 'DISCONNECTED');
  await expect(row(page, name).getByTestId('session-try-again')).toBeVisible();
  await expect(row(page, name).getByTestId('session-new-qr')).toBeVisible();
  await expect(badge(page)).toBeVisible({ timeout: 6000 });
  await shot(page, 'connections-disconnected-desktop');

  // try again → a QR code (the modal opens) → the simulator's scan button in the modal connects it
  await row(page, name).getByTestId('session-try-again').click();
  await expect(qr.getByTestId('qr-image')).toBeVisible();
  await qr.getByTestId('qr-simulate-scan').click();
  await expect(qr).toBeHidden();
  await expect(row(page, name)).toHaveAttribute('data-status', 'CONNECTED');
  // the armed import ran at connection: close the imported tickets
  await row(page, name).getByTestId('import-close-tickets').click({ timeout: 15_000 });
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText('Tickets importados encerrados: 0')).toBeVisible();
  await expect(row(page, name).getByTestId('import-close-tickets')).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0, { timeout: 6000 });

  // the phone logs out by itself: a session error toast (15 s), then the page reloads (spec 1 §4)
  const logout = await request.post(`${API_URL}/simulator/${created!.id}/disconnect`, { headers: authHeaders(token) });
  expect(logout.status()).toBe(200);
  const reloaded = page.waitForEvent('load', { timeout: 25_000 });
  await expect(page.getByText(`A conexão ${name} foi desconectada pelo celular.`)).toBeVisible();
  await page.clock.runFor(15_000);
  await reloaded;
  await expect(row(page, name)).toHaveAttribute('data-status', 'DISCONNECTED');

  // delete it (confirm): the list and the badge follow
  await row(page, name).getByTestId('connection-delete').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(row(page, name)).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0, { timeout: 6000 });
});

test('attendant: sees the connections without the session and actions columns', async ({ page }) => {
  await login(page, AGENT.email, AGENT.password);
  await page.goto('/connections');
  const table = page.getByTestId('connections-table');
  await expect(row(page, 'Principal')).toBeVisible();
  await expect(table.locator('th')).toHaveText(['Nome', 'Número', 'Status', 'Última atualização', 'Padrão', 'Empresa']);
  await expect(page.getByTestId('connection-add')).toHaveCount(0);
  await expect(page.getByTestId('session-actions')).toHaveCount(0);
  await expect(row(page, 'Principal').getByTestId('connection-open-simulator')).toBeVisible();
});
