import { expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, API_URL, apiLogin, authHeaders, login, shot, simulatorConnection, toast } from './support';

/**
 * Issue 15, campaign setups (spec 2 §2 /CampaignSetups, §5, §9): the demo's setup is listed; a setup made on two
 * non-default connections, with the §9 defaults, the default reply buttons (a fourth refused), the ban-risk hint
 * under a low minimum time and the safety limits; edited; deleted — a second tab follows every change live.
 */

const VIEWPORT = { width: 1366, height: 800 };

const row = (page: Page, name: string) => page.getByTestId('campaign-setup-row').filter({ hasText: name });

test('campaign setups: create on two connections, see the hint, edit, delete; a second tab follows live', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORT);
  const { token } = await apiLogin(request, ADMIN);
  const extra = await simulatorConnection(request, token, 'Campanha e2e');
  const name = `Black Friday ${Date.now().toString().slice(-5)}`;
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/CampaignSetups');
    await expect(page.getByTestId('campaign-setups-page')).toBeVisible();
    // the demo's setup (npm start) on its non-default connection
    await expect(row(page, 'Campanhas Demo')).toContainText('Demo API');
    await expect(row(page, 'Campanhas Demo').getByTestId('campaign-setup-times')).toHaveText('10s | 2s | 30s');

    const other = await context.newPage();
    await other.setViewportSize(VIEWPORT);
    await other.goto('/CampaignSetups');
    await expect(other.getByTestId('campaign-setups-page')).toBeVisible();

    // create
    await page.getByTestId('campaign-setup-add').click();
    const dialog = page.getByTestId('campaign-setup-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('campaign-setup-name').fill(name);
    await shot(page, 'campaign-setups-dialog-top');
    // §9 defaults
    await expect(dialog.getByTestId('campaign-setup-tmax')).toHaveValue('10');
    await expect(dialog.getByTestId('campaign-setup-tmin')).toHaveValue('2');
    await expect(dialog.getByTestId('campaign-setup-interval')).toHaveValue('30');
    await expect(dialog.getByTestId('campaign-setup-status')).toHaveValue('closed');
    await expect(dialog.getByTestId('campaign-setup-autostart')).toBeChecked();
    // the default minimum (2 s) is low: the ban-risk hint shows
    await expect(dialog.getByTestId('campaign-setup-ban-hint')).toContainText('risco de banimento');
    // the default buttons: 'Você tem interesse?' with Sim, Não, Talvez; a fourth is refused with the spec's text
    await expect(dialog.getByTestId('campaign-setup-button-title')).toHaveValue('Você tem interesse?');
    await expect(dialog.getByTestId('campaign-setup-button')).toHaveCount(3);
    await expect(dialog.getByTestId('campaign-setup-button').nth(2)).toHaveValue('Talvez');
    await dialog.getByTestId('campaign-setup-button-add').click();
    await expect(toast(page, 'O Whatsapp permite adicionar somente 3 botões por mensagens.')).toBeVisible();
    await expect(dialog.getByTestId('campaign-setup-button')).toHaveCount(3);
    // the safety limits are shown, and an administrator may change them
    const safety = dialog.getByTestId('campaign-setup-safety');
    await expect(safety).toHaveAttribute('data-editable', 'true');
    await expect(safety.getByTestId('campaign-setup-tier')).toHaveCount(5);
    await expect(safety.getByTestId('campaign-setup-jitter')).toBeEnabled();
    // no connection: the spec's text; the default connection is not offered
    await dialog.getByTestId('campaign-setup-save').click();
    await expect(dialog.getByTestId('campaign-setup-whatsapps-error')).toHaveText(
      'É necessário adicionar uma conexão para realizar campanhas',
    );
    const choices = dialog.getByTestId('campaign-setup-whatsapp');
    await expect(dialog.locator('[data-testid="campaign-setup-whatsapp"][data-name="Principal"]')).toHaveCount(0);
    await dialog.locator('[data-testid="campaign-setup-whatsapp"][data-name="Demo API"]').check();
    await dialog.locator(`[data-testid="campaign-setup-whatsapp"][data-name="${extra.name}"]`).check();
    await expect(choices.and(page.locator(':checked'))).toHaveCount(2);
    await safety.getByTestId('campaign-setup-breaker').fill('3');
    await shot(page, 'campaign-setups-dialog');
    await dialog.getByTestId('campaign-setup-save').click();
    await expect(toast(page, 'Configuração de campanha salva')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const p of [page, other]) {
      await expect(row(p, name)).toContainText('Demo API');
      await expect(row(p, name)).toContainText(extra.name);
      await expect(row(p, name).getByTestId('campaign-setup-times')).toHaveText('10s | 2s | 30s');
      await expect(row(p, name).getByTestId('campaign-setup-start')).toHaveText('Automático');
    }
    await shot(page, 'campaign-setups-list');

    // edit: a safe minimum hides the hint; the times and the start mode change (live in the other tab)
    await row(page, name).getByTestId('campaign-setup-edit').click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('campaign-setup-breaker')).toHaveValue('3');
    await dialog.getByTestId('campaign-setup-tmin').selectOption('5');
    await expect(dialog.getByTestId('campaign-setup-ban-hint')).toBeHidden();
    await dialog.getByTestId('campaign-setup-tmin').selectOption('1');
    await expect(dialog.getByTestId('campaign-setup-ban-hint')).toBeVisible();
    await dialog.getByTestId('campaign-setup-tmin').selectOption('5');
    await dialog.getByTestId('campaign-setup-tmax').selectOption('20');
    await dialog.getByTestId('campaign-setup-interval').selectOption('60');
    await dialog.getByTestId('campaign-setup-autostart').uncheck();
    await dialog.getByTestId('campaign-setup-button-remove').last().click();
    await expect(dialog.getByTestId('campaign-setup-button')).toHaveCount(2);
    await dialog.getByTestId('campaign-setup-save').click();
    await expect(toast(page, 'Configuração de campanha salva')).toBeVisible();
    for (const p of [page, other]) {
      await expect(row(p, name).getByTestId('campaign-setup-times')).toHaveText('20s | 5s | 60s');
      await expect(row(p, name).getByTestId('campaign-setup-start')).toHaveText('Pausado');
    }
    const id = Number(await row(page, name).getAttribute('data-id'));
    const stored = await (await request.get(`${API_URL}/campaignSetup/${id}`, { headers: authHeaders(token) })).json();
    expect(stored).toMatchObject({ tMax: 20, tMin: 5, interval: 60, autoStart: false, breakerThreshold: 3 });
    expect(JSON.parse(stored.jsonButtonOrList).buttons).toHaveLength(2);

    // search
    await page.getByTestId('campaign-setups-search').fill(name);
    await expect(page.getByTestId('campaign-setup-row')).toHaveCount(1);
    await page.getByTestId('campaign-setups-search').fill('');
    await expect(row(page, 'Campanhas Demo')).toBeVisible();

    // copy: a new setup with the same values
    await row(page, name).getByTestId('campaign-setup-copy').click();
    await expect(dialog.getByTestId('campaign-setup-name')).toHaveValue(`${name} (cópia)`);
    await expect(dialog.getByTestId('campaign-setup-tmin')).toHaveValue('5');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    // delete: refused while a campaign uses it (a campaign scheduled for tomorrow: it sends nothing), then done
    const campaign = await request.post(`${API_URL}/Campaign`, {
      headers: authHeaders(token),
      data: {
        name: `Usa ${name}`,
        campaignSetupId: id,
        schedule: new Date(Date.now() + 86_400_000).toISOString(),
        messages: [{ greeting: 'Olá!', body: 'Temos ofertas para você' }],
        sendList: [{ number: '5511900000001' }],
      },
    });
    expect(campaign.ok()).toBe(true);
    const campaignId = ((await campaign.json()) as { id: number }).id;
    await row(page, name).getByTestId('campaign-setup-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'usada por campanhas não finalizadas')).toBeVisible();
    await page.keyboard.press('Escape');
    const removed = await request.delete(`${API_URL}/campaign/${campaignId}`, { headers: authHeaders(token) });
    expect(removed.ok()).toBe(true);
    await row(page, name).getByTestId('campaign-setup-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(name);
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Configuração de campanha excluída')).toBeVisible();
    for (const p of [page, other]) await expect(row(p, name)).toHaveCount(0);
    await expect(row(page, 'Campanhas Demo')).toBeVisible();
  } finally {
    await request.delete(`${API_URL}/whatsapp/${extra.id}`, { headers: authHeaders(token) });
  }
});

test('an attendant is refused the setups page', async ({ page }) => {
  await login(page, AGENT.email, AGENT.password);
  await page.goto('/CampaignSetups');
  await expect(page.getByTestId('no-permission')).toBeVisible();
});
