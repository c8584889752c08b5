import { expect, test } from '@playwright/test';
import {
  ADMIN,
  AGENT,
  API_URL,
  apiLogin,
  authHeaders,
  customerTicket,
  login,
  openUserMenuItem,
  shot,
  toast,
} from './support';

/**
 * What a newcomer meets first (issue 12): the demo attendant writing as a customer through the simulator and seeing
 * the ticket; a location whose map cannot load; a ticket the attendant may not open; one notification volume.
 */

const uniqueNumber = () => `55118${String(Date.now()).slice(-8)}`;

test('the demo attendant writes through the simulator and sees the ticket (point 12)', async ({ page, browser }) => {
  await login(page, AGENT.email, AGENT.password);
  const tickets = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const list = await tickets.newPage();
  await login(list, AGENT.email, AGENT.password);
  await list.getByTestId('ticket-subtab-pending').click();

  // the README's walkthrough: Conexões → the phone of 'Principal' → a customer writes
  await page.goto('/connections');
  // by name: the demo seed also has a non-default 'Demo API' connection (message API), which greets no one
  await page
    .locator('[data-testid="connection-row"][data-name="Principal"]')
    .getByTestId('connection-open-simulator')
    .click();
  const number = uniqueNumber();
  await page.getByTestId('simulator-number').fill(number);
  await page.getByTestId('simulator-name').fill('Maria Primeira');
  await page.getByTestId('simulator-open').click();
  await page.getByTestId('phone-input').fill('Olá, preciso de ajuda');
  await page.getByTestId('phone-send').click();

  // the customer is greeted with the company's queues…
  await expect(page.getByTestId('sim-message').filter({ hasText: 'Nossos setores' })).toContainText(
    'Financeiro, Vendas e Suporte',
  );
  // …and the attendant's list shows the ticket live
  const item = list.getByTestId('ticket-item').filter({ hasText: 'Maria Primeira' });
  await expect(item).toBeVisible();
  await shot(page, 'first-try-simulator');
  await item.getByTestId('ticket-item-accept').click();
  // the attendant has one queue: accepting needs no choice
  await expect(list).toHaveURL(/\/tickets\/\d+$/);
  await expect(list.getByTestId('ticket-chat')).toHaveAttribute('data-status', 'open');
  // the attendant completes the customer's name in the contact drawer: the chat header follows at once, as the list
  await list.getByTestId('chat-contact').click();
  await list.getByTestId('contact-edit-button').click();
  await list.getByTestId('contact-edit-name').fill('Maria Primeira Silva');
  await list.getByTestId('contact-edit-save').click();
  await expect(list.getByTestId('contact-drawer-name')).toHaveText('Maria Primeira Silva');
  await list.keyboard.press('Escape');
  await expect(list.getByTestId('contact-drawer')).toHaveCount(0);
  await expect(list.getByTestId('ticket-item').filter({ hasText: 'Maria Primeira Silva' })).toBeVisible();
  await expect(list.getByTestId('chat-contact')).toContainText('Maria Primeira Silva');
  await shot(list, 'first-try-accepted');
  await tickets.close();
});

