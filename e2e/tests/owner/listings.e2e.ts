import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, signIn } from '../../fixtures/api';
import { PropertyPage } from '../../pom/PropertyPage';

/** A photo as a camera gives it: large, with detail, so the resized sizes are what the page loads. */
const photo = (r: number, g: number, b: number) => sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r, g, b } } }).jpeg({ quality: 90 }).toBuffer();

test.describe('listings (issue 32, point 5)', () => {
  test('the owner publishes a room with photos from its property; a visitor finds it in /alquiler and writes; the owner reads the lead; an Activo contract takes the advert down', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const owner = await apiAs(baseURL!, 'owner');
    const stamp = Date.now();
    // Its own zone: the catalogue test counts the spec's five districts' listings exactly.
    const zone = `Embajadores ${stamp}`;
    const created = await owner.post('/api/properties', { data: { propertyName: `Piso anuncios e2e ${stamp}`, addressStreet: 'Calle de Embajadores', addressNumber: '20', city: 'Madrid', province: 'Madrid', postalCode: '28012' } });
    expect(created.status(), await created.text()).toBe(201);
    const property = (await created.json()) as { id: number };
    const unitRes = await owner.post(`/api/properties/${property.id}/units`, { data: { unitType: 'habitacion', unitName: 'Habitación Azul', areaM2: 13, baseRentPrice: 2150, description: 'Exterior, con balcón', amenities: ['Balcón', 'Wifi'] } });
    expect(unitRes.status(), await unitRes.text()).toBe(201);
    const unit = (await unitRes.json()) as { id: number };
    let listingId: number | null = null;
    let contractId: number | null = null;
    try {
      await signIn(page.request, 'owner');
      await page.goto(`/properties/${property.id}`);
      await page.getByRole('button', { name: 'Publicar anuncio de Habitación Azul' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publicar anuncio' });
      // The unit's rent and extras come filled in.
      await expect(dialog.getByLabel('Precio mensual (€)')).toHaveValue('2150');
      await dialog.getByLabel('Título').fill(`Habitación con balcón ${stamp}`);
      await dialog.getByLabel('Zona').fill(zone);
      await dialog.getByLabel('Precio mensual (€)').fill('mucho');
      await dialog.getByLabel('Teléfono de contacto').fill('600 123 456');
      await dialog.getByRole('button', { name: 'Publicar anuncio' }).click();
      await expect(dialog.getByText('Introduce un importe válido')).toBeVisible();
      await dialog.getByLabel('Precio mensual (€)').fill('2150');
      const published = page.waitForResponse((r) => r.url().endsWith(`/api/units/${unit.id}/listing`) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Publicar anuncio' }).click();
      expect((await published).status()).toBe(201);
      listingId = ((await (await published).json()) as { id: number }).id;

      const editing = page.getByRole('dialog', { name: 'Editar anuncio' });
      await expect(editing.getByText('Anuncio publicado. Añade fotos para que destaque.')).toBeVisible();
      await editing.getByLabel('Añadir fotos').setInputFiles([
        { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 120, 60) },
        { name: 'balcon.jpg', mimeType: 'image/jpeg', buffer: await photo(60, 120, 200) },
        { name: 'notas.pdf', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 no es una foto') },
      ]);
      await expect(editing.getByRole('heading', { name: 'Fotos (2 de 20)' })).toBeVisible({ timeout: 30_000 });
      await expect(editing.getByRole('list', { name: 'Fotos no subidas' })).toContainText('El archivo no es una foto JPG, PNG o WebP');
      const before = ((await (await owner.get(`/api/listings/${listingId}`)).json()) as { photos: { id: number }[] }).photos.map((p) => p.id);
      await editing.getByRole('button', { name: 'Hacer portada con la foto 2' }).click();
      await expect.poll(async () => ((await (await owner.get(`/api/listings/${listingId}`)).json()) as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual([before[1], before[0]]);
      await page.keyboard.press('Escape');
      await expect(page.getByText('Publicado', { exact: true })).toBeVisible();

      // A signed-out visitor.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/alquiler?q=${encodeURIComponent(zone)}`);
      const card = visitor.getByRole('article').filter({ hasText: `Habitación con balcón ${stamp}` });
      await expect(card).toBeVisible();
      const cardPhoto = card.locator('img').first();
      await expect(cardPhoto).toHaveAttribute('srcset', new RegExp(`/api/public/listing-photos/${before[1]}/320 320w`));
      await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      // The browser takes the WebP of the size it needs, never the camera's original.
      expect(await cardPhoto.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/public\/listing-photos\/\d+\/(320|640|1280)$/);
      await card.getByRole('link').click();
      const page2 = new PropertyPage(visitor);
      await expect(page2.title).toHaveText(`Habitación con balcón ${stamp}`);
      await page2.sendMessage.click();
      await page2.contactForm.getByLabel('Nombre').fill('Lucía Visitante');
      await page2.contactForm.getByLabel('Correo electrónico').fill('lucia.visitante@example.com');
      await page2.contactForm.getByLabel('Mensaje').fill('¿Sigue libre la habitación azul?');
      visitor.on('dialog', (d) => void d.accept());
      const lead = visitor.waitForResponse((r) => r.url().endsWith('/api/public/leads'));
      await page2.contactForm.getByRole('button', { name: 'Enviar' }).click();
      expect((await lead).status()).toBe(201);

      // The lead reaches the owner, the property has no agency.
      await page.goto('/leads');
      await expect(page.getByText('Lucía Visitante')).toBeVisible();

      // A contract on the room: the advert leaves the catalogue and the unit says so.
      const contract = await owner.post('/api/contracts', { data: { contractCode: `CTR-ANUNCIO-${stamp}`, rentableUnitId: unit.id, startDate: '2026-12-01', rentAmount: 2150, depositAmount: 2150, status: 'Activo' } });
      expect(contract.status(), await contract.text()).toBe(201);
      contractId = ((await contract.json()) as { id: number }).id;
      await page2.goto(listingId);
      await expect(page2.notFound).toBeVisible();
      await page.goto(`/properties/${property.id}`);
      await expect(page.getByText('Anuncio retirado', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Publicar de nuevo el anuncio de Habitación Azul' })).toBeDisabled();
      await visitorContext.close();
    } finally {
      // Leaves the catalogue and the owner's portfolio as the other journeys expect them.
      if (listingId) await owner.delete(`/api/listings/${listingId}`);
      if (contractId) await owner.patch(`/api/contracts/${contractId}`, { data: { status: 'Finalizado', terminationReason: 'Fin de la prueba' } });
      await owner.patch(`/api/properties/${property.id}`, { data: { isArchived: true } });
      await owner.dispose();
    }
  });
});
