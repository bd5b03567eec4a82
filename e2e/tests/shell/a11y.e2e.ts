import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { APP_ROUTES, canAccessRoute, type RoleName } from '@arrendia/permissions';
import { signIn } from '../../fixtures/api';
import { DEMO_ROLES, type DemoAccount } from '../../fixtures/accounts';
import { ShellPage } from '../../pom/ShellPage';
import { trackRequests } from '../../support/network';

/** The rules whose outcome depends on the colours: all a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical violations only (the acceptance bar), with what failed and where, over the
 * whole page: the shell and what the portal draws. label-content-name-mismatch is one of axe's
 * experimental rules; it is turned on because WCAG 2.5.3 is a real failure for voice users. In the
 * dark theme only the colour rules run: the same pages' structure, names and labels are checked in
 * the light theme, and a theme changes colours only (half of axe's time per page).
 */
async function seriousViolations(page: Page, mode: 'light' | 'dark') {
  const axe = new AxeBuilder({ page });
  if (mode === 'dark') axe.withRules(COLOUR_RULES);
  else axe.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The routes checked for an account, in both themes: every screen once. All of the super admin's
 * routes (the staff screens are the same feature components in every staff portal, only the
 * actions a role may take differ), each role's own dashboard (its own composition), and the
 * tenant's screens, which are its own. (Until issue 34 the light theme checked every route of all
 * six accounts: 67 page checks instead of 28, for screens these already cover, in a run that had
 * grown past its 20-minute budget.)
 */
const everyRoute = (account: DemoAccount) => account === 'admin' || account === 'tenant';

function routesToCheck(account: DemoAccount, role: RoleName): string[] {
  const routes = APP_ROUTES.filter((r) => canAccessRoute(role, r));
  return everyRoute(account) ? routes : routes.filter((r) => r === '/dashboard');
}

test.describe('accessibility of every page (axe)', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const [account, role] of DEMO_ROLES) {
      test(`${account}: ${everyRoute(account) ? 'every route it may open has' : 'its dashboard has'} no serious or critical violation in the ${mode} theme`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme: mode });
        await signIn(page.request, account);
        const shell = new ShellPage(page);
        const requests = trackRequests(page);
        const found: Record<string, unknown> = {};
        await page.goto('/dashboard');
        for (const route of routesToCheck(account, role)) {
          // From the menu, as a user goes from screen to screen (a page load each time would
          // check the same pages at several times the cost).
          await shell.open(route, role);
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
          // Let the data and live counts arrive (skeletons gone) so the real page is checked.
          await requests.settled();
          await expect(shell.main.locator('[data-skeleton]')).toHaveCount(0);
          const violations = await seriousViolations(page, mode);
          if (violations.length) found[route] = violations;
        }
        expect(found).toEqual({});
      });
    }

    test(`the open bell and user menu have no serious or critical violation in the ${mode} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode });
      await signIn(page.request, 'owner');
      await page.goto('/dashboard');
      const shell = new ShellPage(page);
      await expect(shell.pageHeading).toBeVisible();
      await page.waitForLoadState('networkidle');

      await shell.bell.click();
      await expect(shell.notificationsMenu).toBeVisible();
      expect(await seriousViolations(page, mode)).toEqual([]);
      await page.keyboard.press('Escape');

      await shell.userMenuButton.click();
      await expect(shell.userMenu).toBeVisible();
      expect(await seriousViolations(page, mode)).toEqual([]);
    });
  }
});
