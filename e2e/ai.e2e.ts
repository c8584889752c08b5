import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, shot, simulatorConnection, toast } from './support';

/**
 * Issue 17 acceptance 4: the admin registers an integration pointing at the embedded fake model the demo server runs,
 * writes a prompt in the full-screen dialog (defaults, §5 sliders), tests it in the simulator (typing, then the
 * model's answer), attaches it to a bot setup of type prompt on its own simulator connection, and a customer chats
 * from the phone mock-up: the model's answer reaches the phone and the ticket.
 */

const VIEWPORT = { width: 1366, height: 800 };
/** The address of the demo server's embedded OpenAI-compatible fake model: its demo integration points at it. */
async function fakeModelUrl(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`${API_URL}/integration?searchParam=${encodeURIComponent('demonstração')}`, {
    headers: authHeaders(token),
  });
  expect(res.ok(), await res.text()).toBe(true);
  const url = ((await res.json()) as { integrations: { apiUrl: string }[] }).integrations[0]?.apiUrl ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  return url;
}

test('ai: an integration and a prompt, tested in the simulator, answer a customer through a bot setup', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORT);
  const { token } = await apiLogin(request, ADMIN);
  const modelUrl = await fakeModelUrl(request, token);
  const stamp = Date.now().toString().slice(-5);
  const integrationName = `Modelo local ${stamp}`;
  const promptName = `Atendente IA ${stamp}`;

  await login(page, ADMIN.email, ADMIN.password);

  // ---- the integration: the key is required, then shown masked
  await page.goto('/integration');
  await expect(page.getByTestId('integrations-page')).toBeVisible();
  await page.getByTestId('integration-add').click();
  const idialog = page.getByTestId('integration-dialog');
  await idialog.getByTestId('integration-name').fill(integrationName);
  await idialog.getByTestId('integration-url').fill(modelUrl);
  await idialog.getByTestId('integration-save').click();
  await expect(idialog.getByTestId('integration-token-error')).toHaveText('Obrigatório');
  await idialog.getByTestId('integration-token').fill('sk-e2e-secret-1234');
  await idialog.getByTestId('integration-json').fill('{ "models": ["fake-1"] }');
  await shot(page, 'ai-integration-dialog');
  await idialog.getByTestId('integration-save').click();
  await expect(toast(page, 'Integração salva com sucesso')).toBeVisible();
  await expect(idialog).toBeHidden();
  const irow = page.getByTestId('integration-row').filter({ hasText: integrationName });
  await expect(irow.getByTestId('integration-token')).toHaveText('••••1234');
  await expect(page.getByText('sk-e2e-secret-1234')).toHaveCount(0);
  const integrationId = Number(await irow.getAttribute('data-id'));
  await shot(page, 'ai-integrations-list');
  // an edit with the key field left empty keeps the saved key
  await irow.getByTestId('integration-edit').click();
  await expect(idialog.getByTestId('integration-token')).toHaveValue('');
  await expect(idialog).toContainText('Chave salva: ••••1234');
  await idialog.getByTestId('integration-save').click();
  await expect(idialog).toBeHidden();
  await expect(irow.getByTestId('integration-token')).toHaveText('••••1234');

  // ---- the prompt: §3 defaults, §5 choices, then saved (the dialog stays, the simulator opens)
  await page.getByTestId('ai-nav-prompts').click();
  await expect(page).toHaveURL(/\/botConfig$/);
  await page.getByTestId('prompt-add').click();
  const pdialog = page.getByTestId('prompt-dialog');
  await expect(pdialog.getByTestId('prompt-firstDelay-value')).toHaveText('5');
  await expect(pdialog.getByTestId('prompt-temperature-value')).toHaveText('0.1');
  await expect(pdialog.getByTestId('prompt-maxTokens')).toHaveAttribute('max', '2000');
  await expect(pdialog.getByTestId('prompt-sim-unsaved')).toBeVisible();
  await pdialog.getByTestId('prompt-name').fill(promptName);
  await pdialog.getByTestId('prompt-integration').selectOption(String(integrationId));
  await expect(pdialog.getByTestId('prompt-model').locator('option')).toHaveText([
    'gpt-3.5-turbo',
    'gpt-4',
    'gpt-4o',
    'fake-1',
  ]);
  await pdialog.getByTestId('prompt-context').fill('Você é o atendente da Loja Demo. Responda em uma frase.');
  // a short debounce so the journey does not wait 5 s per answer
  await pdialog.getByTestId('prompt-firstDelay').fill('1');
  await expect(pdialog.getByTestId('prompt-firstDelay-value')).toHaveText('1');
  await pdialog.getByTestId('prompt-name').scrollIntoViewIfNeeded();
  await shot(page, 'ai-prompt-form');
  await pdialog.getByTestId('prompt-save').click();
  await expect(toast(page, 'Configuração salva com sucesso')).toBeVisible();
  const prow = page.getByTestId('prompt-row').filter({ hasText: promptName });
  await expect(prow).toContainText('gpt-3.5-turbo');
  const promptId = Number(await prow.getAttribute('data-id'));

  // ---- the simulator inside the dialog: the customer's text, typing, the model's answer; clear
  const sim = pdialog.getByTestId('prompt-simulator');
  await sim.getByTestId('prompt-sim-input').fill('Olá, qual o horário de vocês?');
  await sim.getByTestId('prompt-sim-send').click();
  await expect(sim.getByTestId('prompt-sim-message').filter({ hasText: 'qual o horário' })).toBeVisible();
  // live botSimulator-{id}: typing while the model answers
  await expect(sim.getByTestId('prompt-sim-typing')).toBeVisible();
  await expect(sim.getByTestId('prompt-sim-status')).toHaveText('digitando...');
  await expect(sim.locator('[data-testid="prompt-sim-message"][data-from-me="true"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(sim.getByTestId('prompt-sim-status')).toHaveAttribute('data-status', /idle|waiting/);
  // the fake model repeats the customer's last message (the conversation went to it)
  await expect(sim.locator('[data-testid="prompt-sim-message"][data-from-me="true"]')).toContainText(
    'Você disse: “Olá, qual o horário de vocês?”',
  );
  await shot(page, 'ai-prompt-dialog');
  await sim.getByTestId('prompt-sim-clear').click();
  await expect(sim.getByTestId('prompt-sim-message')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(pdialog).toBeHidden();
  await shot(page, 'ai-prompts-list');
  // the list's "Testar prompt" opens the same simulator
  await prow.getByTestId('prompt-test').click();
  await expect(page.getByTestId('prompt-test-dialog').getByTestId('prompt-simulator')).toContainText(promptName);
  await page.keyboard.press('Escape');

  // /botConfig/{id} opens that prompt's dialog
  await page.goto(`/botConfig/${promptId}`);
  await expect(page.getByTestId('prompt-dialog').getByTestId('prompt-name')).toHaveValue(promptName);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/botConfig$/);

  // ---- a bot setup of type prompt on its own connection (the bot setups screen)
  const conn = await simulatorConnection(request, token, 'IA e2e');
  let setupId = 0;
  let ticketId = 0;
  try {
    await page.goto('/BotSetups');
    await expect(page.getByTestId('bot-setups-page')).toBeVisible();
    await page.getByTestId('bot-setup-add').click();
    const sdialog = page.getByTestId('bot-setup-dialog');
    await sdialog.getByTestId('bot-setup-name').fill(`Bot IA ${stamp}`);
    await sdialog.locator(`[data-testid="bot-setup-whatsapp"][data-name="${conn.name}"]`).check();
    await sdialog.getByTestId('bot-setup-type').selectOption('prompt');
    // the prompt is searched by name as the user types (GET /botConfigs?searchParam=…) and picked from the options
    await sdialog.getByTestId('bot-setup-prompt').fill(promptName);
    await sdialog.getByTestId('bot-setup-prompt-options').getByRole('option', { name: promptName }).click();
    await expect(sdialog.getByTestId('bot-setup-prompt-selected')).toContainText(promptName);
    await sdialog.getByTestId('bot-setup-save').click();
    await expect(toast(page, 'Configuração do bot salva')).toBeVisible();
    setupId = Number(
      await page
        .getByTestId('bot-setup-row')
        .filter({ hasText: `Bot IA ${stamp}` })
        .getAttribute('data-id'),
    );
    // editing the setup shows the chosen prompt's name (GET /botConfigs/{id})
    await page
      .getByTestId('bot-setup-row')
      .filter({ hasText: `Bot IA ${stamp}` })
      .getByTestId('bot-setup-edit')
      .click();
    await expect(sdialog.getByTestId('bot-setup-prompt-selected')).toContainText(promptName);
    await sdialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(sdialog).toBeHidden();

    // ---- a customer writes from the phone mock-up: the model answers in the ticket
    await page.goto(`/simulator/${conn.id}`);
    const number = `55118${String(Date.now()).slice(-8)}`;
    await page.getByTestId('simulator-number').fill(number);
    await page.getByTestId('simulator-name').fill('Cliente da IA');
    await page.getByTestId('simulator-open').click();
    await page.getByTestId('phone-input').fill('Oi, vocês entregam no sábado?');
    await page.getByTestId('phone-send').click();
    const phoneAnswer = page.locator('[data-testid="sim-message"][data-direction="out"]');
    await expect(phoneAnswer).toHaveCount(1, { timeout: 20_000 });
    await expect(phoneAnswer).toContainText('Você disse: “Oi, vocês entregam no sábado?”');
    await shot(page, 'ai-phone');

    // the ticket holds the customer's message and the model's answer
    await expect
      .poll(async () => {
        const res = await request.get(`${API_URL}/tickets?showAll=true&status=pending&searchParam=${number}`, {
          headers: authHeaders(token),
        });
        const t = ((await res.json()) as { tickets: { id: number }[] }).tickets[0];
        ticketId = t?.id ?? 0;
        return ticketId;
      })
      .toBeGreaterThan(0);
    await page.goto(`/tickets/${ticketId}`);
    await expect(page.getByTestId('message-list')).toContainText('vocês entregam no sábado?');
    await expect(page.getByTestId('message-list')).toContainText('Você disse: “Oi, vocês entregam no sábado?”');
    await shot(page, 'ai-ticket');
  } finally {
    // the journey's traces leave the shared demo data: its ticket, setup and connection
    if (ticketId) await request.delete(`${API_URL}/tickets/${ticketId}`, { headers: authHeaders(token) });
    if (setupId) await request.delete(`${API_URL}/botSetup/${setupId}`, { headers: authHeaders(token) });
    await request.delete(`${API_URL}/whatsapp/${conn.id}`, { headers: authHeaders(token) });
  }

  // ---- delete: the confirmation names the prompt; the row goes (soft delete) and stays gone after the refresh
  await page.goto('/botConfig');
  const row = page.getByTestId('prompt-row').filter({ hasText: promptName });
  await row.getByTestId('prompt-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Excluir o prompt ${promptName}?`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(toast(page, 'Prompt excluído com sucesso')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.waitForTimeout(1_700);
  await expect(row).toHaveCount(0);
});

test('ai demo: the connection Demo IA answers through the demo prompt on the embedded fake model (no key)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORT);
  const { token } = await apiLogin(request, ADMIN);
  const res = await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) });
  const conn = ((await res.json()) as { id: number; name: string }[]).find((w) => w.name === 'Demo IA');
  expect(conn, 'the demo company has the connection Demo IA').toBeTruthy();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/BotSetups');
  await expect(page.getByTestId('bot-setup-row').filter({ hasText: 'Atendente IA Demo' })).toContainText('Demo IA');
  let ticketId = 0;
  const number = `55117${String(Date.now()).slice(-8)}`;
  try {
    await page.goto(`/simulator/${conn?.id}`);
    await page.getByTestId('simulator-number').fill(number);
    await page.getByTestId('simulator-name').fill('Cliente da demo IA');
    await page.getByTestId('simulator-open').click();
    await page.getByTestId('phone-input').fill('Vocês abrem no domingo?');
    await page.getByTestId('phone-send').click();
    const phoneAnswer = page.locator('[data-testid="sim-message"][data-direction="out"]');
    await expect(phoneAnswer).toHaveCount(1, { timeout: 25_000 });
    await expect(phoneAnswer).toContainText('Você disse: “Vocês abrem no domingo?”');
    await shot(page, 'ai-demo-phone');
    // the prompts screen shows the company's tokens of the month (GET /aiUsage), now more than none
    await page.goto('/botConfig');
    const usage = page.getByTestId('ai-usage');
    await expect(usage).toContainText('Tokens usados neste mês');
    expect(Number(await usage.getAttribute('data-tokens'))).toBeGreaterThan(0);
  } finally {
    await expect
      .poll(async () => {
        const r = await request.get(`${API_URL}/tickets?showAll=true&searchParam=${number}`, {
          headers: authHeaders(token),
        });
        ticketId = ((await r.json()) as { tickets: { id: number }[] }).tickets[0]?.id ?? 0;
        return ticketId;
      })
      .toBeGreaterThan(0);
    await request.delete(`${API_URL}/tickets/${ticketId}`, { headers: authHeaders(token) });
  }
});
