import { expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin, authHeaders, inbound, login, principalId, shot, toast } from './support';

/**
 * System control (spec 3 §2 /systemcontrol, /messageLogs; §4; §8; §9) as the demo admin, who is master.
 * Delete-all empties only the raw logs (no other journey reads them). Every request leaving localhost is aborted.
 */
const run = `${Date.now() % 1_000_000}`.padStart(6, '0');

async function offline(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.abort('internetdisconnected'),
  );
}

test.describe('system control (master)', () => {
  test.beforeEach(async ({ page }) => {
    await offline(page);
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  test('/systemcontrol: processes, gauges updating every 2.5 s, update and database check', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/systemControl');
    await expect(page.getByTestId('system-control-page')).toBeVisible();
    // this run is one embedded process on one host
    const proc = page.getByTestId('process-row').first();
    await expect(proc).toBeVisible();
    await expect(proc.getByTestId('process-name')).not.toBeEmpty();
    const cpu = proc.getByTestId('process-cpu').getByRole('progressbar');
    const cpuNow = Number(await cpu.getAttribute('aria-valuenow'));
    expect(cpuNow).toBeGreaterThanOrEqual(0);
    expect(cpuNow).toBeLessThanOrEqual(100);
    await expect(proc.getByTestId('process-memory').getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      /^\d+$/,
    );
    const host = page.getByTestId('host-card').first();
    await expect(host.getByTestId('core-bar').first()).toBeVisible();
    // the next read (2.5 s later) brings newer numbers
    const poll = page.getByTestId('system-poll');
    const reads = Number(await poll.getAttribute('data-reads'));
    const reported = await host.getAttribute('data-reported-at');
    await expect(poll).not.toHaveAttribute('data-reads', String(reads));
    await expect(host).not.toHaveAttribute('data-reported-at', reported ?? '');
    await shot(page, 'system-control');

    // restart asks first and says to reload the page (not confirmed: it would stop this run's server)
    await proc.getByTestId('process-restart').click();
    await expect(page.getByTestId('system-restart-dialog')).toContainText('Recarregue a página');
    await page.getByTestId('system-restart-dialog').getByRole('button', { name: 'Cancelar' }).click();

    // update: the running version and the procedure, and the warning to reload the page
    await page.getByTestId('system-update').click();
    await expect(page.getByTestId('system-update-dialog').getByTestId('update-running')).not.toBeEmpty();
    // the warning sits inline above the tables: it covers none of the screen's buttons
    const warning = page.getByTestId('system-reload-warning');
    await expect(warning).toContainText('Após atualizar o sistema, recarregue a página.');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('system-update-dialog')).toBeHidden();

    // the database check's report
    await page.getByTestId('system-adjust-db').click();
    await expect(page.getByTestId('adjust-tables').locator('tbody tr').first()).toBeVisible();
    await shot(page, 'system-control-adjust-db');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('system-adjust-db-dialog')).toBeHidden();

    // the update warning stays 60 s (or until closed)
    await expect(warning).toBeVisible();
    await page.getByTestId('system-reload-warning-close').click();
    await expect(warning).toBeHidden();
    await page.getByTestId('system-message-logs').click();
    await expect(page).toHaveURL(/\/messageLogs$/);
  });

  test('message logs: search, error filter, raw JSON, reprocess, delete all', async ({ page, request }) => {
    const { token } = await apiLogin(request);
    const wid = await principalId(request, token);
    const body = `Log bruto ${run}`;
    await inbound(request, token, wid, { from: `5511977${run}`, name: `Log ${run}`, body });
    // an edit of a message nobody has: handled with a note ("message not found"), a warning (negative ticketId, yellow)
    const ghost = `ghost-${run}`;
    const edit = await request.post(`${API_URL}/simulator/${wid}/event`, {
      headers: authHeaders(token),
      data: { type: 'edit', id: ghost, body: 'editada' },
    });
    expect(edit.status(), await edit.text()).toBe(200);

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/messageLogs');
    await expect(page.getByTestId('message-logs-page')).toBeVisible();
    const rows = page.getByTestId('log-row');

    // search (debounced) finds the message's log, with its ticket
    await page.getByTestId('logs-search').fill(body);
    const mine = rows.filter({ hasText: body });
    await expect(mine).toHaveCount(1);
    await expect(rows).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-tone', 'normal');
    await expect(mine.getByTestId('log-ticket')).toHaveText(/^\d+$/);
    // the raw JSON in a dialog
    await mine.getByTestId('log-view').click();
    const dialog = page.getByTestId('log-dialog');
    await expect(dialog.getByTestId('log-json')).toContainText(body);
    await shot(page, 'message-logs-dialog');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    // reprocessing a log that produced its message changes nothing (idempotent), and says so
    await mine.getByTestId('log-reprocess').click();
    await expect(toast(page, 'nada foi alterado')).toBeVisible();
    // live messagesBruteLog: a new event matching the search shows up without a reload
    await inbound(request, token, wid, { from: `5511977${run}`, name: `Log ${run}`, body: `${body} bis` });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `${body} bis` })).toHaveAttribute('data-outcome', 'ok');
    // with the error option, the processed message is gone
    await page.getByTestId('logs-with-error').check();
    await expect(rows).toHaveCount(0);

    // the ghost edit is listed by the error option; once its retries are spent it is a warning (yellow)
    await page.getByTestId('logs-search').fill(ghost);
    const ghostRow = rows.first();
    await expect(rows).toHaveCount(1);
    await expect(ghostRow).toHaveAttribute('data-outcome', 'warning', { timeout: 20_000 });
    await expect(ghostRow).toHaveAttribute('data-tone', 'warning');
    // reprocess: runs again, the same note
    await ghostRow.getByTestId('log-reprocess').click();
    await expect(toast(page, 'Mensagem reprocessada.')).toBeVisible();
    await expect(ghostRow).toHaveAttribute('data-outcome', 'warning');
    await expect(ghostRow.getByTestId('log-ticket')).toHaveText('-1');

    // hundreds of rows fit: the whole list, unfiltered
    await page.getByTestId('logs-with-error').uncheck();
    await page.getByTestId('logs-search').fill('');
    await expect(rows.first()).toBeVisible();
    await shot(page, 'message-logs');

    // delete all: asks first (irreversible), then the list is empty
    await page.getByTestId('logs-delete-all').click();
    const confirm = page.getByTestId('logs-delete-all-dialog');
    await expect(confirm).toContainText('irreversível');
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, /logs excluídos/)).toBeVisible();
    await expect(rows).toHaveCount(0);
    const after = await request.get(`${API_URL}/messageLogs?searchParam=${encodeURIComponent(body)}`, {
      headers: authHeaders(token),
    });
    expect(((await after.json()) as { messagesBruteLogs: unknown[] }).messagesBruteLogs).toHaveLength(0);
  });
});
