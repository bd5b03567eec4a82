import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { BUDGETS, checkFirstUse, checkLanding, checkSingletons, isChartLibrary, kb, listScripts, measureFirstUse, measureLanding, PORTAL_ACCOUNTS, type Script } from './bundleBudgets.cjs';

/** The measurement behind a verdict, for the failure message and the report's annotations. */
function summary(title: string, scripts: Script[]): string {
  return `${title}: ${kb(scripts).toFixed(1)} KB en ${scripts.length} ficheros\n${listScripts(scripts)}`;
}

test.describe('bundle budgets (issue 14): JavaScript a real Chromium downloads, gzip', () => {
  test(`a signed-out visitor's / downloads at most ${BUDGETS.landingKb} KB, no portal code, each singleton once`, async ({ page }) => {
    const scripts = await measureLanding(page);
    test.info().annotations.push({ type: 'landing', description: `${kb(scripts).toFixed(1)} KB in ${scripts.length} files` });
    const problems = [...checkLanding(scripts), ...checkSingletons(scripts)];
    expect(problems, `${problems.join('\n')}\n\n${summary('/ sin sesión', scripts)}`).toEqual([]);
  });

  for (const [remote, account] of Object.entries(PORTAL_ACCOUNTS)) {
    test(`${remote}: the first use as the demo ${account} adds at most ${BUDGETS.remoteFirstUseKb} KB to the shell, each singleton once`, async ({ page }) => {
      await signIn(page.request, account);
      const { shell, added } = await measureFirstUse(page, remote);
      const charts = added.filter(isChartLibrary);
      const firstUse = added.filter((s) => !isChartLibrary(s));
      test.info().annotations.push({ type: 'first use', description: `${kb(firstUse).toFixed(1)} KB in ${firstUse.length} files; charts ${kb(charts).toFixed(1)} KB; shell ${kb(shell).toFixed(1)} KB` });
      const problems = [...checkFirstUse(remote, added), ...checkSingletons([...shell, ...added])];
      const details = [summary(`primer uso de ${remote}`, firstUse), charts.length ? summary('biblioteca de gráficos, tras el primer render', charts) : '', summary('shell con sesión, antes', shell)];
      expect(problems, `${problems.join('\n')}\n\n${details.filter(Boolean).join('\n\n')}`).toEqual([]);
    });
  }
});