test('a location whose map cannot load shows the coordinates and the failure text (point 11)', async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, ADMIN);
  const number = uniqueNumber();
  const id = await customerTicket(request, token, {
    from: number,
    name: 'Ana Local',
    latitude: -23.55052,
    longitude: -46.63331,
  });

  // no internet: every tile request fails
  let tileRequests = 0;
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tileRequests++;
    return route.abort('internetdisconnected');
  });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/tickets/${id}`);
  const bubble = page.getByTestId('message').filter({ has: page.getByTestId('location-fallback') });
  await expect(bubble).toBeVisible();
  await expect(bubble).toContainText('Erro ao renderizar a localização');
  await expect(bubble.getByTestId('location-coordinates')).toHaveText('-23.55052, -46.63331');
  await expect(bubble.locator('iframe')).toHaveCount(0);
  expect(tileRequests).toBeGreaterThan(0);
  await shot(page, 'first-try-location-offline');

  // tiles reachable: the map with its pin, no failure text
  await page.unroute('https://tile.openstreetmap.org/**');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mPk3rzrPwAFbgK0sSqaMQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  await page.reload();
  const map = page.getByTestId('location-map');
  await expect(map).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('location-fallback')).toHaveCount(0);
});

test('a ticket the attendant may not open says why, once, and leaves them on the list (point 9)', async ({
  page,
  request,
}) => {
  const { token, user } = await apiLogin(request, ADMIN);
  const number = uniqueNumber();
  const id = await customerTicket(request, token, { from: number, name: 'Caio Vendas', body: 'Quero comprar' });
  const queues = (await (await request.get(`${API_URL}/queue`, { headers: authHeaders(token) })).json()) as {
    id: number;
    name: string;
  }[];
  const vendas = queues.find((q) => q.name === 'Vendas')!;
  const moved = await request.put(`${API_URL}/tickets/${id}`, {
    headers: authHeaders(token),
    data: { status: 'open', userId: user.id, queueId: vendas.id },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await login(page, AGENT.email, AGENT.password);
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // API calls only (the page itself is /tickets/{id} too); CORS preflights are the browser's, not the app's
    if (url.origin !== API_URL || r.method() === 'OPTIONS') return;
    if (url.pathname === `/tickets/${id}` || url.pathname === '/auth/refresh_token') calls.push(url.pathname);
  });
  await page.goto(`/tickets/${id}`);
  await expect(toast(page, 'Você não tem permissão para abrir este ticket')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('ticket-manager')).toBeVisible();
  await shot(page, 'first-try-forbidden-ticket');
  // one call and no token refresh after it (the page load's own session refresh comes before): not retried
  expect(calls.slice(calls.indexOf(`/tickets/${id}`))).toEqual([`/tickets/${id}`]);
});

test('Preferences and Profile show one volume, saved on the server (point 8)', async ({ page, request }) => {
  await login(page, AGENT.email, AGENT.password);
  await openUserMenuItem(page, 'preferences');
  const slider = page.getByTestId('preferences-volume');
  await slider.fill('73');
  await page.getByTestId('preferences-apply').click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('top-bar')).toBeVisible();

  // the server has it…
  const { token, user } = await apiLogin(request, AGENT);
  expect(user.volume).toBe(73);
  void token;
  // …the profile shows it, and the preferences still do after the reload
  await openUserMenuItem(page, 'profile');
  await expect(page.getByTestId('profile-dialog').getByLabel('Volume')).toHaveValue('73');
  await page.keyboard.press('Escape');
  await openUserMenuItem(page, 'preferences');
  await expect(page.getByTestId('preferences-volume')).toHaveValue('73');
});

test('an attendant changes their own password in Perfil: the current one is asked, other sessions end', async ({
  page,
  browser,
  request,
}) => {
  // a user of its own: the demo logins stay as they are for the other journeys
  const { token } = await apiLogin(request, ADMIN);
  const me = { email: `perfil${Date.now()}@demo.local`, password: 'antiga123' };
  const created = await request.post(`${API_URL}/users`, {
    headers: authHeaders(token),
    data: { name: 'Usuária Perfil', ...me, profile: 'user' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const otherCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const other = await otherCtx.newPage();
  await login(other, me.email, me.password);
  await login(page, me.email, me.password);

  await openUserMenuItem(page, 'profile');
  const dialog = page.getByTestId('profile-dialog');
  await dialog.getByTestId('profile-password').fill('nova12345');
  await page.getByTestId('profile-save').click();
  await expect(dialog.getByTestId('profile-current-password-error')).toHaveText('Informe a senha atual');
  await dialog.getByTestId('profile-current-password').fill('errada123');
  await page.getByTestId('profile-save').click();
  await expect(dialog.getByTestId('profile-current-password-error')).toHaveText('Senha atual incorreta');
  await dialog.getByTestId('profile-current-password').fill(me.password);
  await page.getByTestId('profile-save').click();
  await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // this session goes on; the other one is logged out at its next call
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-page')).toBeVisible();
  await other.goto('/contacts');
  await expect(other).toHaveURL(/\/login$/);
  await otherCtx.close();
  await apiLogin(request, { email: me.email, password: 'nova12345' });
});

test("a microphone failure is told in the user's language, not the browser's English (point 4)", async ({
  page,
  context,
  request,
}) => {
  const { token, user } = await apiLogin(request, ADMIN);
  const number = uniqueNumber();
  const id = await customerTicket(request, token, { from: number, name: 'Bia Audio', body: 'Pode mandar um áudio?' });
  const queues = (await (await request.get(`${API_URL}/queue`, { headers: authHeaders(token) })).json()) as {
    id: number;
    name: string;
  }[];
  const opened = await request.put(`${API_URL}/tickets/${id}`, {
    headers: authHeaders(token),
    data: { status: 'open', userId: user.id, queueId: queues.find((q) => q.name === 'Suporte')!.id },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // the test browser has no microphone: getUserMedia fails with NotFoundError "Requested device not found"
  await context.grantPermissions(['microphone']);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/tickets/${id}`);
  await page.getByTestId('record-button').click();
  await expect(toast(page, 'Nenhum microfone encontrado')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Requested device' })).toHaveCount(0);
  await expect(page.getByTestId('audio-recorder')).toHaveCount(0);
});
