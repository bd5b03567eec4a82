import { expect, test } from '@playwright/test';
import type { PropertyListItem, Report } from '@arrendia/api-contract';
import { DEMO } from '../../fixtures/accounts';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { ShellPage } from '../../pom/ShellPage';

test.describe('the delegated owner, with a portfolio an owner delegates and revokes', () => {
  test("an owner asks from settings and the delegate accepts on its dashboard; it then sees that principal, its portfolio and its report; after the revoke, nothing", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A new owner of its own, so the demo's delegations stay as they are.
    const stamp = Date.now();
    const owner = { email: `principal.${stamp}@example.com`, password: 'clave-de-prueba-1', firstName: 'Paula', lastName: `Principal ${stamp}` };
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    expect((await page.request.post('/api/auth/register', { data: owner })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } })).status()).toBe(200);
    const property = await withProperty(page.request, `Cartera delegada ${stamp}`);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };

    // The owner asks from the Delegación tab of their settings: nothing is delegated until the delegate accepts (issue 30).
    await page.goto('/settings?tab=delegacion');
    const settings = page.getByRole('main');
    await settings.getByLabel('Correo electrónico del propietario delegado').fill(DEMO.delegado);
    await settings.getByRole('button', { name: 'Delegar cartera' }).click();
    await expect(new ShellPage(page).toastRegion.getByText('Solicitud enviada')).toBeVisible();
    const pending = settings.getByRole('list', { name: 'Solicitudes de delegación pendientes' });
    await expect(pending).toContainText(`${DEMO.delegado} · Pendiente de aceptación · enviada el`);
    await expect(settings.getByText('No has delegado tu cartera en nadie.')).toBeVisible();

    // The delegate, in a browser of its own, accepts on its dashboard.
    const delegateContext = await browser.newContext();
    const delegate = await delegateContext.newPage();
    await signIn(delegate.request, 'delegado');
    await delegate.goto('/dashboard');
    const main = delegate.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard del Propietario Delegado' })).toBeVisible();
    const requests = main.getByRole('region', { name: 'Solicitudes pendientes' });
    await expect(requests).toContainText(`${ownerName} te pide que gestiones su cartera`);
    await requests.getByRole('button', { name: `Aceptar la solicitud de ${ownerName}` }).click();
    await expect(new ShellPage(delegate).toastRegion.getByText('Solicitud aceptada')).toBeVisible();

    // The owner's open page follows the answer (a live notification): the request becomes a delegation.
    const holders = settings.getByRole('list', { name: 'Personas con tu cartera delegada' });
    await expect(holders).toContainText(DEMO.delegado);
    await expect(pending).toBeHidden();
    await expect(main.getByRole('group', { name: 'Propietarios' })).toContainText(/\d+/);
    const row = main.getByRole('row').filter({ has: delegate.getByRole('rowheader', { name: new RegExp(ownerName) }) });
    await expect(row.getByRole('cell').first()).toHaveText('1');
    // No report of this principal yet (spec §3): 'Pendiente informe' until the delegate makes one.
    await expect(row).toContainText('Pendiente informe');

    await row.getByRole('link', { name: `Ver cartera de ${ownerName}` }).click();
    await expect(delegate).toHaveURL(new RegExp(`/properties\\?ownerId=${me.id}$`));
    await expect(main.getByRole('region', { name: 'Filtro de cartera' })).toContainText(`Cartera de ${ownerName}`);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([`Cartera delegada ${stamp}`]);

    await delegate.goBack();
    await row.getByRole('button', { name: `Generar reporte de ${ownerName}` }).click();
    const dialog = delegate.getByRole('dialog', { name: `Generar reporte de ${ownerName}` });
    await dialog.getByRole('button', { name: 'Generar PDF' }).click();
    const download = dialog.getByRole('link', { name: /^Descargar / });
    await expect(download).toBeVisible();
    const pdf = await delegate.request.get((await download.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Al día');
    await main.getByRole('tab', { name: 'Reportes' }).click();
    const reports = (await (await delegate.request.get('/api/reports')).json()) as Report[];
    expect(reports[0]!.owner).toMatchObject({ id: me.id });
    await expect(main.getByRole('tabpanel', { name: 'Reportes' }).getByRole('row').nth(1)).toContainText(ownerName);

    // The owner revokes; the delegate's next request no longer has the portfolio.
    await holders.getByRole('button', { name: /^Revocar la delegación de / }).click();
    await page.getByRole('alertdialog', { name: '¿Revocar la delegación?' }).getByRole('button', { name: 'Revocar' }).click();
    await expect(settings.getByText('No has delegado tu cartera en nadie.')).toBeVisible();
    const after = (await (await delegate.request.get(`/api/properties?ownerId=${me.id}`)).json()) as PropertyListItem[];
    expect(after).toEqual([]);
    expect((await delegate.request.get(`/api/properties/${property.id}`)).status()).toBe(404);
    await delegate.goto('/dashboard');
    await expect(main.getByRole('table', { name: 'Propietarios' })).toBeVisible();
    await expect(main.getByRole('rowheader', { name: new RegExp(ownerName) })).toHaveCount(0);

    await delegateContext.close();
    await property.cleanUp();
  });
});
