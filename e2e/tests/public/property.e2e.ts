import { test, expect } from '@playwright/test';
import type { PublicListingsPage } from '@arrendia/api-contract';
import { PropertyPage } from '../../pom/PropertyPage';

test.describe('property page (/property/:id), signed out', () => {
  test('an unknown id shows Propiedad no encontrada with a link back to the catalogue', async ({ page }) => {
    const property = new PropertyPage(page);
    await property.goto(987654);
    await expect(property.notFound).toBeVisible();
    await expect(page.getByText('La propiedad que buscas no está disponible')).toBeVisible();
    await page.getByRole('link', { name: 'Volver al catálogo' }).click();
    await expect(page).toHaveURL(/\/alquiler$/);
  });

  test('shows the listing, switches photos, and sends a message with the alert', async ({ page }) => {
    const res = await page.request.get('/api/public/listings?district=Salamanca&type=Apartamento');
    const { items } = (await res.json()) as PublicListingsPage;
    const listing = items[0]!;

    const property = new PropertyPage(page);
    await property.goto(listing.id);
    await expect(property.title).toHaveText(listing.title);
    await expect(page).toHaveTitle(new RegExp(listing.title));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', listing.title);
    await expect(page.getByText('Tiempo medio de respuesta: 2-4 horas')).toBeVisible();
    await page.getByRole('button', { name: 'Ver foto 2' }).click();
    await expect(page.getByRole('button', { name: 'Ver foto 2' })).toHaveAttribute('aria-pressed', 'true');

    await property.sendMessage.click();
    await property.contactForm.getByLabel('Nombre').fill('Visitante e2e');
    await property.contactForm.getByLabel('Correo electrónico').fill('visitante.e2e@example.com');
    await property.contactForm.getByLabel('Mensaje').fill('¿Se puede visitar esta semana?');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const lead = page.waitForResponse((r) => r.url().endsWith('/api/public/leads'));
    await property.contactForm.getByRole('button', { name: 'Enviar' }).click();
    expect((await lead).status()).toBe(201);
    await expect(property.contactForm).toBeHidden();
    expect(alerts).toEqual([expect.stringMatching(/enviado.*propietario.*pronto/i)]);
  });
});
