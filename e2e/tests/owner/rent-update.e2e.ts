import { effectiveFrom, shiftDay, shiftMonth } from '@arrendia/law-es';
import { formatDate as esDate, formatEuros as euros, todayIso } from '@arrendia/locale-es';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiAs, signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { scratchDatabase, startApi, type ApiProcess, type ScratchDatabase } from '../../support/apiProcess';

/**
 * Issue 36, the acceptance journey: an owner with a contract whose anniversary is near sees the
 * proposal, sends the notice, the tenant sees the letter and the new rent from the effective month;
 * the owner's finances show the new rent in the charges.
 *
 * The effective month is weeks away, so the daily job is run for that date (`npm run jobs -- --date`,
 * the built dist/services/api/run-jobs.js): on its own API process and database, so that moving
 * one database's clock leaves the suite's server alone. Needs PostgreSQL (TEST_DATABASE_URL), as in CI.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(__dirname, '../../..');

/** The text as a pattern whose spaces match any space (the screens put a no-break one before '€'). */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\u00a0 ]/g, '\\s'));

/** The server's today (Madrid), which dates the notice. */
const TODAY = todayIso();
/** The anniversary is a month away: inside the 45 days before it in which the proposal is made. */
const ANNIVERSARY = shiftDay(TODAY, 30);
const START = `${Number(ANNIVERSARY.slice(0, 4)) - 1}${ANNIVERSARY.slice(4)}`.replace(/-02-29$/, '-02-28');
/** The clause's default index month: two months before the anniversary's. */
const REFERENCE = shiftMonth(ANNIVERSARY.slice(0, 7), -2);
/** A notice sent today: the new rent from the later of next month and the anniversary's month. */
const EFFECTIVE = effectiveFrom(TODAY, ANNIVERSARY);
const EFFECTIVE_MONTH = EFFECTIVE.slice(0, 7);
const PREVIOUS_MONTH = shiftMonth(EFFECTIVE_MONTH, -1);

async function pageAt(browser: Browser, base: string, account: 'owner' | 'tenant'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, acceptDownloads: true, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const page = await context.newPage();
  await signIn(page.request, account);
  return { context, page };
}

/** The month of the IPC and the IRAV the update reads, as the super admin adds it (kept when the shipped history has it). */
async function publishIndex(admin: APIRequestContext) {
  for (const [series, value] of [
    ['IPC', 2.5],
    ['IRAV', 2.2],
  ] as const) {
    const res = await admin.post('/api/index-values', { data: { series, month: REFERENCE, value, publishedOn: TODAY, source: 'e2e' } });
    expect([201, 409], await res.text()).toContain(res.status());
  }
}

