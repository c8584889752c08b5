import { expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, newCustomer, principalId, shot, toast } from './support';

/**
 * Flows (issue 16, acceptance 4, flow part): the admin builds a flow in /flowmanager (the spec's texts on bad input),
 * reorders it by dragging, simulates it on the phone mock-up (typing, then the messages at the timeline's instants),
 * and runs it with ';' in a chat: the customer's phone gets the messages in the new order.
 */

/** a real 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const rowTypes = (page: Page) =>
  page.getByTestId('flow-action-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));

async function addAction(page: Page, type: string, fill: () => Promise<void>) {
  await page.getByTestId('flow-action-type').selectOption(type);
  await fill();
  await page.getByTestId('flow-action-add').click();
}

test('build a flow, reorder it by drag, simulate it, run it with ; in a chat', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, user } = await apiLogin(request, ADMIN);
  const stamp = String(Date.now()).slice(-8);
  const flowName = `Fluxo E2E ${stamp}`;

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/flowlist');
  await expect(page.getByTestId('flows-page')).toBeVisible();
  await page.getByTestId('flow-add').click();
  await expect(page).toHaveURL(/\/flowmanager\/?$/);

  // the spec's texts (spec 2 §5)
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-name-error')).toHaveText('O nome é obrigatório');
  await expect(page.getByTestId('flow-type-error')).toHaveText('Selecione um tipo de fluxo');
  await page.getByTestId('flow-name').fill('Fluxo');
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('flow-name-error')).toHaveText('O nome deve conter no mínimo 5 caracteres');
  await addAction(page, 'Delay', () => page.getByTestId('flow-action-seconds').fill('0'));
  await expect(page.getByTestId('flow-action-error')).toHaveText('Informe no mínimo 1 segundo');
  await addAction(page, 'SendText', () => page.getByTestId('flow-action-body').fill('x'));
  await expect(page.getByTestId('flow-action-error')).toHaveText('O texto deve conter no mínimo 2 caracteres');
  await addAction(page, 'SendMedia', async () => {});
  await expect(page.getByTestId('flow-action-error')).toHaveText('Selecione um arquivo');

  // the flow: text, typing 2 s, text, a picture
  await page.getByTestId('flow-name').fill(flowName);
  await page.getByTestId('flow-type').selectOption('Chat');
  await addAction(page, 'SendText', () => page.getByTestId('flow-action-body').fill(`Olá! Aqui é a loja ${stamp}.`));
  await addAction(page, 'Composing', () => page.getByTestId('flow-action-seconds').fill('2'));
  await addAction(page, 'SendText', () => page.getByTestId('flow-action-body').fill('Veja nossa tabela de preços:'));
  await addAction(page, 'SendMedia', () =>
    page.getByTestId('flow-action-file').setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: PNG }),
  );
  await expect(page.getByTestId('flow-action-error')).toHaveCount(0);
  expect(await rowTypes(page)).toEqual(['SendText', 'Composing', 'SendText', 'SendMedia']);

  // drag the typing above the first text
  const handle = page.getByTestId('flow-action-handle').nth(1);
  const target = page.getByTestId('flow-action-row').nth(0);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 5, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => rowTypes(page)).toEqual(['Composing', 'SendText', 'SendText', 'SendMedia']);

  // an action changed in place: the editor loads it, Update puts it back where it was
  await page.getByTestId('flow-action-edit').nth(2).click();
  await expect(page.getByTestId('flow-action-body')).toHaveValue('Veja nossa tabela de preços:');
  await page.getByTestId('flow-action-body').fill('Confira a tabela de preços:');
  await page.getByTestId('flow-action-add').click();
  await expect(page.getByTestId('flow-action-content').nth(2)).toHaveText('Confira a tabela de preços:');
  expect(await rowTypes(page)).toEqual(['Composing', 'SendText', 'SendText', 'SendMedia']);

  await page.getByTestId('flow-save').click();
  await expect(toast(page, 'Fluxo criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/flowmanager\/\d+$/);
  const flowId = Number(page.url().split('/').pop());
  const saved = await (await request.get(`${API_URL}/flows/${flowId}`, { headers: authHeaders(token) })).json();
  expect(saved.flowActions.map((a: { actionType: string }) => a.actionType)).toEqual([
    'Composing',
    'SendText',
    'SendText',
    'SendMedia',
  ]);

  // 'Simular Fluxo': typing first (2 s: held 1 s + 1 s), then the messages at their instants
  await page.getByTestId('flow-simulate').click();
  const sim = page.getByTestId('flow-simulator');
  await expect(sim.getByTestId('flow-sim-status')).toHaveAttribute('data-status', 'typing');
  await expect(sim.getByTestId('flow-sim-status')).toHaveText('digitando...');
  await expect(sim.getByTestId('flow-sim-message')).toHaveCount(0);
  await shot(page, 'flows-simulator-typing');
  await expect(sim.getByTestId('flow-sim-message')).toHaveCount(1, { timeout: 4_000 });
  await expect(sim.getByTestId('flow-sim-status')).toHaveAttribute('data-status', 'online');
  await expect(sim.getByTestId('flow-sim-done')).toBeVisible({ timeout: 6_000 });
  await expect(sim.getByTestId('flow-sim-message')).toHaveCount(3);
  await expect(sim.getByTestId('flow-sim-message').last()).toContainText('tabela.png');
  await shot(page, 'flows-simulator-done');
  await sim.getByTestId('flow-sim-close').click();

  // the list shows it
  await page.getByTestId('flow-back').click();
  await expect(page).toHaveURL(/\/flowList$/);
  await expect(page.getByTestId('flow-row').filter({ hasText: flowName })).toBeVisible();
  await shot(page, 'flows-list');

  // a chat: the customer's ticket, accepted by the admin; ';' lists Chat flows and runs the chosen one
  const customer = await newCustomer(request, token, '55219', 'Fluxo');
  const accept = await request.put(`${API_URL}/tickets/${customer.ticketId}`, {
    headers: authHeaders(token),
    data: { status: 'open', userId: user.id },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  const wid = await principalId(request, token);
  const outbox = async () => {
    const r = await request.get(`${API_URL}/simulator/${wid}/outbox?to=${customer.number}`, {
      headers: authHeaders(token),
    });
    return ((await r.json()) as { body: string; mediaType: string | null }[]).map((m) => m.mediaType ?? m.body);
  };
  // what the connection sent before (a greeting, if any)
  const before = (await outbox()).length;
  await page.goto(`/tickets/${customer.ticketId}`);
  const textarea = page.getByTestId('message-textarea');
  await textarea.fill(`;e2e ${stamp}`);
  const picker = page.getByTestId('flow-picker');
  await expect(picker.getByTestId('flow-picker-item')).toHaveCount(1);
  await expect(picker.getByTestId('flow-picker-item')).toContainText(flowName);
  await shot(page, 'flows-chat-picker');
  await picker.getByTestId('flow-picker-item').click();
  await expect(toast(page, `Fluxo "${flowName}" iniciado`)).toBeVisible();
  await expect(textarea).toHaveValue('');

  // the messages arrive in the chat, in the flow's order, and on the customer's phone
  const bodies = page.getByTestId('message-body');
  await expect(bodies.filter({ hasText: `Olá! Aqui é a loja ${stamp}.` })).toBeVisible({ timeout: 10_000 });
  await expect(bodies.filter({ hasText: 'Confira a tabela de preços:' })).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => (await outbox()).slice(before), { timeout: 10_000 })
    .toEqual([`Olá! Aqui é a loja ${stamp}.`, 'Confira a tabela de preços:', 'image']);
  await shot(page, 'flows-chat-run');
});
