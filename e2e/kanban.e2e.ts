import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  AGENT,
  API_URL,
  apiLogin,
  authHeaders,
  inbound,
  login,
  newCustomer,
  principalId,
  shot,
  simulatorConnection,
} from './support';

/** Spec 2 §2 Kanban, §4, §8, §9 — with every request to anything but this machine refused (no internet). */

async function offline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === 'localhost' || host === '127.0.0.1' ? route.continue() : route.abort();
  });
}

async function kanbanTag(request: APIRequestContext, token: string, name: string, color: string): Promise<number> {
  const res = await request.post(`${API_URL}/tags`, { headers: authHeaders(token), data: { name, color, kanban: 1 } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const lane = (page: Page, key: string | number): Locator =>
  page.locator(`[data-testid="kanban-lane"][data-lane="${key}"]`);
const card = (scope: Page | Locator, contact: string): Locator =>
  scope.locator(`[data-testid="kanban-card"][data-contact="${contact}"]`);

async function openKanban(page: Page): Promise<void> {
  await page.getByTestId('app-drawer').locator('[data-testid="drawer-entry"][data-key="kanban"]').click();
  await expect(page).toHaveURL(/\/kanban$/);
  await expect(page.getByTestId('kanban-page')).toBeVisible();
  await expect(page.getByTestId('kanban-loading')).toHaveCount(0);
}

/** dnd-kit's pointer sensor: press, move in small steps past its 5 px threshold, release over the target. */
async function dragTo(page: Page, from: Locator, to: Locator): Promise<{ x: number; y: number }> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('card or lane not on screen');
  const start = { x: a.x + a.width / 2, y: a.y + 20 };
  const end = { x: b.x + b.width / 2, y: b.y + 120 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 4, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 25 });
  await page.mouse.move(end.x + 2, end.y + 2, { steps: 2 });
  await page.mouse.up();
  return end;
}

test('drag a card from Em aberto to a tag lane: confirmation at the cursor for 3 s, tag in the chat, a second browser follows live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, ADMIN);
  const stamp = String(Date.now()).slice(-6);
  // 'AAA…' sorts first: the lane right after 'Em aberto'
  const tagName = `AAA Kanban ${stamp}`;
  const tagId = await kanbanTag(request, token, tagName, '#7C3AED');
  const customer = await newCustomer(request, token, '55118', 'Cliente Kanban');

  const ctxA = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const ctxB = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  await offline(ctxA);
  await offline(ctxB);
  const page = await ctxA.newPage();
  const other = await ctxB.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await login(other, AGENT.email, AGENT.password);
  await openKanban(page);
  await openKanban(other);

  const open = lane(page, 'open');
  await expect(open).toHaveAttribute('data-name', 'Em aberto');
  await expect(card(open, customer.name)).toBeVisible();
  await expect(card(lane(other, 'open'), customer.name)).toBeVisible();
  const target = lane(page, tagId);
  await expect(target).toHaveAttribute('data-name', tagName);
  await expect(target.getByTestId('kanban-lane-count')).toHaveText('0');
  // the lane wears its tag's colour
  await expect(target).toHaveCSS('border-top-color', 'rgb(124, 58, 237)');
  await shot(page, 'kanban-before');

  const drop = await dragTo(page, card(open, customer.name), target);
  const moved = page.getByTestId('kanban-moved');
  await expect(moved).toHaveText('Alteração realizada com Sucesso!');
  await expect(card(target, customer.name)).toBeVisible();
  await expect(card(open, customer.name)).toHaveCount(0);
  await expect(target.getByTestId('kanban-lane-count')).toHaveText('1');
  // it follows the cursor
  const first = await moved.boundingBox();
  expect(Math.abs((first?.x ?? 0) - drop.x)).toBeLessThan(40);
  await page.mouse.move(drop.x - 150, drop.y + 80, { steps: 3 });
  await expect.poll(async () => (await moved.boundingBox())?.x ?? 0).toBeLessThan((first?.x ?? 0) - 100);
  await shot(page, 'kanban-moved');
  // … for 3 s
  await expect(moved).toBeHidden({ timeout: 6_000 });

  // the second browser saw the card move, without reloading
  await expect(card(lane(other, tagId), customer.name)).toBeVisible();
  await expect(card(lane(other, 'open'), customer.name)).toHaveCount(0);
  await shot(other, 'kanban-live-other-browser');

  // a customer who writes now joins 'Em aberto' on both boards, and a card shows its customer's newest message,
  // without a reload
  const late = await newCustomer(request, token, '55119', 'Cliente Novo');
  await expect(card(open, late.name)).toBeVisible();
  await expect(card(lane(other, 'open'), late.name)).toBeVisible();
  const news = `Chegou o pedido ${late.stamp}?`;
  await inbound(request, token, await principalId(request, token), { from: customer.number, body: news });
  await expect(card(target, customer.name)).toContainText(news);
  await expect(card(lane(other, tagId), customer.name)).toContainText(news);

  // the server agrees (the spec's two calls left the new tag link only)
  const t = await request.get(`${API_URL}/tickets/${customer.ticketId}`, { headers: authHeaders(token) });
  expect(((await t.json()) as { tags: { id: number }[] }).tags.map((x) => x.id)).toEqual([tagId]);

  // the card opens /tickets/{uuid}, shown as the ticket's chat with its tag
  await card(target, customer.name).getByTestId('kanban-card-link').click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${customer.ticketId}$`));
  await expect(page.getByTestId('chat-tags').getByTestId('chat-tag')).toHaveText([tagName]);
  await shot(page, 'kanban-chat-tag');

  // keyboard: back to 'Em aberto' (the DELETE alone), with Space and the arrow keys
  await openKanban(page);
  const back = card(lane(page, tagId), customer.name);
  await back.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('kanban-moved')).toBeVisible();
  await expect(card(lane(page, 'open'), customer.name)).toBeVisible();
  await expect(card(lane(other, 'open'), customer.name)).toBeVisible();
  await expect
    .poll(async () => {
      const r = await request.get(`${API_URL}/tickets/${customer.ticketId}`, { headers: authHeaders(token) });
      return ((await r.json()) as { tags: unknown[] }).tags.length;
    })
    .toBe(0);
  await ctxA.close();
  await ctxB.close();
});

test('a few hundred tickets at 1366×800: the document never scrolls, each lane scrolls (virtualised) and pages in more', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { token } = await apiLogin(request, ADMIN);
  const conn = await simulatorConnection(request, token, 'Kanban Volume');
  const stamp = String(Date.now()).slice(-5);
  const many = 300;
  for (let i = 0; i < many; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, many - i) }, (_, j) =>
        inbound(request, token, conn.id, {
          from: `5511966${stamp}${String(i + j).padStart(3, '0')}`,
          name: `Volume ${stamp} ${i + j}`,
          body: `Mensagem ${i + j}`,
        }),
      ),
    );
  }
  const mine = async (): Promise<number[]> => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&lane=open&cursor=${cursor}` : '';
      const res = await request.get(`${API_URL}/ticketkanban?queueIds=[]&test=true${q}`, {
        headers: authHeaders(token),
      });
      const body = (await res.json()) as {
        tickets: { id: number; whatsappId: number }[];
        lanes: { lane: string | number; cursor: string | null }[];
      };
      ids.push(...body.tickets.filter((x) => x.whatsappId === conn.id).map((x) => x.id));
      cursor = body.lanes.find((l) => l.lane === 'open')?.cursor ?? null;
    } while (cursor);
    return [...new Set(ids)];
  };
  await expect.poll(async () => (await mine()).length, { timeout: 90_000 }).toBe(many);

  const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 800 } });
  await offline(ctx);
  const page = await ctx.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await openKanban(page);
  const open = lane(page, 'open');
  await expect
    .poll(async () => Number(await open.getByTestId('kanban-lane-count').textContent()))
    .toBeGreaterThanOrEqual(many);

  const sizes = () =>
    page.evaluate(() => {
      const d = document.scrollingElement ?? document.documentElement;
      const lanes = document.querySelector('[data-testid="kanban-lanes"]') as HTMLElement;
      return {
        docH: d.scrollHeight - window.innerHeight,
        docW: d.scrollWidth - window.innerWidth,
        lanesFit: lanes.getBoundingClientRect().bottom <= window.innerHeight,
      };
    });
  expect(await sizes()).toEqual({ docH: 0, docW: 0, lanesFit: true });
  // the lane scrolls inside itself; only the cards in view are mounted
  const scroll = open.getByTestId('kanban-lane-scroll');
  const firstCount = Number(await scroll.getAttribute('data-count'));
  expect(firstCount).toBe(30);
  expect(await open.getByTestId('kanban-card').count()).toBeLessThan(20);
  await shot(page, 'kanban-1366-volume');
  // scrolling to the bottom of the lane loads its next page (infinite scroll), the document still does not move
  for (let i = 0; i < 4; i++) {
    await scroll.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(300);
  }
  await expect.poll(async () => Number(await scroll.getAttribute('data-count'))).toBeGreaterThan(firstCount);
  expect(await open.getByTestId('kanban-card').count()).toBeLessThan(20);
  expect(await sizes()).toEqual({ docH: 0, docW: 0, lanesFit: true });
  await shot(page, 'kanban-1366-scrolled');
  await ctx.close();

  // housekeeping: the volume tickets leave the other journeys' lists
  const closed = await request.post(`${API_URL}/ticketsclosed`, {
    headers: authHeaders(token),
    data: { Tickets: await mine() },
  });
  expect(closed.status(), await closed.text()).toBe(200);
});
