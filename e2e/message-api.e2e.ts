import { expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, API_URL, login, shot, WEB_URL } from './support';

/**
 * Issue 13 acceptance 4: the message API from the browser — the docs viewer bundled and offline (no CDN, no CSP
 * violation), a token made on /apisendmessage, copied, used in the viewer's try-it, the message seen live in the chat.
 */

const VIEWPORT = { width: 1366, height: 800 };

/** Every request the page makes must go to this deployment (the web origin or the API): no CDN, no font host. */
function watchOrigins(page: Page): { foreign: string[]; violations: string[] } {
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!url.startsWith(WEB_URL) && !url.startsWith(API_URL)) foreign.push(url);
  });
  page.exposeFunction('reportCsp', (v: string) => violations.push(v));
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCsp: (v: string) => void }).reportCsp(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return { foreign, violations };
}

test.describe('message API documentation', () => {
  test('the docs pages load the bundled viewer with no foreign request and no CSP violation', async ({ page }) => {
    await page.setViewportSize(VIEWPORT);
    const watch = watchOrigins(page);
    await login(page, ADMIN.email, ADMIN.password);

    await page.goto('/api');
    await expect(page.getByTestId('api-menu-tokens')).toBeVisible();
    await expect(page.getByTestId('api-docs-viewer').locator('.swagger-ui .info .title')).toContainText(
      'API de mensagens',
    );
    await page.waitForLoadState('networkidle');
    await shot(page, 'message-api-docs-api');

    for (const path of ['/ApiDocumentation', '/api_old']) {
      await page.goto(path);
      await expect(page.getByTestId('api-documentation-page')).toBeVisible();
      await expect(page.getByTestId('api-docs-viewer').locator('.swagger-ui .info .title')).toContainText(
        'API de mensagens',
      );
    }
    for (const path of ['/internalDocs', '/InternalDocs']) {
      await page.goto(path);
      await expect(page.getByTestId('internal-docs-page')).toBeVisible();
      await expect(page.getByTestId('api-docs-viewer').locator('.opblock-tag-section').first()).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    await shot(page, 'message-api-docs-internal');
    expect(watch.foreign).toEqual([]);
    expect(watch.violations).toEqual([]);
  });

  test('an attendant is refused the API pages', async ({ page }) => {
    await login(page, AGENT.email, AGENT.password);
    for (const path of ['/api', '/ApiDocumentation', '/internalDocs']) {
      await page.goto(path);
      await expect(page.getByTestId('no-permission')).toBeVisible();
    }
  });
});
