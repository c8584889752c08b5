import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ptLeftovers, ptTextsToAvoid } from './po-texts';
import {
  ADMIN,
  API_URL,
  apiLogin,
  authHeaders,
  inbound,
  login,
  MOBILE,
  newCustomer,
  openUserMenuItem,
  principalId,
  shot,
  toast,
} from './support';

/**
 * Issue 18, locations and maps (spec 2 §2 Locations and /maps, §7, §9; spec 1 location messages), with no internet:
 * every request that is not to this machine is aborted, so no tile server is reachable. Create a location through
 * the fake geocoder's places search → its card shows the map with the marker and the coordinates → edit it on the
 * map → send it in a chat → the map bubble → /maps shows it, saved and shared → delete it.
 */
test.use({ viewport: { width: 1366, height: 800 } });

/** aborts everything but localhost; counts the aborted requests (tile servers, anything else) */
async function offline(context: BrowserContext): Promise<{ aborted: string[] }> {
  const aborted: string[] = [];
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      aborted.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return { aborted };
}

/** the page fits the window: no scrolling of the document itself, nothing wider than the window */
async function fitsWindow(page: Page): Promise<void> {
  const m = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    sh: document.documentElement.scrollHeight,
    w: window.innerWidth,
    h: window.innerHeight,
  }));
  expect(m.sw).toBeLessThanOrEqual(m.w);
  expect(m.sh).toBeLessThanOrEqual(m.h);
}

