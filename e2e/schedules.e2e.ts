import { expect, test } from '@playwright/test';
import { ptLeftovers, ptTextsToAvoid } from './po-texts';
import {
  ADMIN,
  AGENT,
  API_URL,
  apiLogin,
  authHeaders,
  customerTicket,
  login,
  newCustomer,
  openUserMenuItem,
  shot,
  toast,
} from './support';

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

test('a text scheduled from the contact drawer goes out on time and shows Enviada and in the chat', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(VIEWPORT);
  const { token, user } = await apiLogin(request, ADMIN);
  const zone = user.company.timezone;
  const stamp = String(Date.now()).slice(-8);
  const number = `55119${stamp}`;
  const name = `Agenda ${stamp}`;
  const ticketId = await customerTicket(request, token, { from: number, name, body: 'Podem me lembrar amanhã?' });

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
  await expect(row.getByTestId('schedule-status').locator('[title^="Enviada em "]')).toHaveCount(1);
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
  const { name, contactId } = await newCustomer(request, token, '55117', 'Volume');

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

test('an agent copies what is not theirs, edits and deletes their own, bulk-deletes theirs; Reagendar, media, emoji, "/"', async ({
  page,
  request,
}) => {
  await page.setViewportSize(VIEWPORT);
  const admin = await apiLogin(request, ADMIN);
  const agent = await apiLogin(request, AGENT);
  const { stamp, name, ticketId, contactId } = await newCustomer(request, admin.token, '55116', 'Cópia');
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const make = async (token: string, companyId: number, body: string, days: number) => {
    const res = await request.post(`${API_URL}/schedules/${companyId}`, {
      headers: authHeaders(token),
      data: { contactId, body, sendAt: at(days), typeMessage: 'Texto', typeSchedule: 'Único' },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const adminsId = await make(admin.token, admin.user.companyId, `Mensagem do administrador ${stamp}`, 3);
  await make(agent.token, agent.user.companyId, `Mensagem da atendente ${stamp}`, 4);
  const shortcut = `ag${stamp.slice(-6)}`;
  const qa = await request.post(`${API_URL}/quickAnswers`, {
    headers: authHeaders(admin.token),
    data: { shortcut, message: `Resposta rápida do agendamento ${stamp}` },
  });
  expect(qa.status(), await qa.text()).toBe(200);
  const qaId = ((await qa.json()) as { id: number }).id;

  try {
    await login(page, AGENT.email, AGENT.password);
    await page.goto(`/schedules?contactId=${contactId}`);
    const rows = page.getByTestId('schedule-row');
    await expect(rows).toHaveCount(2);
    const adminRow = rows.filter({ hasText: 'administrador' });
    const mineRow = rows.filter({ hasText: 'Mensagem da atendente' });
    // not the owner: copy only; the owner: copy, edit, delete
    await expect(adminRow.getByTestId('schedule-copy')).toBeVisible();
    await expect(adminRow.getByTestId('schedule-edit')).toHaveCount(0);
    await expect(adminRow.getByTestId('schedule-delete')).toHaveCount(0);
    await expect(mineRow.getByTestId('schedule-edit')).toBeVisible();
    // the MENU: everyone's bulk deletes only
    await page.getByTestId('schedules-menu').click();
    await expect(page.getByTestId('schedules-delete-my-sent')).toBeVisible();
    await expect(page.getByTestId('schedules-delete-all-mine')).toBeVisible();
    await expect(page.getByTestId('schedules-delete-all-sent')).toHaveCount(0);
    await expect(page.getByTestId('schedules-delete-all')).toHaveCount(0);
    await shot(page, 'schedules-agent-menu');
    await page.keyboard.press('Escape');

    // copy: the dialog pre-filled as a new schedule, saved as the agent's
    await adminRow.getByTestId('schedule-copy').click();
    const dialog = page.getByTestId('schedule-dialog');
    await expect(dialog).toContainText('Copiar agendamento');
    await expect(dialog.getByTestId('schedule-body')).toHaveValue(`Mensagem do administrador ${stamp}`);
    await dialog.getByTestId('schedule-body').fill(`Cópia da atendente ${stamp}`);
    await dialog.getByTestId('schedule-save').click();
    await expect(toast(page, 'Agendamento salvo com sucesso')).toBeVisible();
    await expect(rows).toHaveCount(3);
    const copyRow = rows.filter({ hasText: 'Cópia da atendente' });
    await expect(copyRow.getByTestId('schedule-edit')).toBeVisible();

    // edit: a recurring monthly series of 3; the schedule column says so
    await mineRow.getByTestId('schedule-edit').click();
    await expect(dialog).toContainText('Editar agendamento');
    await dialog.getByTestId('schedule-type').selectOption('Recorrente Mensal');
    await dialog.getByTestId('schedule-repeat').fill('3');
    await dialog.getByTestId('schedule-save').click();
    await expect(toast(page, 'Agendamento salvo com sucesso')).toBeVisible();
    await expect(mineRow.getByTestId('schedule-when')).toContainText('Recorrente Mensal');
    await expect(mineRow.getByTestId('schedule-repetitions')).toHaveText('0 de 3 enviadas');

    // delete one of mine
    await copyRow.getByTestId('schedule-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Agendamento excluído com sucesso')).toBeVisible();
    await expect(rows).toHaveCount(2);

    // all mine (pending included), confirmed: only the admin's stays
    await page.getByTestId('schedules-menu').click();
    await page.getByTestId('schedules-delete-all-mine').click();
    await expect(page.getByTestId('schedules-bulk-confirm')).toContainText('Excluir todos os meus agendamentos');
    await page.getByTestId('schedules-bulk-confirm').getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, /agendamento\(s\) excluído\(s\)/)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('administrador');
    await page.getByTestId('schedules-contact-chip-clear').click();
    await expect(page).toHaveURL(/\/schedules$/);
    await expect(page.getByTestId('schedules-contact-chip')).toHaveCount(0);

    // a closed ticket offers Reagendar: the dialog for its contact (as the admin, who may see the ticket)
    const closed = await request.put(`${API_URL}/tickets/${ticketId}`, {
      headers: authHeaders(admin.token),
      data: { status: 'closed' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    await page.context().clearCookies();
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/tickets/${ticketId}`);
    await page.getByTestId('chat-action-reschedule').click();
    await expect(dialog).toContainText('Novo agendamento');
    await expect(dialog.getByTestId('schedule-contact-selected')).toContainText(name);
    // '/' quick answers, as in the chat
    await dialog.getByTestId('schedule-body').fill(`/${shortcut}`);
    await dialog.getByTestId('quick-answers').getByText(`/${shortcut}`).click();
    await expect(dialog.getByTestId('schedule-body')).toHaveValue(`Resposta rápida do agendamento ${stamp}`);
    // emoji picker
    await dialog.getByTestId('schedule-emoji-toggle').click();
    await dialog.getByTestId('emoji-option').first().click();
    await expect(dialog.getByTestId('schedule-body')).not.toHaveValue(`Resposta rápida do agendamento ${stamp}`);
    // media: the file is required, a wrong type is refused, a png is taken; the preview cuts at 30
    await dialog.getByTestId('schedule-type-message-media').click();
    await dialog.getByTestId('schedule-save').click();
    await expect(dialog.getByTestId('schedule-media-error')).toHaveText('Selecione um arquivo de mídia');
    await dialog.getByTestId('schedule-media-input').setInputFiles({
      name: 'nota.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('texto'),
    });
    await expect(dialog.getByTestId('schedule-media-error')).toContainText('Tipo de arquivo não permitido');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await dialog
      .getByTestId('schedule-media-input')
      .setInputFiles({ name: 'cartao.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByTestId('schedule-media-name')).toContainText('cartao.png');
    await expect(dialog.getByTestId('schedule-preview-text')).toHaveText(/^.{30}\.\.\.$/u);
    await shot(page, 'schedules-reschedule-media');
    await dialog.getByTestId('schedule-save').click();
    await expect(toast(page, 'Agendamento salvo com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goto(`/schedules?contactId=${contactId}`);
    const mediaRow = page.getByTestId('schedule-row').filter({ hasText: 'Resposta rápida' });
    await expect(mediaRow).toHaveCount(1);
    await expect(mediaRow.getByTestId('schedule-edit')).toBeVisible();
  } finally {
    const list = await request.get(`${API_URL}/schedules/?contactId=${contactId}`, {
      headers: authHeaders(admin.token),
    });
    for (const s of ((await list.json()).schedules ?? []) as { id: number }[])
      await request.delete(`${API_URL}/schedules/${s.id}`, { headers: authHeaders(admin.token) });
    await request.delete(`${API_URL}/schedules/${adminsId}`, { headers: authHeaders(admin.token) });
    await request.delete(`${API_URL}/quickAnswers/${qaId}`, { headers: authHeaders(admin.token) });
  }
});

test('the admin sets the company time zone in Settings; schedules are shown on its clock', async ({
  page,
  request,
}) => {
  await page.setViewportSize(VIEWPORT);
  const { token, user } = await apiLogin(request, ADMIN);
  const { stamp, contactId } = await newCustomer(request, token, '55115', 'Fuso');
  // 2027-01-15 15:30 UTC = 12:30 in São Paulo, 11:30 in Manaus
  const created = await request.post(`${API_URL}/schedules/${user.companyId}`, {
    headers: authHeaders(token),
    data: { contactId, body: `Fuso horário ${stamp}`, sendAt: '2027-01-15T15:30:00.000Z', typeMessage: 'Texto' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const scheduleId = ((await created.json()) as { id: number }).id;
  const original = user.company.timezone;
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/Settings');
    const card = page.getByTestId('settings-timezone');
    await expect(card.getByTestId('settings-timezone-select')).toHaveValue(original);
    await expect(card.getByTestId('settings-timezone-save')).toBeDisabled();
    await card.getByTestId('settings-timezone-select').selectOption('America/Manaus');
    await card.getByTestId('settings-timezone-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    await expect(card.getByTestId('settings-timezone-save')).toBeDisabled();
    await shot(page, 'schedules-settings-timezone');
    await page.goto(`/schedules?contactId=${contactId}`);
    await expect(page.getByTestId('schedule-row').getByTestId('schedule-send-at')).toHaveText('15/01/2027, 11:30');
    // the dialog types on the same clock
    await page.getByTestId('schedule-edit').click();
    await expect(page.getByTestId('schedule-dialog').getByTestId('schedule-send-at')).toHaveValue('2027-01-15T11:30');
  } finally {
    await request.put(`${API_URL}/companyByCompany/${user.companyId}`, {
      headers: authHeaders(token),
      data: { timezone: original },
    });
    await request.delete(`${API_URL}/schedules/${scheduleId}`, { headers: authHeaders(token) });
  }
});

test('in English the schedules screen, its menu and dialog keep no Portuguese text', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  const folders = ['src/modules/schedules/'];
  expect(ptTextsToAvoid('en', folders).length).toBeGreaterThan(40);
  await login(page, ADMIN.email, ADMIN.password);
  await openUserMenuItem(page, 'preferences');
  await page.getByTestId('preferences-language').selectOption('en');
  await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/schedules');
  await expect(page.getByTestId('schedules-status-pending')).toHaveText('Pending');
  await page.getByTestId('schedules-status-all').click();
  await page.getByTestId('schedules-menu').click();
  const content = page.getByTestId('page-content');
  const check = async (what: string) => {
    const text = (await content.textContent()) ?? '';
    expect(ptLeftovers(text, 'en', folders), `${what}: pt-BR text left`).toEqual([]);
  };
  await check('list and menu');
  await page.getByTestId('schedules-add').click();
  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog).toContainText('New schedule');
  await dialog.getByTestId('schedule-type').selectOption('Recorrente Semanal');
  await dialog.getByTestId('schedule-type-message-media').click();
  await dialog.getByTestId('schedule-save').click();
  const dialogText = (await dialog.textContent()) ?? '';
  expect(ptLeftovers(dialogText, 'en', folders), 'dialog: pt-BR text left').toEqual([]);
  await expect(dialog).toContainText('Select a contact');
  await shot(page, 'schedules-en-dialog');
});
