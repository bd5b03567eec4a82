import type { Locator, Page } from '@playwright/test';

/** /documents: upload, category tiles and the list with download and delete. */
export class DocumentsPage {
  readonly fileInput: Locator;
  readonly uploadButton: Locator;
  readonly limits: Locator;
  readonly progress: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.fileInput = main.getByLabel('Archivo', { exact: true });
    this.uploadButton = main.getByRole('button', { name: /^(Subir Documento|Subiendo\.\.\.)$/ });
    this.limits = main.getByText('JPG, GIF, PNG o PDF. 10 MB máximo.');
    this.progress = main.getByRole('progressbar');
    this.rows = main.getByTestId('document-row');
    this.empty = main.getByText('Todavía no hay documentos');
    this.confirmDialog = page.getByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar este documento?' });
  }

  async goto() {
    await this.page.goto('/documents');
    await this.page.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
  }

  /** The count shown on a category tile, once loaded. */
  async count(category: string): Promise<number> {
    const value = this.page.getByRole('main').getByTestId(`count-${category}`);
    await value.filter({ hasText: /^\d+$/ }).waitFor();
    return Number(await value.innerText());
  }

  row(fileName: string): Locator {
    return this.rows.filter({ hasText: fileName });
  }

  async upload(file: { name: string; mimeType: string; buffer: Buffer }, category: string) {
    await this.fileInput.setInputFiles(file);
    await this.page.getByRole('main').getByRole('combobox', { name: 'Categoría' }).click();
    await this.page.getByRole('option', { name: category, exact: true }).click();
    await this.uploadButton.click();
  }
}
