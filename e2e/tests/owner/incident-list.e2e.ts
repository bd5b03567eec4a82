import { expect, test } from '@playwright/test';
import { withProperty } from '../../fixtures/property';

/** How many incidents the owner has (issue 33's acceptance): seven pages of 20, the last of 17. */
const INCIDENTS = 137;
/** Every fourth incident is urgent: 35 of the 137. */
const URGENT = Math.ceil(INCIDENTS / 4);
const titleOf = (n: number) => `Incidencia ${String(n).padStart(3, '0')}`;

test.describe('a long incidents list (issue 33: one list pattern, the state in the URL)', () => {
  test('137 incidents: the pager walks to the last page, Urgente filters, the date order sorts, and a reload gives the same rows', async ({ page }) => {
    test.slow();
    // A new owner of its own, so the list holds exactly these incidents.
    const account = { firstName: 'Paula', lastName: 'Paginación', email: `paula.lista.${Date.now()}@example.com`, password: 'clave-segura-123' };
    expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const property = await withProperty(page.request, `Edificio de las 137 ${Date.now()}`);
    // One after another, so their creation order is their number's.
    for (let n = 1; n <= INCIDENTS; n++) {
      const res = await page.request.post('/api/incidents', {
        data: { rentableUnitId: property.unitId, incidentCategory: 'Fontanería', title: titleOf(n), description: `Incidencia número ${n}`, priority: n % 4 === 1 ? 'Urgente' : 'Baja' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    const main = page.getByRole('main');
    const cards = main.getByRole('article');
    const pager = main.getByRole('navigation', { name: 'Páginas de incidencias' });
    // Each card is named by its title.
    const titles = () => cards.evaluateAll((els) => els.map((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''));

    await page.goto('/incidents');
    await expect(pager).toContainText('Mostrando 1–20 de 137');
    await expect(cards.first()).toHaveAccessibleName(titleOf(INCIDENTS));
    for (let shown = 2; shown <= 7; shown++) {
      await pager.getByRole('button', { name: 'Siguiente' }).click();
      await expect(pager).toContainText(`Página ${shown} de 7`);
    }
    await expect(pager).toContainText('Mostrando 121–137 de 137');
    await expect(cards).toHaveCount(17);
    await expect(cards.last()).toHaveAccessibleName(titleOf(1));
    await expect(pager.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    // Back returns to the page before.
    await page.goBack();
    await expect(pager).toContainText('Mostrando 101–120 de 137');

    await main.getByRole('combobox', { name: 'Prioridad' }).click();
    await page.getByRole('option', { name: 'Urgente', exact: true }).click();
    await expect(pager).toContainText(`Mostrando 1–20 de ${URGENT}`);
    await expect(page).toHaveURL(/priority=Urgente/);
    await expect(page).not.toHaveURL(/page=/);
    for (const card of await cards.all()) await expect(card).toContainText('Urgente');

    await main.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Más antiguas primero' }).click();
    await expect(cards.first()).toHaveAccessibleName(titleOf(1));
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager).toContainText(`Mostrando 21–${URGENT} de ${URGENT}`);
    const before = await titles();
    expect(before).toEqual(Array.from({ length: URGENT - 20 }, (_, i) => titleOf(1 + 4 * (20 + i))));
    const url = page.url();

    await page.reload();
    await expect(pager).toContainText(`Mostrando 21–${URGENT} de ${URGENT}`);
    expect(page.url()).toBe(url);
    expect(await titles()).toEqual(before);
    await expect(main.getByRole('combobox', { name: 'Prioridad' })).toHaveText('Urgente');

    // A filter that matches nothing says so and offers to clear the filters.
    await main.getByRole('searchbox', { name: 'Buscar incidencias' }).fill('no existe ninguna así');
    await expect(main.getByText('Ningún resultado con estos filtros')).toBeVisible();
    await main.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(pager).toContainText('Mostrando 1–20 de 137');
  });
});
