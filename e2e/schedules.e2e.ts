import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, inbound, login, principalId, shot, toast } from './support';

/**
 * Schedules (issue 14, acceptance 5 first part): from a ticket's contact drawer the admin schedules a text a little
 * ahead, sees it Pendente in /schedules (pre-filtered by the contact), watches it go out on the real clock (Enviada,
 * live) and finds the message in the chat. The list keeps the page height with 100 schedules, scrolling inside.
 */

const VIEWPORT = { width: 1366, height: 800 } as const;

/** The `YYYY-MM-DDTHH:mm` of an instant on a zone's clock (what the dialog's datetime input takes). */
function wallTime(at: number, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

async function pendingTicketOf(request: APIRequestContext, token: string, number: string): Promise<number> {
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

test('a text scheduled from the contact drawer goes out on time and shows Enviada and in the chat', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(VIEWPORT);
  const { token, user } = await apiLogin(request, ADMIN);
  const zone = user.company.timezone;
  const wid = await principalId(request, token);
  const stamp = String(Date.now()).slice(-8);
  const number = `55119${stamp}`;
  const name = `Agenda ${stamp}`;
  await inbound(request, token, wid, { from: number, name, body: 'Podem me lembrar amanhã?' });
  const ticketId = await pendingTicketOf(request, token, number);

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/tickets/${ticketId}`);
  await page.getByTestId('chat-contact').click();
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer.getByTestId('contact-drawer-name')).toHaveText(name);
  await expect(drawer.getByTestId('contact-schedules')).toContainText('Nenhum agendamento pendente.');
  await drawer.getByTestId('contact-schedule-add').click();

  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog.getByTestId('schedule-contact-selected')).toContainText(name);
  // the spec's texts: an empty and a short text are refused before anything is sent
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog.getByTestId('schedule-body-error')).toHaveText('O texto não pode ficar vazio');
  await dialog.getByTestId('schedule-body').fill('Oi!');
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog.getByTestId('schedule-body-error')).toHaveText('O texto não pode ser menor do que 6 caracteres');
  // a date in the past (beyond the minute's tolerance) is refused
  await dialog.getByTestId('schedule-send-at').fill(wallTime(Date.now() - 10 * 60_000, zone));
  const body = `Lembrete agendado ${stamp}: sua consulta com a Dra. Helena é amanhã às 10h; chegue 15 minutos antes.`;
  await dialog.getByTestId('schedule-body').fill(body);
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog.getByTestId('schedule-send-at-error')).toHaveText('A data de envio não pode estar no passado');
  await expect(dialog.getByTestId('schedule-preview-text')).toHaveText(`${body.slice(0, 77)}...`);

  // the nearest whole minute at least 12 s ahead (the input has minutes): time to see it pending first
  const sendAt = Math.ceil((Date.now() + 12_000) / 60_000) * 60_000;
  await dialog.getByTestId('schedule-send-at').fill(wallTime(sendAt, zone));
  await shot(page, 'schedules-dialog');
  await dialog.getByTestId('schedule-save').click();
  await expect(toast(page, 'Agendamento salvo com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByTestId('contact-schedule')).toHaveCount(1);

  // the drawer's link: /schedules pre-filtered by the contact, Pendentes by default
  await drawer.getByTestId('contact-schedules-all').click();
  await expect(page).toHaveURL(/\/schedules\?contactId=\d+$/);
  await expect(page.getByTestId('schedules-contact-chip')).toContainText(name);
  await expect(page.getByTestId('schedules-status-pending')).toHaveAttribute('aria-checked', 'true');
  const row = page.getByTestId('schedule-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'PENDENTE');
  await expect(row.getByTestId('schedule-status')).toHaveText('Pendente');
  // body cut at 25 characters in the table
  await expect(row.getByTestId('schedule-body')).toHaveText(`${body.slice(0, 25)}...`);
  await shot(page, 'schedules-pending');

  // 'Todas' keeps the row in view while it goes out: it turns Enviada live (no reload), on time
  await page.getByTestId('schedules-status-all').click();
  await expect(row).toHaveAttribute('data-status', 'ENVIADA', { timeout: Math.max(0, sendAt - Date.now()) + 20_000 });
  await expect(row.getByTestId('schedule-status')).toHaveText('Enviada');
  await page.getByTestId('schedules-status-sent').click();
  await expect(row).toHaveAttribute('data-status', 'ENVIADA');
  await shot(page, 'schedules-sent');

  // the message is in the contact's chat
  const sent = await request.get(`${API_URL}/schedules/?contactId=${await contactIdOf(page)}&status=ENVIADA`, {
    headers: authHeaders(token),
  });
  const [schedule] = (await sent.json()).schedules as { sentAt: string }[];
  // on the minute: sent within a few seconds of its time
  expect(Date.parse(schedule.sentAt) - sendAt).toBeLessThan(5_000);
  await page.goto(`/tickets/${ticketId}`);
  await expect(page.getByTestId('ticket-chat').getByText(body)).toBeVisible();
  await shot(page, 'schedules-in-chat');
});

async function contactIdOf(page: import('@playwright/test').Page): Promise<string> {
  return new URL(page.url()).searchParams.get('contactId') ?? '';
}

test('100 schedules: the page keeps the viewport height and the list scrolls inside, loading more', async ({
  page,
  request,
}) => {
  await page.setViewportSize(VIEWPORT);
  const { token, user } = await apiLogin(request, ADMIN);
  const wid = await principalId(request, token);
  const stamp = String(Date.now()).slice(-8);
  const number = `55117${stamp}`;
  const name = `Volume ${stamp}`;
  await inbound(request, token, wid, { from: number, name, body: 'Oi' });
  await pendingTicketOf(request, token, number);
  const contacts = await request.get(`${API_URL}/contacts/?searchParam=${number}&pageNumber=1`, {
    headers: authHeaders(token),
  });
  const contactId = ((await contacts.json()).contacts as { id: number }[])[0].id;

  const ids: number[] = [];
  const base = Date.now() + 30 * 86_400_000;
  try {
    for (let i = 0; i < 100; i++) {
      const res = await request.post(`${API_URL}/schedules/${user.companyId}`, {
        headers: authHeaders(token),
        data: {
          contactId,
          body: `Mensagem em volume número ${i + 1} para ${name}`,
          sendAt: new Date(base + i * 3_600_000).toISOString(),
          typeMessage: 'Texto',
          typeSchedule: i % 3 === 0 ? 'Recorrente Semanal' : 'Único',
          repeatCount: i % 3 === 0 ? 4 : null,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      ids.push(((await res.json()) as { id: number }).id);
    }

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/schedules?contactId=${contactId}`);
    const rows = page.getByTestId('schedule-row');
    await expect(rows.first()).toBeVisible();
    const scroll = page.getByTestId('schedules-scroll');
    const sizes = await page.evaluate(() => ({
      doc: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    expect(sizes.doc).toBeLessThanOrEqual(sizes.view);
    const box = await scroll.evaluate((el) => ({
      scroll: el.scrollHeight,
      client: el.clientHeight,
      wide: el.scrollWidth,
      width: el.clientWidth,
    }));
    expect(box.scroll).toBeGreaterThan(box.client);
    // the eight columns and the row actions fit the width at 1366 px with the drawer open
    expect(box.wide).toBeLessThanOrEqual(box.width);
    const first = await rows.count();
    await shot(page, 'schedules-volume');
    // infinite scroll: the bottom loads the next page
    await scroll.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.count()).toBeGreaterThan(first);
    const after = await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight);
    expect(after).toBe(true);
  } finally {
    for (const id of ids) await request.delete(`${API_URL}/schedules/${id}`, { headers: authHeaders(token) });
  }
});
