import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../fixtures/api';

/** Every CSP violation the browser reports while the page is used. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe('security headers in a real browser (issue 15)', () => {
  test('the landing and the catalogue work under their CSP, which forbids inline script and framing', async ({ page }) => {
    const violations = cspViolations(page);
    const document = await page.goto('/');
    const csp = document!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(document!.headers()['x-content-type-options']).toBe('nosniff');
    await page.getByRole('link', { name: /alquiler/i }).first().click();
    await expect(page).toHaveURL(/\/alquiler/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the owner's dashboard loads its remote and charts without a CSP violation", async ({ page }) => {
    const violations = cspViolations(page);
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard del Propietario' })).toBeVisible();
    await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 20_000 });
    expect(violations).toEqual([]);
  });
});
