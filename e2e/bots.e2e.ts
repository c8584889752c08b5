import { expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, shot, simulatorConnection, toast } from './support';

/**
 * Issue 16 acceptance 4, bots part: a bot setup on its own simulator connection, a 2-level menu with a sector option
 * built in the full-screen command dialog, the hierarchy view, then a customer chats with it from the phone mock-up
 * until the ticket lands pending in the sector's queue.
 */

const VIEWPORT = { width: 1366, height: 800 };

async function addCommand(
  page: Page,
  c: { code: string; type: string; description: string; message: string; queue?: string; user?: boolean },
) {
  await page.getByTestId('bot-command-add').click();
  const dialog = page.getByTestId('bot-command-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('bot-command-code').fill(c.code);
  await dialog.getByTestId('bot-command-type').selectOption(c.type);
  await dialog.getByTestId('bot-command-description').fill(c.description);
  await dialog.getByTestId('bot-command-message').fill(c.message);
  if (c.queue) await dialog.getByTestId('bot-command-queue').selectOption({ label: c.queue });
  if (c.user) await dialog.getByTestId('bot-command-user').selectOption({ index: 1 });
  await dialog.getByTestId('bot-command-save').click();
  await expect(toast(page, 'Comando salvo')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="bot-command-row"][data-path="${c.code}"]`)).toBeVisible();
}

test('bots: a 2-level menu with a sector, its hierarchy, and a customer on the phone lands in the queue', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORT);
  const { token } = await apiLogin(request, ADMIN);
  const conn = await simulatorConnection(request, token, 'Bot e2e');
  const name = `Bot Vendas ${Date.now().toString().slice(-5)}`;
  let setupId: number | null = null;
  const ticketId: number | null = null;
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/BotSetups');
    await expect(page.getByTestId('bot-setups-page')).toBeVisible();
    // the demo's bot on its own connection
    await expect(page.getByTestId('bot-setup-row').filter({ hasText: 'Atendimento Demo' })).toContainText('Demo Bot');

    // a new setup on the journey's connection, typing 1 s
    await page.getByTestId('bot-setup-add').click();
    const dialog = page.getByTestId('bot-setup-dialog');
    await dialog.getByTestId('bot-setup-name').fill(name);
    await dialog.locator(`[data-testid="bot-setup-whatsapp"][data-name="${conn.name}"]`).check();
    await dialog.getByTestId('bot-setup-typing').selectOption('1');
    // the time and the message show only for an action other than none; the queue only for a transfer
    await expect(dialog.getByTestId('bot-setup-time')).toHaveCount(0);
    await dialog.getByTestId('bot-setup-action').selectOption('transferQueueDefault');
    await expect(dialog.getByTestId('bot-setup-transfer-queue')).toBeVisible();
    await dialog.getByTestId('bot-setup-action').selectOption('none');
    await expect(dialog.getByTestId('bot-setup-time')).toHaveCount(0);
    await shot(page, 'bots-setup-dialog');
    await dialog.getByTestId('bot-setup-save').click();
    await expect(toast(page, 'Configuração do bot salva')).toBeVisible();
    const row = page.getByTestId('bot-setup-row').filter({ hasText: name });
    await expect(row).toContainText(conn.name);
    await expect(row).toContainText('1s');
    setupId = Number(await row.getAttribute('data-id'));
    await shot(page, 'bots-setups-list');

    // its commands: 1 Vendas (menu) → 1.1 Falar com vendas (sector Vendas), 1.2 Preços; 2 Atendente
    await row.getByTestId('bot-setup-manage').click();
    await expect(page).toHaveURL(new RegExp(`/Bots/${setupId}/`));
    await expect(page.getByTestId('bot-commands-page')).toContainText(name);
    await addCommand(page, { code: '1', type: '2', description: 'Vendas', message: 'Setor de vendas' });
    // a gap is refused with the book-index text
    await page.getByTestId('bot-command-add').click();
    const cmd = page.getByTestId('bot-command-dialog');
    await cmd.getByTestId('bot-command-code').fill('1.2');
    await cmd.getByTestId('bot-command-save').click();
    await expect(cmd).toContainText('crie o comando 1.1 antes de 1.2');
    await shot(page, 'bots-command-dialog');
    await cmd.getByRole('button', { name: 'Cancelar' }).click();
    await addCommand(page, {
      code: '1.1',
      type: '3',
      description: 'Falar com vendas',
      message: 'Um vendedor já vai te atender',
      queue: 'Vendas',
    });
    await addCommand(page, { code: '1.2', type: '1', description: 'Preços', message: 'Planos a partir de R$ 10' });
    await addCommand(page, { code: '2', type: '4', description: 'Atendente', message: 'Chamando', user: true });
    await expect(page.getByTestId('bot-command-row')).toHaveCount(4);
    await shot(page, 'bots-commands-list');

    // the hierarchy: root chatbot 'Início', code + type + description, the attendant's user
    await page.getByTestId('bot-commands-hierarchy').click();
    const tree = page.getByTestId('bot-hierarchy-dialog');
    await expect(tree.getByTestId('bot-hierarchy-root')).toContainText('chatbot');
    await expect(tree.getByTestId('bot-hierarchy-root')).toContainText('Início');
    await expect(tree.locator('[data-testid="bot-hierarchy-node"][data-path="1"]')).toContainText('1 - Menu');
    await expect(tree.locator('[data-testid="bot-hierarchy-node"][data-path="1.1"]')).toContainText('1.1 - Setor');
    await expect(tree.locator('[data-testid="bot-hierarchy-node"][data-path="1.1"]')).toContainText('Falar com vendas');
    await expect(
      tree.locator('[data-testid="bot-hierarchy-node"][data-path="2"]').getByTestId('bot-hierarchy-user'),
    ).not.toBeEmpty();
    await shot(page, 'bots-hierarchy');
    await page.keyboard.press('Escape');

    // a customer writes from the phone mock-up of the connection
    await page.goto(`/simulator/${conn.id}`);
    const number = `55117${String(Date.now()).slice(-8)}`;
    await page.getByTestId('simulator-number').fill(number);
    await page.getByTestId('simulator-name').fill('Cliente do Bot');
    await page.getByTestId('simulator-open').click();
    const say = async (text: string) => {
      await page.getByTestId('phone-input').fill(text);
      await page.getByTestId('phone-send').click();
    };
    const messages = page.getByTestId('sim-message');
    await say('Oi');
    await expect(messages.filter({ hasText: '*1* - Vendas' })).toBeVisible({ timeout: 15_000 });
    await say('1');
    await expect(messages.filter({ hasText: '*1* - Falar com vendas' })).toBeVisible({ timeout: 15_000 });
    await say('1');
    await expect(messages.filter({ hasText: 'Um vendedor já vai te atender' })).toBeVisible({ timeout: 15_000 });
    await shot(page, 'bots-phone');

    // the ticket lands pending in the sector's queue, without an attendant
    const queues = (await (await request.get(`${API_URL}/queue`, { headers: authHeaders(token) })).json()) as {
      id: number;
      name: string;
    }[];
    const sales = queues.find((q) => q.name === 'Vendas');
    await expect
      .poll(async () => {
        const res = await request.get(`${API_URL}/tickets?status=pending&showAll=true&searchParam=${number}`, {
          headers: authHeaders(token),
        });
        const body = (await res.json()) as {
          tickets: { queueId: number | null; userId: number | null; contact: { number: string } }[];
        };
        const t = body.tickets.find((x) => x.contact.number === number);
        return t ? [t.queueId, t.userId] : null;
      })
      .toEqual([sales?.id, null]);
  } finally {
    // the journey's traces leave the shared demo data: its ticket, setup and connection
    if (ticketId) await request.delete(`${API_URL}/tickets/${ticketId}`, { headers: authHeaders(token) });
    if (setupId) await request.delete(`${API_URL}/botSetup/${setupId}`, { headers: authHeaders(token) });
    await request.delete(`${API_URL}/whatsapp/${conn.id}`, { headers: authHeaders(token) });
  }
});
