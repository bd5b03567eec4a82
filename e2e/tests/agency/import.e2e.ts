import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { cifControl } from '@arrendia/locale-es';
import { apiAs } from '../../fixtures/api';
import { portfolioWorkbook } from '../../fixtures/importWorkbook';

/**
 * Issue 35's import journey: a new agency's manager, with one owner client, imports a workbook of
 * 3 properties, 6 units, 4 tenants and 4 contracts through 'Importar datos', watches the progress
 * bar to the end, reads the report, finds everything in the lists, and a second import of the same
 * file creates nothing.
 */

const PASSWORD = 'contraseña-de-la-importacion-1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid CIF (an association, G) unique to the run. */
function uniqueCif(): string {
  const first8 = `G${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  return `${first8}${cifControl(first8).digit}`;
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status: number) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A fresh agency, its manager (signed in on `page`) and an owner who accepted the agency's invitation. */
async function freshAgency(page: Page, baseURL: string, stamp: number) {
  const managerEmail = `gerente.${stamp}@importacion.arrendia.es`;
  const ownerEmail = `propietaria.${stamp}@importacion.arrendia.es`;
  const admin = await apiAs(baseURL, 'admin');
  try {
    const agency = (await ok(
      await admin.post('/api/agencies', { data: { nombreAgencia: `Agencia Importación ${stamp}`, cifAgencia: uniqueCif(), direccionFiscal: 'Calle Larios 1, Málaga', emailAgencia: `agencia.${stamp}@importacion.arrendia.es` } }),
      201,
    )) as { id: number };
    await ok(await admin.post('/api/users', { data: { email: managerEmail, firstName: 'Irene', lastName: 'Importadora', roleName: 'admin_agencia', agencyId: agency.id, password: PASSWORD } }), 201);
  } finally {
    await admin.dispose();
  }
  await ok(await page.request.post('/api/auth/login', { data: { email: managerEmail, password: PASSWORD } }), 200);
  const invitation = (await ok(await page.request.post('/api/owner-invitations', { data: { email: ownerEmail, firstName: 'Olivia', lastName: 'Propietaria' } }), 201)) as { link: string };
  const owner = await request.newContext({ baseURL });
  try {
    await ok(await owner.post(`/api/owner-invitations/${invitation.link.split('/').pop()}/accept`, { data: { firstName: 'Olivia', lastName: 'Propietaria', password: PASSWORD } }), 200);
  } finally {
    await owner.dispose();
  }
  return { ownerEmail };
}

/** axe's serious and critical violations on the page (the settings tabs are not in the a11y spec's routes). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The preview's figure named `label` ('Se crearán'). */
const figure = (page: Page, label: string): Locator => page.getByLabel('Resumen de las filas').locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

/** The report's cells of one entity: created, already there, with errors. */
const reportRow = (page: Page, label: string): Locator => page.getByRole('region', { name: 'Resultado de la importación' }).getByRole('row', { name: label }).getByRole('cell');

async function upload(page: Page, buffer: Buffer) {
  await page.goto('/settings?tab=importar');
  await expect(page.getByRole('heading', { name: 'Sube tu archivo' })).toBeVisible();
  await page.getByLabel('Archivo', { exact: true }).setInputFiles({ name: 'cartera.xlsx', mimeType: XLSX, buffer });
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa los datos antes de importar' })).toBeFocused();
}

test.describe('issue 35: importing a portfolio from a spreadsheet', () => {
  test('an agency manager imports 3 properties, 6 units, 4 tenants and 4 contracts, finds them in the lists, and the same file again creates nothing', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const { ownerEmail } = await freshAgency(page, baseURL!, stamp);
    const { buffer, fixture } = await portfolioWorkbook(ownerEmail, stamp);

    // 1. The preview: every row will be created, none has errors.
    await upload(page, buffer);
    await expect(figure(page, 'Filas')).toHaveText('17');
    await expect(figure(page, 'Se crearán')).toHaveText('17');
    await expect(figure(page, 'Ya existen')).toHaveText('0');
    await expect(figure(page, 'Con errores')).toHaveText('0');
    await expect(page.getByRole('region', { name: /^Hoja / })).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Páginas de filas' })).toHaveText(/Mostrando 1–17 de 17/);
    expect(await seriousViolations(page)).toEqual([]);

    // 2. Importar, confirmed; the bar runs to the end and the report says what was created.
    await page.getByRole('button', { name: 'Importar 17 filas' }).click();
    await page.getByRole('alertdialog', { name: '¿Importar 17 filas?' }).getByRole('button', { name: 'Importar' }).click();
    const bar = page.getByRole('progressbar', { name: 'Progreso de la importación' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuemax', '17');
    await expect(bar).toHaveAttribute('aria-valuenow', '17', { timeout: 30_000 });
    await expect(page.getByText('17 de 17 filas')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible();
    await expect(reportRow(page, 'Inmuebles')).toHaveText(['3', '0', '0']);
    await expect(reportRow(page, 'Unidades')).toHaveText(['6', '0', '0']);
    await expect(reportRow(page, 'Inquilinos invitados')).toHaveText(['4', '0', '0']);
    await expect(reportRow(page, 'Contratos')).toHaveText(['4', '0', '0']);
    expect(await seriousViolations(page)).toEqual([]);
    // A reload resumes the same import: its report.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible();
    await expect(reportRow(page, 'Contratos')).toHaveText(['4', '0', '0']);

    // 3. In the lists: the properties, the contracts, the tenants invited to them.
    await page.getByRole('link', { name: 'Ver inmuebles' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Propiedades' })).toBeVisible();
    for (const name of fixture.properties) await expect(page.getByRole('main').getByRole('article', { name })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
    await page.goto('/contracts');
    for (const code of fixture.contractCodes) await expect(page.getByRole('main').getByText(code, { exact: true })).toBeVisible();
    await page.goto('/tenants');
    const invitations = page.getByRole('region', { name: 'Invitaciones pendientes' }).first();
    for (const email of fixture.tenantEmails) await expect(invitations.getByRole('cell', { name: email, exact: true })).toBeVisible();
    await expect(invitations.getByRole('row')).toHaveCount(1 + 4);

    // 4. The same file again: everything is there already, 0 to create, and the screen says so.
    await upload(page, buffer);
    await expect(figure(page, 'Se crearán')).toHaveText('0');
    await expect(figure(page, 'Ya existen')).toHaveText('17');
    await expect(figure(page, 'Con errores')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();
    await expect(page.getByText('Todas las filas ya están en tu cuenta: importar este archivo no crearía nada.')).toBeVisible();
  });
});
