import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, login, shot } from './support';

/**
 * Issue 15 follow-up: the setup's reply buttons reach the contact. A campaign with the default buttons ('Você tem
 * interesse?' with Sim, Não, Talvez) on the simulator connection 'Demo API': the phone mock-up shows the buttons under
 * the campaign message and tapping one sends the answer. The engine's pacing is scaled down for e2e.
 */

async function demoApiId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${API_URL}/whatsapp`, { headers: authHeaders(token) });
  const w = ((await res.json()) as { id: number; name: string }[]).find((x) => x.name === 'Demo API');
  expect(w, 'the demo company has the non-default connection Demo API').toBeTruthy();
  return (w as { id: number }).id;
}

test('campaign buttons: shown under the message in the simulator, a tap answers', async ({ page, request }) => {
  const { token } = await apiLogin(request);
  const whatsappId = await demoApiId(request, token);
  const run = Date.now().toString(36).slice(-5);
  const setup = await request.post(`${API_URL}/CampaignSetup`, {
    headers: authHeaders(token),
    data: {
      name: `Botões ${run}`,
      whatsapps: [whatsappId],
      tMax: 10,
      tMin: 1,
      interval: 5,
      autoStart: true,
      ticketSetStatus: 'closed',
      sendWindowStart: '00:00',
      sendWindowEnd: '00:00',
      breakerThreshold: 0,
      warmup: [{ fromDay: 0, perDay: 100000 }],
      jsonButtonOrList: {
        text: 'Você tem interesse?',
        buttons: ['Sim', 'Não', 'Talvez'].map((displayText, i) => ({
          buttonId: String(i + 1),
          buttonText: { displayText },
          type: 1,
        })),
      },
    },
  });
  expect(setup.status(), await setup.text()).toBe(200);
  const number = `55118${String(Date.now()).slice(-8)}`;
  const created = await request.post(`${API_URL}/Campaign`, {
    headers: authHeaders(token),
    data: {
      name: `Campanha botões ${run}`,
      campaignSetupId: (await setup.json()).id,
      messages: [{ greeting: 'Olá!', body: 'Temos uma oferta para você' }],
      sendList: [{ number, name: 'Cliente Botões' }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).id as number;
  const state = async () => {
    const c = await (await request.get(`${API_URL}/Campaign/${id}`, { headers: authHeaders(token) })).json();
    const d = await (await request.get(`${API_URL}/CampaignDispatch/${id}`, { headers: authHeaders(token) })).json();
    return `${c.status ?? c.campaign?.status}/${c.pauseReason ?? c.campaign?.pauseReason ?? ''}/${d.campaignDispatches?.map((r: { status: string }) => r.status).join(',')}`;
  };
  await expect.poll(state, { timeout: 30_000 }).toMatch(/^finalized\/.*\/sent$/);

  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/simulator/${whatsappId}`);
  await page.getByTestId('simulator-number').fill(number);
  await page.getByTestId('simulator-open').click();
  const offer = page.getByTestId('sim-message').filter({ hasText: 'Temos uma oferta para você' });
  await expect(offer).toContainText('Você tem interesse?');
  await expect(offer.getByTestId('sim-button')).toHaveText(['Sim', 'Não', 'Talvez']);
  // the greeting carries none
  await expect(page.getByTestId('sim-message').filter({ hasText: 'Olá!' }).getByTestId('sim-button')).toHaveCount(0);
  await shot(page, 'campaign-buttons-phone');
  await offer.getByTestId('sim-button').filter({ hasText: 'Sim' }).click();
  await expect(page.locator('[data-testid="sim-message"][data-direction="in"]', { hasText: 'Sim' })).toBeVisible();
  await shot(page, 'campaign-buttons-tapped');

  // the manager: finalized, nothing in flight (no "Pausando…/Concluindo…")
  await page.goto(`/CampaignsManager/${id}`);
  await expect(page.getByTestId('manager-status')).toHaveAttribute('data-status', 'finalized');
  await expect(page.getByTestId('manager-stopping')).toHaveCount(0);
});
