import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, DESKTOP, inbound, login, MOBILE, principalId, shot } from './support';

/**
 * The top bar's notification widget: a customer writes → the bell counts the waiting conversation and chimes → the
 * panel lists it → with the window in the background (and the browser's permission) a desktop notification pops
 * up, and clicking it opens the chat → the conversation on screen does not chime → accepting and reading it clears
 * it from the bell. Web Audio and the Notification API are replaced by recorders (no sound device headless).
 */

type Recorded = { chimes: number; popups: { title: string; body?: string; tag?: string }[] };
const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Recorded;
    return { chimes: w.chimes, popups: w.popups };
  });
const badge = async (page: Page) => {
  const el = page.getByTestId('notifications-count');
  return (await el.count()) ? Number(await el.textContent()) : 0;
};

test('the bell counts, chimes, pops up in the background and opens the conversation', async ({ browser, request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const wid = await principalId(request, token);
  const number = `55118${String(Date.now()).slice(-8)}`;
  const name = `Aviso ${number.slice(-4)}`;

  const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'pt-BR' });
  await ctx.addInitScript(() => {
    const w = window as unknown as Recorded & { hidden: boolean; lastPopup?: { onclick: (() => void) | null } };
    w.chimes = 0;
    w.popups = [];
    w.hidden = false;
    // one gain node per chime
    (w as unknown as { AudioContext: unknown }).AudioContext = class {
      currentTime = 0;
      state = 'running';
      destination = {};
      resume() {
        return Promise.resolve();
      }
      createGain() {
        w.chimes++;
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
      }
      createOscillator() {
        return { type: '', frequency: { setValueAtTime() {} }, connect() {}, start() {}, stop() {} };
      }
    };
    class FakeNotification {
      static permission = 'default';
      static async requestPermission() {
        FakeNotification.permission = 'granted';
        return 'granted';
      }
      onclick: (() => void) | null = null;
      constructor(title: string, opts?: { body?: string; tag?: string }) {
        w.popups.push({ title, body: opts?.body, tag: opts?.tag });
        w.lastPopup = this;
      }
      close() {}
    }
    (w as unknown as { Notification: unknown }).Notification = FakeNotification;
    Object.defineProperty(document, 'visibilityState', { get: () => (w.hidden ? 'hidden' : 'visible') });
  });
  const page = await ctx.newPage();
  // the feed loads every tab's pages (several requests): count the ones in flight
  let feedInFlight = 0;
  const isFeed = (url: string) => url.includes('withUnreadMessages=true');
  page.on('request', (r) => {
    if (isFeed(r.url())) feedInFlight++;
  });
  const feedDone = (r: { url(): string }) => {
    if (isFeed(r.url())) feedInFlight--;
  };
  page.on('requestfinished', feedDone);
  page.on('requestfailed', feedDone);
  const loaded = page.waitForResponse((r) => isFeed(r.url()) && r.ok());
  await login(page, ADMIN.email, ADMIN.password);
  await loaded;
  await expect(page.getByTestId('notifications-button')).toBeVisible();
  // earlier journeys leave waiting conversations: read the count once the whole feed has loaded (nothing in flight
  // for 600 ms), not after its first page
  let quiet = 0;
  await expect
    .poll(
      () => {
        quiet = feedInFlight === 0 ? quiet + 1 : 0;
        return quiet;
      },
      { intervals: [200] },
    )
    .toBeGreaterThanOrEqual(3);
  const before = await badge(page);

  // a customer writes: the bell counts the conversation and chimes once
  await inbound(request, token, wid, { from: number, name, body: 'Quero saber do meu pedido' });
  await expect.poll(() => badge(page)).toBe(before + 1);
  await expect.poll(async () => (await recorded(page)).chimes).toBe(1);

  // the panel lists it, waiting for someone to take it
  await page.getByTestId('notifications-button').click();
  const item = page.getByTestId('notification-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('notification-preview')).toHaveText('Quero saber do meu pedido');
  await expect(item.getByTestId('notification-unread')).toHaveText('1');
  await expect(item).toContainText('Aguardando atendimento');
  await expect(page.getByTestId('notifications-panel')).toHaveCSS('opacity', '1');
  await shot(page, 'notifications-panel');

  // the browser's permission, asked from the panel
  await page.getByTestId('notifications-enable-desktop').click();
  await expect(page.getByTestId('notifications-enable-desktop')).toHaveCount(0);
  const ticketId = Number(await item.getAttribute('data-ticket-id'));
  // Escape closes the panel
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notifications-panel')).toBeHidden();

  // the window goes to the background: the next message also pops up; the same conversation is counted once
  await page.evaluate(() => {
    (window as unknown as { hidden: boolean }).hidden = true;
  });
  await inbound(request, token, wid, { from: number, name, body: 'Alguém aí?' });
  await expect.poll(async () => (await recorded(page)).popups.length).toBe(1);
  const { chimes, popups } = await recorded(page);
  expect(chimes).toBe(2);
  expect(popups[0]).toEqual({ title: name, body: 'Alguém aí?', tag: `ticket-${ticketId}` });
  expect(await badge(page)).toBe(before + 1);

  // clicking the pop-up brings the conversation up
  await page.evaluate(() => {
    const w = window as unknown as { hidden: boolean; lastPopup?: { onclick: (() => void) | null } };
    w.hidden = false;
    w.lastPopup?.onclick?.();
  });
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(page.getByTestId('ticket-chat')).toBeVisible();

  // the conversation on screen does not chime
  await inbound(request, token, wid, { from: number, name, body: 'Estou esperando' });
  await expect(page.getByTestId('message').filter({ hasText: 'Estou esperando' })).toBeVisible();
  expect((await recorded(page)).chimes).toBe(2);

  // accepted and read: it leaves the bell
  await page.getByTestId('chat-action-accept').click();
  // Principal serves every queue, so the ticket has none and the admin (3 queues) picks one
  await expect(page.getByTestId('accept-modal')).toBeVisible();
  await page.getByTestId('accept-queue').selectOption({ label: 'Suporte' });
  await page.getByTestId('accept-confirm').click();
  await expect(page.getByTestId('ticket-chat')).toHaveAttribute('data-status', 'open');
  await expect.poll(() => badge(page)).toBe(before);
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId('notifications-panel')).toHaveCSS('opacity', '1');
  await shot(page, 'notifications-after-read');

  // narrow screens: the panel spans the screen under the top bar instead of hanging off its left edge
  await page.keyboard.press('Escape');
  await page.setViewportSize(MOBILE);
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notifications-panel')).toHaveCSS('opacity', '1');
  await expect(page.getByTestId('notifications-panel')).toBeInViewport({ ratio: 1 });
  await shot(page, 'notifications-mobile');
  await ctx.close();
});
