import { test, expect } from '@playwright/test';
import { CataloguePage } from '../../pom/CataloguePage';

/** The demo seed's published listings (services/api/src/seeds/demoListings.ts), by title. */
const L = {
  santaEngracia: 'Piso luminoso de 2 dormitorios en Chamberí',
  ponzano: 'Piso reformado junto a la calle Ponzano',
  galileo: 'Estudio con ascensor en Galileo',
  h1: 'Habitación exterior en piso compartido de Malasaña',
  h2: 'Habitación tranquila en Malasaña',
  h3: 'Habitación interior económica en Malasaña',
  palma: 'Apartamento con aire acondicionado en la calle de la Palma',
  cavaBaja: 'Local a pie de calle en la Cava Baja',
  toledo: 'Piso con terraza en la calle de Toledo',
  toledoPlaza: 'Plaza de garaje en La Latina',
  velazquez: 'Plaza de garaje amplia en Velázquez',
  jorgeJuan: 'Piso familiar de 3 dormitorios en Jorge Juan',
  lagasca: 'Ático con terraza en Lagasca',
  mayor: 'Local de oficinas en la Calle Mayor',
};

test.describe('catalogue (/alquiler), signed out', () => {
  const cases: [string, string, string[]][] = [
    ['type Habitación', '?type=Habitación', [L.h1, L.h2, L.h3]],
    ['type Garaje', '?type=Garaje', [L.toledoPlaza, L.velazquez]],
    ['type Estudio', '?type=Estudio', [L.galileo]],
    ['type Local Comercial', '?type=Local+Comercial', [L.cavaBaja, L.mayor]],
    ['district Salamanca', '?district=Salamanca', [L.velazquez, L.jorgeJuan, L.lagasca]],
    ['district Centro', '?district=Centro', [L.mayor]],
    ['price up to 500', '?price=hasta-500', [L.h3, L.toledoPlaza, L.velazquez]],
    ['price 500-1000', '?price=500-1000', [L.h1, L.h2]],
    ['price over 2000', '?price=mas-2000', [L.jorgeJuan, L.lagasca, L.mayor]],
    ['text without accents or case', '?q=VELAZQUEZ', [L.velazquez]],
    ['text matching the district', '?q=latina', [L.cavaBaja, L.toledo, L.toledoPlaza]],
    ['type and price', '?type=Apartamento&price=mas-2000', [L.jorgeJuan, L.lagasca]],
    ['type and district', '?type=Garaje&district=La+Latina', [L.toledoPlaza]],
    ['district and price', '?district=Malasaña&price=500-1000', [L.h1, L.h2]],
    ['text, district and price', '?q=terraza&district=Salamanca&price=mas-2000', [L.lagasca]],
  ];
  for (const [name, query, titles] of cases) {
    test(`filter by ${name} gives exactly the seeded listings`, async ({ page }) => {
      const catalogue = new CataloguePage(page);
      await catalogue.goto(query);
      await catalogue.expectTitles(titles);
      await expect(catalogue.summary.getByText(String(titles.length), { exact: true })).toBeVisible();
    });
  }

  test('choosing filters in the page puts them in the URL, and a reload keeps them', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.goto();
    await expect(catalogue.resultTitles).toHaveCount(12);
    await catalogue.choose(catalogue.type, 'Apartamento');
    await catalogue.choose(catalogue.district, 'Chamberí');
    await expect(page).toHaveURL(/type=Apartamento/);
    await expect(page).toHaveURL(/district=Chamber/);
    await catalogue.expectTitles([L.santaEngracia, L.ponzano]);
    await catalogue.search.fill('ponzano');
    await expect(page).toHaveURL(/q=ponzano/);
    await catalogue.expectTitles([L.ponzano]);

    await page.reload();
    await expect(catalogue.type).toHaveText('Apartamento');
    await expect(catalogue.district).toHaveText('Chamberí');
    await expect(catalogue.search).toHaveValue('ponzano');
    await catalogue.expectTitles([L.ponzano]);
  });

  test('a search matching nothing shows the empty state', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.goto();
    await catalogue.search.fill('castillo en la luna');
    await expect(page.getByText('No se encontraron propiedades')).toBeVisible();
    await expect(page.getByText('Prueba ajustando tus filtros de búsqueda')).toBeVisible();
    await expect(catalogue.resultTitles).toHaveCount(0);
  });

  test('pages by 12 and shows the fixed summary tiles', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.goto();
    await expect(catalogue.resultTitles).toHaveCount(12);
    await expect(catalogue.summary.getByText('3 nuevas esta semana')).toBeVisible();
    await expect(catalogue.summary.getByText('24h', { exact: true })).toBeVisible();
    await catalogue.next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(catalogue.resultTitles).toHaveCount(Object.keys(L).length - 12);
  });
});
