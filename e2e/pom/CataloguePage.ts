import { expect, type Locator, type Page } from '@playwright/test';

/** The rental catalogue (/alquiler) of the public site. */
export class CataloguePage {
  readonly search: Locator;
  readonly type: Locator;
  readonly district: Locator;
  readonly price: Locator;
  readonly results: Locator;
  readonly resultTitles: Locator;
  readonly summary: Locator;
  readonly next: Locator;

  constructor(readonly page: Page) {
    const filters = page.getByRole('search', { name: 'Filtrar alquileres' });
    this.search = filters.getByRole('searchbox', { name: 'Buscar' });
    this.type = filters.getByRole('combobox', { name: 'Tipo' });
    this.district = filters.getByRole('combobox', { name: 'Zona' });
    this.price = filters.getByRole('combobox', { name: 'Precio' });
    this.results = page.getByRole('region', { name: 'Resultados' });
    this.resultTitles = this.results.getByRole('article').getByRole('heading', { level: 2 });
    this.summary = page.getByRole('region', { name: 'Resumen de la búsqueda' });
    this.next = page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: 'Siguiente' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/alquiler${query}`);
  }

  /** Picks an option of one of the filter selects. */
  async choose(select: Locator, option: string): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Waits until the cards are exactly `titles` (in any order). */
  async expectTitles(titles: readonly string[]): Promise<void> {
    await expect(this.results).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(async () => (await this.resultTitles.allTextContents()).sort()).toEqual([...titles].sort());
  }
}
