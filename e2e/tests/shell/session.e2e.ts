import { test, expect, type Page } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { deleteServerSession } from '../../fixtures/session';
import { LandingPage } from '../../pom/LandingPage';
import { ShellPage } from '../../pom/ShellPage';

/**
 * Watches the page for the 'Unauthorized' notice with its description. It shows for the spec's
 * 500 ms before the redirect, which a polling assertion on a busy machine can miss; a mutation
 * observer reporting to the test (the binding outlives the navigation) cannot. Returns the check.
 */
async function watchUnauthorizedNotice(page: Page): Promise<() => Promise<void>> {
  let seen = false;
  await page.exposeFunction('__arrendiaUnauthorizedSeen', () => {
    seen = true;
  });
  await page.evaluate(() => {
    const report = (window as unknown as { __arrendiaUnauthorizedSeen: () => void }).__arrendiaUnauthorizedSeen;
    const check = () => {
      const text = document.body.innerText;
      if (text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')) report();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => expect.poll(() => seen, { message: "the 'Unauthorized' notice showed" }).toBe(true);
}

/**
 * The user's action once the session is gone. A call the page makes on its own (the live stream
 * reconnecting, a badge refresh) may meet the 401 first and start the same logout: then the
 * control is already gone with the page, which is the outcome the test asserts next.
 */
async function act(page: Page, action: () => Promise<void>): Promise<void> {
  await action().catch((error) => {
    if (!/[?&]login=1/.test(page.url())) throw error;
  });
}

test.describe('a session deleted on the server', () => {
  test('acting shows the Unauthorized notice and ends on the login dialog', async ({ page, baseURL }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.pageHeading).toBeVisible();

    const noticeShowed = await watchUnauthorizedNotice(page);
    await deleteServerSession(page, baseURL!);

    // Open the bell: it asks the API for the newest notifications, which now answers 401.
    await act(page, () => shell.bell.click({ timeout: 5_000 }));
    await noticeShowed();
    await expect(page).toHaveURL(/\/\?login=1/);
    await expect(new LandingPage(page).loginDialog).toBeVisible();
  });

  test('searching after it is gone does the same', async ({ page, baseURL }) => {
    await signIn(page.request, 'manager');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.pageHeading).toBeVisible();

    const noticeShowed = await watchUnauthorizedNotice(page);
    await deleteServerSession(page, baseURL!);

    await act(page, () => shell.searchBox.fill('ma', { timeout: 5_000 }));
    await noticeShowed();
    await expect(new LandingPage(page).loginDialog).toBeVisible();
  });
});
