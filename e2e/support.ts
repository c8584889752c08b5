import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { SessionUserDto } from '@zapdesk/core';

/** Shared helpers for every area's journeys. Ports/URLs match playwright.config.ts. */
export const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 18080}`;
export const WEB_URL = `http://localhost:${process.env.E2E_WEB_PORT ?? 13000}`;

export const ADMIN = { email: 'admin@demo.local', password: 'demo1234' } as const;
export const AGENT = { email: 'agent@demo.local', password: 'demo1234' } as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** Logs in through the /login screen and waits for the landing page (/tickets) with the layout rendered. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('top-bar')).toBeVisible();
}

/** Logs in through the API: `{ token, user }` for API calls in journeys (`Authorization: Bearer <token>`). */
export async function apiLogin(
  request: APIRequestContext,
  creds: { email: string; password: string } = ADMIN,
): Promise<{ token: string; user: SessionUserDto }> {
  const res = await request.post(`${API_URL}/auth/login`, { data: creds });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The drawer entry keys in display order (core's `drawerEntries` keys), with their disabled flag. */
/** id of the seeded connection "Principal" (the simulator's WhatsApp) */
export async function principalId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) });
  expect(res.ok()).toBe(true);
  const w = ((await res.json()) as { id: number; name: string }[]).find((x) => x.name === 'Principal');
  expect(w).toBeTruthy();
  return (w as { id: number }).id;
}

/** A fresh non-default simulator connection named `<prefix> <5 digits>`, already scanned (connected). */
export async function simulatorConnection(
  request: APIRequestContext,
  token: string,
  prefix: string,
): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${Date.now().toString().slice(-5)}`;
  const res = await request.post(`${API_URL}/whatsapp`, {
    headers: authHeaders(token),
    data: { name, lib: 'simulator', isDefault: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const created = (await res.json()) as { id: number; name: string };
  expect(
    (await request.post(`${API_URL}/simulator/${created.id}/scan`, { headers: authHeaders(token) })).status(),
  ).toBe(200);
  return created;
}

/** a customer message through the simulator's inbound endpoint (expects 200) */
export async function inbound(
  request: APIRequestContext,
  token: string,
  wid: number,
  data: Record<string, unknown>,
): Promise<void> {
  const res = await request.post(`${API_URL}/simulator/${wid}/inbound`, { headers: authHeaders(token), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** id of the pending ticket of the contact with that number, once it shows up (polls; the inbound is asynchronous) */
export async function pendingTicketOf(request: APIRequestContext, token: string, number: string): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      const res = await request.get(`${API_URL}/tickets?status=pending&showAll=true`, { headers: authHeaders(token) });
      const list = (await res.json()).tickets as { id: number; contact: { number: string } }[];
      id = list.find((x) => x.contact.number === number)?.id ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

/**
 * A customer writes to the seeded connection "Principal" through the simulator (`data` as for `inbound`, `from` a
 * fresh number); the id of the pending ticket it opens.
 */
export async function customerTicket(
  request: APIRequestContext,
  token: string,
  data: { from: string } & Record<string, unknown>,
): Promise<number> {
  await inbound(request, token, await principalId(request, token), data);
  return pendingTicketOf(request, token, data.from);
}

/**
 * A customer named `<label> <stamp>` writes 'Oi' from a fresh number `<numberPrefix><stamp>` (stamp: the clock's
 * last 8 digits): the stamp, number and name for the journey's own unique texts, the pending ticket and the contact.
 */
export async function newCustomer(
  request: APIRequestContext,
  token: string,
  numberPrefix: string,
  label: string,
): Promise<{ stamp: string; number: string; name: string; ticketId: number; contactId: number }> {
  const stamp = String(Date.now()).slice(-8);
  const number = `${numberPrefix}${stamp}`;
  const name = `${label} ${stamp}`;
  const ticketId = await customerTicket(request, token, { from: number, name, body: 'Oi' });
  const ticket = await request.get(`${API_URL}/tickets/${ticketId}`, { headers: authHeaders(token) });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const contactId = ((await ticket.json()) as { contactId: number }).contactId;
  return { stamp, number, name, ticketId, contactId };
}

export async function drawerEntries(page: Page): Promise<{ key: string; disabled: boolean }[]> {
  const items = page.getByTestId('app-drawer').getByTestId('drawer-entry');
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((els) =>
    els.map((el) => ({
      key: el.getAttribute('data-key') ?? '',
      disabled: el.getAttribute('data-disabled') === 'true',
    })),
  );
}

export async function openUserMenuItem(page: Page, item: 'profile' | 'preferences' | 'logout'): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId(`menu-${item}`).click();
}

const SHOTS = join(import.meta.dirname ?? __dirname, 'screenshots');

/** Full-page screenshot into e2e/screenshots/<name>.png (gitignored) — look at them. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * The newest toast with that text. Several saves within the 3 s toast life leave several identical toasts on screen;
 * a journey always means the one its last action raised.
 */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByTestId('toast').filter({ hasText: text }).last();
