import { expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, customerTicket, login, shot, toast } from './support';

/**
 * Scheduled actions (issue 14, acceptance 5 second half): the demo admin queues a sendMessage for a ticket with a
 * small delay, sees the card go from waiting to finished and the message in the chat; a failing action shows its
 * reason; the JSON dialog; delete one; with ~50 cards the page keeps the viewport's height; delete all.
 */
const VIEW = { width: 1366, height: 800 } as const;

async function fillForm(page: Page, f: { action: string; json: string; delay: string; name?: string }) {
  await page.getByTestId('schedule-action-select').selectOption(f.action);
  await page.getByTestId('schedule-action-delay-input').fill(f.delay);
  await page.getByTestId('schedule-action-name-input').fill(f.name ?? '');
  await page.getByTestId('schedule-action-json').fill(f.json);
}

test('scheduled actions: queue, watch, inspect, delete', async ({ page, request }) => {
  await page.setViewportSize(VIEW);
  const { token } = await apiLogin(request, ADMIN);
  const stamp = Date.now().toString(36);
  const number = `55117${String(Date.now()).slice(-8)}`;
  const ticketId = await customerTicket(request, token, {
    from: number,
    name: `Cliente Agenda ${stamp}`,
    body: 'Oi, me lembrem amanhã',
  });
  const body = `Lembrete agendado ${stamp}`;

  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('app-drawer').locator('[data-key="scheduleAction"] a').click();
  await expect(page).toHaveURL(/\/scheduleAction$/);
  await expect(page.getByTestId('schedule-actions-list')).toBeVisible();

  // the example follows the action
  await page.getByTestId('schedule-action-select').selectOption('updateCampaign');
  await expect(page.getByTestId('schedule-action-json')).toHaveValue(/"campaignId"/);
  await page.getByTestId('schedule-action-select').selectOption('sendMessage');
  await expect(page.getByTestId('schedule-action-json')).toHaveValue(/"body"/);

  // refused input stays on the form with the texts
  await fillForm(page, { action: 'sendMessage', json: `{"ticketId": ${ticketId}, "body": "x"}`, delay: '250' });
  await page.getByTestId('schedule-action-submit').click();
  await expect(page.getByTestId('schedule-action-delay-error')).toHaveText('O atraso deve ser múltiplo de 500 ms');
  await page.getByTestId('schedule-action-delay-input').fill('1000');
  await page.getByTestId('schedule-action-json').fill('{"ticketId": ');
  await page.getByTestId('schedule-action-submit').click();
  await expect(page.getByTestId('schedule-action-json-error')).toHaveText('Os dados não são um JSON válido');

  // sendMessage with a 1 s delay: waiting (warning), then finished (success) live
  await fillForm(page, {
    action: 'sendMessage',
    json: `{"ticketId":${ticketId},"body":"${body}"}`,
    delay: '1000',
    name: `lembrete ${stamp}`,
  });
  await page.getByTestId('schedule-action-format').click();
  await expect(page.getByTestId('schedule-action-json')).toHaveValue(/\n {2}"ticketId"/);
  await page.getByTestId('schedule-action-submit').click();
  const sendCard = page.getByTestId('schedule-action-card').filter({ hasText: `lembrete ${stamp}` });
  await expect(sendCard).toHaveAttribute('data-action', 'sendMessage');
  await expect(page.getByTestId('schedule-action-card').first()).toHaveAttribute('data-action', 'sendMessage');
  await expect(sendCard.getByTestId('schedule-action-delay')).toHaveText('1000 ms');
  await expect(sendCard.getByTestId('schedule-action-backoff')).toHaveText('exponential · 2000 ms');
  await expect(sendCard.getByTestId('schedule-action-created')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(sendCard).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await expect(sendCard).toHaveClass(/border-success/);
  await expect(sendCard.getByTestId('schedule-action-attempts')).toHaveText('1/3');
  await expect(sendCard.getByTestId('schedule-action-processed')).toHaveText(/^\d{2}\/\d{2}\/\d{4} /);
  await expect(sendCard.getByTestId('schedule-action-finished')).toHaveText(/^\d{2}\/\d{2}\/\d{4} /);
  await shot(page, 'schedule-actions-finished');

  // a failing action shows its reason (error colour)
  await fillForm(page, { action: 'test', json: `{"fail":"falha proposital ${stamp}"}`, delay: '0' });
  await page.getByTestId('schedule-action-submit').click();
  const failCard = page.getByTestId('schedule-action-card').filter({ hasText: `falha proposital ${stamp}` });
  await expect(failCard).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
  await expect(failCard).toHaveClass(/border-error/);
  await expect(failCard.getByTestId('schedule-action-failure')).toContainText(`falha proposital ${stamp}`);
  // a waiting one (warning colour): an hour ahead
  await fillForm(page, { action: 'test', json: `{"marca":"${stamp}"}`, delay: '3600000', name: `espera ${stamp}` });
  await page.getByTestId('schedule-action-submit').click();
  const waitCard = page.getByTestId('schedule-action-card').filter({ hasText: `espera ${stamp}` });
  await expect(waitCard).toHaveAttribute('data-state', 'waiting');
  await expect(waitCard).toHaveClass(/border-warning/);
  await expect(waitCard.getByTestId('schedule-action-processed')).toHaveText('N/A');
  await shot(page, 'schedule-actions-states');

  // the job data as formatted JSON
  await sendCard.getByTestId('schedule-action-view').click();
  const dialog = page.getByTestId('schedule-action-data-dialog');
  const pre = dialog.getByTestId('schedule-action-data-json');
  await expect(pre).toBeVisible();
  const text = (await pre.textContent()) ?? '';
  expect(JSON.parse(text)).toEqual({ ticketId, body });
  expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
  await shot(page, 'schedule-actions-json-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();

  // delete one (confirmed)
  await failCard.getByTestId('schedule-action-delete').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-confirm').click();
  await expect(toast(page, 'Ação agendada excluída com sucesso')).toBeVisible();
  await expect(failCard).toHaveCount(0);

  // the message is in the chat
  await page.goto(`/tickets/${ticketId}`);
  await expect(page.getByTestId('message').filter({ hasText: body })).toBeVisible();

  // ~50 cards: the page keeps the viewport's height, the list scrolls
  const queued = await Promise.all(
    Array.from({ length: 48 }, (_, i) =>
      request.post(`${API_URL}/scheduleActions`, {
        headers: authHeaders(token),
        data: { action: 'test', jsonData: { i }, delay: 3_600_000, name: `volume ${i}` },
      }),
    ),
  );
  expect(queued.every((r) => r.ok())).toBe(true);
  await page.goto('/scheduleAction');
  await expect(page.getByTestId('schedule-action-card')).toHaveCount(50);
  const sizes = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="schedule-actions-scroll"]') as HTMLElement;
    return {
      doc: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
      listScroll: list.scrollHeight,
      listClient: list.clientHeight,
    };
  });
  expect(sizes.doc).toBeLessThanOrEqual(sizes.viewport);
  expect(sizes.listScroll).toBeGreaterThan(sizes.listClient);
  await shot(page, 'schedule-actions-volume');

  // delete all (confirmed): only scheduled actions, the list empties
  await page.getByTestId('schedule-actions-delete-all').click();
  await page.getByTestId('schedule-actions-delete-all-dialog').getByTestId('confirm-dialog-confirm').click();
  await expect(toast(page, 'Todas as ações agendadas foram excluídas com sucesso')).toBeVisible();
  await expect(page.getByTestId('schedule-action-card')).toHaveCount(0);
  const after = await request.get(`${API_URL}/scheduleActions`, { headers: authHeaders(token) });
  expect(await after.json()).toEqual([]);
  await shot(page, 'schedule-actions-empty');
});
