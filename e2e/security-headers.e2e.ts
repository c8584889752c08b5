import { expect, test } from '@playwright/test';
import { ADMIN, AGENT, login, shot } from './support';

/**
 * Issue 12 point 18: the built app runs under its CSP without a single violation (no eval, no inline script but the
 * hashed theme bootstrap, data only from the API origin), and the web origin refuses to be framed.
 */
test.describe('content security policy', () => {
  for (const who of [ADMIN, AGENT]) {
    test(`${who.email}: every main screen loads without a CSP violation`, async ({ page }) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCsp', (v: string) => violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (window as unknown as { reportCsp: (v: string) => void }).reportCsp(
            `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
          );
        });
      });
      const res = await page.goto('/login');
      const csp = res?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res?.headers()['x-content-type-options']).toBe('nosniff');
      await login(page, who.email, who.password);
      for (const path of ['/tickets', '/contacts', '/connections', '/quickAnswers', '/users', '/Settings', '/tags']) {
        await page.goto(path);
        await expect(page.getByTestId('top-bar')).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      await shot(page, `csp-${who === ADMIN ? 'admin' : 'agent'}`);
      expect(violations).toEqual([]);
    });
  }
});