test.describe('rent update, from the proposal to the charges (issue 36)', () => {
  test.skip(!adminUrl, 'needs PostgreSQL (TEST_DATABASE_URL), as in CI');
  test.setTimeout(240_000);

  let database: ScratchDatabase;
  let api: ApiProcess;

  test.beforeAll(async () => {
    database = await scratchDatabase(adminUrl!, 'arrendia_e2e_rent_update');
    // Migrates and seeds the demo accounts (DEMO_MODE is on outside production).
    api = await startApi(database.url);
  });

  test.afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  test("the owner sends the notice the job proposed; the tenant sees the letter and 'Nueva renta'; from its month the charges and 'Mi Contrato' carry the new rent", async ({ browser }) => {
    const owner = await pageAt(browser, api.base, 'owner');
    const tenant = await pageAt(browser, api.base, 'tenant');
    const admin = await apiAs(api.base, 'admin');
    try {
      // A unit of the demo owner let to the demo tenant since a year before next month's anniversary, at 1.000 €.
      const stamp = Date.now();
      const name = `Actualización e2e ${stamp}`;
      const property = await withProperty(owner.page.request, name);
      const tenantId = ((await (await tenant.page.request.get('/api/auth/user')).json()) as { id: number }).id;
      const created = await owner.page.request.post('/api/contracts', {
        data: { contractCode: `ARR-RU-${stamp}`, rentableUnitId: property.unitId, startDate: START, endDate: null, rentAmount: 1000, paymentDay: 1, depositAmount: 1000, tenantUserIds: [tenantId], leaseUse: 'vivienda', signedOn: START },
      });
      expect(created.status(), await created.text()).toBe(201);
      const contractId = ((await created.json()) as { contract: { id: number } }).contract.id;
      const code = `ARR-RU-${stamp}`;
      await publishIndex(admin);

      // Editar: the clause 'IPC general'; the anniversary being near, the proposal is made at once.
      const o = owner.page;
      await o.goto(`/contracts/${contractId}`);
      const main = o.getByRole('main');
      await main.getByRole('button', { name: 'Editar' }).click();
      const edit = o.getByRole('dialog', { name: `Editar contrato ${code}` });
      await edit.getByRole('combobox', { name: 'Tipo de actualización' }).click();
      await o.getByRole('option', { name: 'IPC general', exact: true }).click();
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(edit).toBeHidden();

      const proposals = async () => (await (await o.request.get(`/api/rent-updates?contractId=${contractId}`)).json()) as { status: string; newRent: string | null }[];
      await expect.poll(async () => (await proposals()).map((u) => u.status)).toEqual(['propuesta']);
      const newRent = (await proposals())[0]!.newRent!;
      expect(Number(newRent)).toBeGreaterThan(1000);

      // 'Actualizaciones de renta', the anniversary's month: the proposal, then 'Enviar aviso'.
      await o.goto(`/contracts?vista=actualizaciones&act.month=${ANNIVERSARY.slice(0, 7)}`);
      await expect(main.getByRole('tab', { name: 'Actualizaciones de renta' })).toHaveAttribute('aria-selected', 'true');
      const card = main.getByRole('article', { name: code });
      await expect(card).toContainText(`${name} · ${property.unitName}`);
      await expect(card).toContainText(esDate(ANNIVERSARY));
      await expect(card.getByText('Propuesta', { exact: true })).toBeVisible();
      await expect(card).toContainText(spaced(`${euros('1000.00')} → ${euros(newRent)}`));
      await card.getByRole('button', { name: `Revisar la actualización de ${code}` }).click();
      const review = o.getByRole('dialog', { name: `Actualización de la renta de ${code}` });
      await expect(review.getByRole('list', { name: 'Cálculo de la actualización' })).toBeVisible();
      await review.getByRole('button', { name: 'Enviar aviso' }).click();
      const confirm = o.getByRole('alertdialog', { name: '¿Enviar el aviso al inquilino?' });
      await expect(confirm).toContainText('Se enviará al inquilino el aviso por escrito con el cálculo; la renta nueva se cobrará desde');
      await confirm.getByRole('button', { name: 'Enviar aviso' }).click();
      await expect(review.getByRole('link', { name: `Descargar la carta de aviso de ${code}` })).toBeVisible();
      await expect(review.getByText('Notificada', { exact: true })).toBeVisible();
      await expect(review).toContainText(esDate(EFFECTIVE));

      // The tenant: on 'Mi Contrato', 'Nueva renta … desde …' and the letter among the documents, a PDF.
      const p = tenant.page;
      await p.goto('/contracts');
      const mine = p.getByRole('main').getByRole('article', { name: `${name} · ${property.unitName}` });
      const section = mine.getByRole('region', { name: 'Actualización de la renta' });
      await expect(section.getByRole('note')).toContainText(spaced(`Nueva renta: ${euros(newRent)} desde el ${esDate(EFFECTIVE)}`));
      const letterLink = mine.getByRole('link', { name: /^Descargar aviso-actualizacion-renta-.+\.pdf$/ });
      await expect(letterLink).toBeVisible();
      const [download] = await Promise.all([p.waitForEvent('download'), letterLink.click()]);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(mine).toContainText(spaced(`${euros('1000.00')}/mes`));

      // The effective month comes: the daily job for five days into it applies the update and makes the charges.
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'dist/services/api/run-jobs.js'), '--date', shiftDay(EFFECTIVE, 5)], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: database.url, SESSION_SECRET: 'e2e-api-process', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);

      // The owner's finances: the effective month's charge at the new rent, the month before at the old one.
      await o.goto(`/finances?recibos.propertyId=${property.id}`);
      const charges = o.getByRole('main').getByRole('table', { name: 'Recibos de alquiler' });
      await expect(charges.getByRole('row', { name: new RegExp(`^${EFFECTIVE_MONTH}\\b`) })).toContainText(spaced(euros(newRent)));
      await expect(charges.getByRole('row', { name: new RegExp(`^${PREVIOUS_MONTH}\\b`) })).toContainText(spaced(euros('1000.00')));

      // And the tenant's 'Mi Contrato': the new rent, no longer announced as upcoming, in the history.
      await p.reload();
      await expect(mine).toContainText(spaced(`${euros(newRent)}/mes`));
      await expect(section.getByRole('note')).toHaveCount(0);
      await expect(section.getByRole('table', { name: 'Historial de la renta' })).toContainText(esDate(EFFECTIVE));
    } finally {
      await admin.dispose();
      await owner.context.close();
      await tenant.context.close();
    }
  });
});
