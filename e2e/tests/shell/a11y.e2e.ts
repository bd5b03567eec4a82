import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

/**
 * Serious and critical violations only (the acceptance bar), with what failed and where. The
 * layout is the shell's: sidebar, header, menus, content frame. What a portal draws inside the
 * content area is the portal's to check.
 */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-remote]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('accessibility of the signed-in layout (axe)', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`has no serious or critical violation in the ${mode} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode });
      await signIn(page.request, 'owner');
      await page.goto('/dashboard');
      const shell = new ShellPage(page);
      await expect(shell.pageHeading).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      // Let the live counts arrive so they are checked too.
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);

      await shell.bell.click();
      await expect(shell.notificationsMenu).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await shell.userMenuButton.click();
      await expect(shell.userMenu).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