test('locations: create with the places search, card map offline, edit, send in a chat, /maps, delete', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const net = await offline(context);
  const { token, user } = await apiLogin(request, ADMIN);
  const stamp = String(Date.now()).slice(-6);
  const name = `Loja Paulista ${stamp}`;

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/locations');
  await expect(page.getByTestId('locations-page')).toBeVisible();

  // create: /locations/new, the editor centred on the default point (zoom 13), the places search fills the point
  await page.getByTestId('location-add').click();
  await expect(page).toHaveURL(/\/locations\/new$/);
  const dialog = page.getByTestId('location-dialog');
  await expect(dialog.getByTestId('location-editor-map')).toBeVisible();
  // the whole editor fits a 1366×800 window; nothing is saved without a name and a point
  await expect(dialog.getByTestId('location-save')).toBeInViewport();
  await dialog.getByTestId('location-save').click();
  await expect(dialog.getByTestId('location-name-error')).toHaveText('Obrigatório');
  await expect(dialog.getByTestId('location-latitude-error')).toHaveText('Obrigatório');
  await dialog.getByTestId('place-search-input').fill('pa');
  await dialog.getByTestId('place-search-button').click();
  await expect(dialog.getByTestId('place-search-error')).toHaveText('Digite ao menos 3 caracteres para buscar');
  await dialog.getByTestId('place-search-input').fill('avenida paulista');
  await dialog.getByTestId('place-search-input').press('Enter');
  const result = dialog.getByTestId('place-search-result').filter({ hasText: 'Avenida Paulista' });
  await expect(result).toBeVisible();
  await shot(page, 'locations-search');
  // Escape closes the results, never the editor: from the text box, and from a result reached by keyboard
  const results = dialog.getByTestId('place-search-results');
  await dialog.getByTestId('place-search-input').press('Escape');
  await expect(results).toHaveCount(0);
  await expect(dialog.getByTestId('place-search-input')).toHaveValue('avenida paulista');
  await dialog.getByTestId('place-search-input').press('Enter');
  await result.focus();
  await page.keyboard.press('Escape');
  await expect(results).toHaveCount(0);
  await expect(dialog.getByTestId('place-search-input')).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/new$/);
  await dialog.getByTestId('place-search-input').press('Enter');
  await result.click();
  await expect(dialog.getByTestId('location-name')).toHaveValue('Avenida Paulista');
  await expect(dialog.getByTestId('location-latitude')).toHaveValue('-23.561414');
  await expect(dialog.getByTestId('location-longitude')).toHaveValue('-46.655881');
  await expect(dialog.getByTestId('location-address')).toHaveValue(/Bela Vista, São Paulo/);
  await expect(dialog.getByTestId('location-editor-map').locator('.leaflet-marker-icon')).toHaveCount(1);
  await dialog.getByTestId('location-name').fill(name);
  // the tiles are unreachable: the editor's map says so with the point's coordinates
  await expect(dialog.getByTestId('location-editor-map').getByTestId('map-coordinates')).toHaveText(
    '-23.56141, -46.65588',
  );
  await shot(page, 'locations-editor-offline');
  await dialog.getByTestId('location-save').click();
  await expect(toast(page, 'Localização criada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/locations$/);

  // the card: name, the map at zoom 15 with its marker; offline → the coordinates on a neutral background
  const card = page.getByTestId('location-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  const cardMap = card.getByTestId('location-card-map');
  await expect(cardMap.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(cardMap).toHaveAttribute('data-tiles', 'offline');
  await expect(cardMap.getByTestId('map-coordinates')).toHaveText('-23.56141, -46.65588');
  await expect(cardMap).toContainText('OpenStreetMap');
  expect(net.aborted.some((u) => u.startsWith('https://tile.openstreetmap.org/15/'))).toBe(true);
  await fitsWindow(page);
  await shot(page, 'locations-list');

  // the list is live: a location created and deleted elsewhere comes and goes without a reload
  const other = await request.post(`${API_URL}/locations`, {
    headers: authHeaders(token),
    data: { name: `Filial ${stamp}`, latitude: -22.971177, longitude: -43.182543 },
  });
  expect(other.status(), await other.text()).toBe(200);
  const otherCard = page.getByTestId('location-card').filter({ hasText: `Filial ${stamp}` });
  await expect(otherCard).toBeVisible();
  const otherId = ((await other.json()) as { id: number }).id;
  expect((await request.delete(`${API_URL}/locations/${otherId}`, { headers: authHeaders(token) })).status()).toBe(200);
  await expect(otherCard).toHaveCount(0);

  // edit: /locations/{id}; a click on the map moves the point; closing or saving returns to /locations
  await card.getByTestId('location-edit').click();
  await expect(page).toHaveURL(/\/locations\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(dialog.getByTestId('location-name')).toHaveValue(name);
  const box = await dialog.getByTestId('location-editor-map').boundingBox();
  if (!box) throw new Error('no editor map');
  await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
  await expect(dialog.getByTestId('location-latitude')).not.toHaveValue('-23.561414');
  const movedLat = Number(await dialog.getByTestId('location-latitude').inputValue());
  expect(movedLat).toBeLessThan(-23.561414);
  // dragging the marker moves the point too (up: a larger latitude)
  const marker = dialog.getByTestId('location-editor-map').locator('.leaflet-marker-icon');
  await expect(marker).toHaveCount(1);
  await expect
    .poll(async () => {
      const m = await marker.boundingBox();
      return m ? Math.round(m.y + m.height) : 0;
    })
    .toBeGreaterThan(Math.round(box.y + box.height / 2 + 30));
  const m = await marker.boundingBox();
  if (!m) throw new Error('no marker');
  await page.mouse.move(m.x + m.width / 2, m.y + m.height / 2);
  await page.mouse.down();
  await page.mouse.move(m.x + m.width / 2 - 20, m.y + m.height / 2 - 30, { steps: 5 });
  await page.mouse.move(m.x + m.width / 2 - 40, m.y + m.height / 2 - 60, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await dialog.getByTestId('location-latitude').inputValue()))
    .toBeGreaterThan(movedLat);
  const draggedLat = Number(await dialog.getByTestId('location-latitude').inputValue());
  await dialog.getByTestId('location-name').fill(`${name} Centro`);
  await shot(page, 'locations-editor-moved');
  await dialog.getByTestId('location-save').click();
  await expect(toast(page, 'Localização atualizada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/locations$/);
  const edited = page.getByTestId('location-card').filter({ hasText: `${name} Centro` });
  await expect(edited).toBeVisible();
  const saved = await (await request.get(`${API_URL}/locations/${id}`, { headers: authHeaders(token) })).json();
  expect(saved.latitude).toBeCloseTo(draggedLat, 5);

  // a direct link opens the editor; closing returns to the list
  await page.goto(`/locations/${id}`);
  await expect(dialog.getByTestId('location-name')).toHaveValue(`${name} Centro`);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/locations$/);

  // search
  await page.getByTestId('locations-search').fill(`Paulista ${stamp}`);
  await expect(page.getByTestId('location-card')).toHaveCount(1);
  await page.getByTestId('locations-search').fill('');

  // send it in a chat: the picker lists saved locations (searchable); the chat shows the map bubble
  const customer = await newCustomer(request, token, '55318', 'Cliente Pin');
  const accept = await request.put(`${API_URL}/tickets/${customer.ticketId}`, {
    headers: authHeaders(token),
    data: { status: 'open', userId: user.id },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  const wid = await principalId(request, token);
  await page.goto(`/tickets/${customer.ticketId}`);
  await page.getByTestId('location-button').click();
  const picker = page.getByTestId('location-picker');
  await picker.getByTestId('location-picker-search').fill(`Paulista ${stamp}`);
  await expect(picker.getByTestId('location-picker-item')).toHaveCount(1);
  await shot(page, 'locations-chat-picker');
  await picker.getByTestId('location-picker-item').click();
  await expect(picker).toBeHidden();
  const bubble = page.getByTestId('message').filter({ has: page.getByTestId('location-fallback') });
  await expect(bubble).toBeVisible();
  await expect(bubble.getByTestId('location-coordinates')).toHaveText(
    `${draggedLat.toFixed(5)}, ${Number(saved.longitude).toFixed(5)}`,
  );
  await expect(bubble).toContainText('Erro ao renderizar a localização');
  await shot(page, 'locations-chat-bubble');
  // the customer's phone got a location
  await expect
    .poll(async () => {
      const r = await request.get(`${API_URL}/simulator/${wid}/outbox?to=${customer.number}`, {
        headers: authHeaders(token),
      });
      return ((await r.json()) as { mediaType: string | null }[]).map((m) => m.mediaType);
    })
    .toContain('location');

  // /maps (reached from /locations): the saved location and the conversation's shared one, on one map with a side list
  await page.goto('/locations');
  await page.getByTestId('locations-maps-link').click();
  await expect(page).toHaveURL(/\/maps$/);
  const mapsList = page.getByTestId('maps-list');
  await expect(mapsList.getByTestId('maps-item').filter({ hasText: `${name} Centro` })).toHaveAttribute(
    'data-kind',
    'saved',
  );
  const sharedItem = mapsList.getByTestId('maps-item').filter({ hasText: customer.name });
  await expect(sharedItem).toHaveAttribute('data-kind', 'shared');
  const map = page.getByTestId('maps-map');
  expect(await map.locator('.leaflet-marker-icon').count()).toBeGreaterThanOrEqual(2);
  await expect(map.getByTestId('map-offline')).toBeVisible();
  await fitsWindow(page);
  await shot(page, 'maps');
  // live, without a reload: a location saved elsewhere comes and goes; a pin a customer shares shows up
  const depot = await request.post(`${API_URL}/locations`, {
    headers: authHeaders(token),
    data: { name: `Depósito ${stamp}`, latitude: -23.5329, longitude: -46.7917 },
  });
  expect(depot.status(), await depot.text()).toBe(200);
  const depotItem = mapsList.getByTestId('maps-item').filter({ hasText: `Depósito ${stamp}` });
  await expect(depotItem).toHaveAttribute('data-kind', 'saved');
  const depotId = ((await depot.json()) as { id: number }).id;
  expect((await request.delete(`${API_URL}/locations/${depotId}`, { headers: authHeaders(token) })).status()).toBe(200);
  await expect(depotItem).toHaveCount(0);
  // … far from the others (Manaus): listed, but the view the user is looking at does not jump to frame it
  const savedPin = map.locator(`.leaflet-marker-icon[title="${name} Centro"]`);
  const before = await savedPin.boundingBox();
  await inbound(request, token, wid, {
    from: `5592988${stamp}`,
    name: `Cliente Manaus ${stamp}`,
    latitude: -3.119,
    longitude: -60.0217,
  });
  await expect(mapsList.getByTestId('maps-item').filter({ hasText: `Cliente Manaus ${stamp}` })).toHaveAttribute(
    'data-kind',
    'shared',
  );
  await page.waitForTimeout(1_000); // a refit would animate within this
  expect(await savedPin.boundingBox()).toEqual(before);
  await sharedItem.click();
  await expect(page.getByTestId('maps-chosen')).toContainText(customer.name);
  await page.getByTestId('maps-open').click();
  await expect(page).toHaveURL(/\/tickets\//);

  // delete, confirmed; the card goes
  await page.goto('/locations');
  await page
    .getByTestId('location-card')
    .filter({ hasText: `${name} Centro` })
    .getByTestId('location-delete')
    .click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`${name} Centro`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(toast(page, 'Localização excluída com sucesso')).toBeVisible();
  await expect(page.getByTestId('location-card').filter({ hasText: `${name} Centro` })).toHaveCount(0);
  expect((await request.get(`${API_URL}/locations/${id}`, { headers: authHeaders(token) })).status()).toBe(404);
});

test('locations and maps in English, and on a phone: no Portuguese left, nothing wider than the screen', async ({
  page,
  context,
}) => {
  await offline(context);
  await login(page, ADMIN.email, ADMIN.password);
  await openUserMenuItem(page, 'preferences');
  await page.getByTestId('preferences-language').selectOption('en');
  await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const folders = ['src/modules/locations', 'src/ui/map'];
  // the check is only as good as its list: the catalogs name these screens' texts
  expect(ptTextsToAvoid('en', folders).length).toBeGreaterThan(25);

  await page.goto('/locations/new');
  const dialog = page.getByTestId('location-dialog');
  await expect(dialog.getByTestId('location-editor-map')).toHaveAttribute('data-tiles', 'offline');
  await dialog.getByTestId('location-save').click();
  await expect(dialog.getByTestId('location-name-error')).toHaveText('Required');
  await dialog.getByTestId('place-search-input').fill('zzzz nada');
  await dialog.getByTestId('place-search-button').click();
  await expect(dialog.getByTestId('place-search-empty')).toHaveText('No place found');
  expect(ptLeftovers((await page.locator('body').textContent()) ?? '', 'en', folders)).toEqual([]);
  await shot(page, 'locations-editor-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByTestId('location-card').first()).toBeVisible();
  expect(ptLeftovers((await page.locator('body').textContent()) ?? '', 'en', folders)).toEqual([]);

  await page.goto('/maps');
  await expect(page.getByTestId('maps-item').first()).toBeVisible();
  expect(ptLeftovers((await page.locator('body').textContent()) ?? '', 'en', folders)).toEqual([]);

  await page.setViewportSize(MOBILE);
  for (const path of ['/locations', '/maps']) {
    await page.goto(path);
    await expect(page.getByTestId(path === '/maps' ? 'maps-map' : 'location-card').first()).toBeVisible();
    const w = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(w[0]).toBeLessThanOrEqual(w[1]);
    await shot(page, `locations-mobile${path.replace('/', '-')}`);
  }
});
