import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { cifControl } from '@arrendia/locale-es';
import sharp from 'sharp';
import { apiAs, signIn } from '../../fixtures/api';
import { AgentDashboardPage } from '../../pom/AgentDashboardPage';

/**
 * Issue 32's journey: the super admin creates an agency and invites its manager; the manager signs
 * up through the link, invites an owner who accepts, creates the owner's flat with three rooms,
 * puts an agent in charge and publishes two rooms with photos; a signed-out visitor finds them in
 * /alquiler and writes; the agent sees the lead and books a visit; a contract on one room takes its
 * advert out of the catalogue.
 */

const PASSWORD = 'contraseña-del-recorrido-1';

/** A valid CIF (an association, G) unique to the run. */
function uniqueCif(): string {
  const first8 = `G${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  return `${first8}${cifControl(first8).digit}`;
}

function futureDay(): string {
  const d = new Date();
  d.setDate(d.getDate() + 20 + Math.floor(Math.random() * 20));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const photo = (r: number, g: number, b: number) => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();

/** A new browser context's page, signed in with `email` and PASSWORD. */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

/** The link a dialog shows to hand over, as a path of this site. */
async function linkShown(page: Page, name: string | RegExp): Promise<string> {
  const value = await page.getByRole('textbox', { name }).inputValue();
  return new URL(value, 'http://localhost').pathname;
}

async function upload(api: APIRequestContext, listingId: number, buffer: Buffer) {
  const res = await api.post(`/api/listings/${listingId}/photos`, { multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer } } });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('issue 32: a portfolio built from nothing', () => {
  test('agency, manager, owner, property with three rooms, agent, two adverts with photos, a lead, a visit and a contract that takes one advert down', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const agencyName = `Agencia Recorrido ${stamp}`;
    const managerEmail = `gerente.${stamp}@recorrido.arrendia.es`;
    const ownerEmail = `propietaria.${stamp}@recorrido.arrendia.es`;
    const agentEmail = `agente.${stamp}@recorrido.arrendia.es`;
    const zone = `Recorrido ${stamp}`;

    // 1. The super admin creates the agency and invites its manager.
    await signIn(page.request, 'admin');
    await page.goto('/users');
    await page.getByRole('tab', { name: 'Agencias' }).click();
    await page.getByRole('button', { name: 'Nueva agencia' }).click();
    const agencyForm = page.getByRole('form', { name: 'Nueva agencia' });
    await agencyForm.getByLabel('Nombre de la agencia').fill(agencyName);
    await agencyForm.getByLabel('CIF').fill(uniqueCif());
    await agencyForm.getByLabel('Dirección fiscal').fill('Calle de Serrano 10, Madrid');
    await agencyForm.getByLabel('Correo electrónico').fill(`agencia.${stamp}@recorrido.arrendia.es`);
    await agencyForm.getByRole('button', { name: /Crear|Guardar/ }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: `Invitar gerente de ${agencyName}` }).click();
    const invite = page.getByRole('dialog', { name: 'Invitar gerente' });
    await invite.getByLabel('Nombre', { exact: true }).fill('Gema');
    await invite.getByLabel('Apellidos').fill('Gerente');
    await invite.getByLabel('Correo electrónico').fill(managerEmail);
    await invite.getByRole('button', { name: 'Invitar gerente' }).click();
    const managerLink = await linkShown(page, 'Enlace para elegir la contraseña');
    const admin = await apiAs(baseURL!, 'admin');
    // The agency's agent, created by the super admin with a password (Usuarios' 'Crear Usuario').
    const [{ id: agencyId }] = (await (await admin.get(`/api/agencies?q=${encodeURIComponent(agencyName)}`)).json()) as { id: number }[];
    const agentRes = await admin.post('/api/users', { data: { email: agentEmail, firstName: 'Álex', lastName: 'Agente', roleName: 'agente', agencyId, password: PASSWORD } });
    expect(agentRes.status(), await agentRes.text()).toBe(201);

    // 2. The manager chooses its password through the link and signs in.
    const managerPage = await (await browser.newContext()).newPage();
    await managerPage.goto(managerLink);
    await managerPage.getByLabel('Nueva contraseña').fill(PASSWORD);
    await managerPage.getByLabel('Repite la contraseña').fill(PASSWORD);
    await managerPage.getByRole('button', { name: 'Guardar contraseña' }).click();
    // Saved, the page opens the sign-in.
    await managerPage.waitForURL('**/?login=1');
    await managerPage.context().close();
    const manager = await signedInPage(browser, managerEmail);

    // 3. The manager invites a new owner from 'Añadir Propiedad'; she accepts through the link.
    await manager.goto('/properties');
    await manager.getByRole('button', { name: 'Añadir Propiedad' }).click();
    await manager.getByRole('button', { name: 'Invitar a un propietario nuevo' }).click();
    const ownerInvite = manager.getByRole('dialog', { name: /Invitar/ }).last();
    await ownerInvite.getByLabel('Correo electrónico').fill(ownerEmail);
    await ownerInvite.getByLabel('Nombre', { exact: true }).fill('Olivia');
    await ownerInvite.getByLabel('Apellidos').fill('Propietaria');
    await ownerInvite.getByRole('button', { name: 'Crear invitación' }).click();
    const ownerLink = await linkShown(manager, /Enlace/);
    await manager.keyboard.press('Escape');
    await manager.keyboard.press('Escape');

    const ownerPage = await (await browser.newContext()).newPage();
    await ownerPage.goto(ownerLink);
    await expect(ownerPage.getByText(agencyName).first()).toBeVisible();
    await ownerPage.getByLabel('Contraseña').fill(PASSWORD);
    await ownerPage.getByRole('button', { name: 'Crear cuenta y aceptar' }).click();
    await ownerPage.waitForURL('**/dashboard');

    // 4. The manager creates her flat (three rooms) and puts the agent in charge.
    const managerApi = manager.request;
    const owners = (await (await managerApi.get('/api/properties/owners')).json()) as { id: number; email?: string; firstName: string | null }[];
    const owner = owners.find((o) => o.firstName === 'Olivia');
    expect(owner).toBeDefined();
    const created = await managerApi.post('/api/properties', { data: { propertyName: `Piso compartido ${stamp}`, addressStreet: 'Calle de Lavapiés', addressNumber: '30', city: 'Madrid', province: 'Madrid', postalCode: '28012', ownerUserId: owner!.id } });
    expect(created.status(), await created.text()).toBe(201);
    const property = (await created.json()) as { id: number };
    const rooms: { id: number; name: string }[] = [];
    for (const [i, name] of ['Habitación Norte', 'Habitación Sur', 'Habitación Patio'].entries()) {
      const res = await managerApi.post(`/api/properties/${property.id}/units`, { data: { unitType: 'habitacion', unitName: name, areaM2: 11 + i, baseRentPrice: 2300 + i * 50 } });
      expect(res.status(), await res.text()).toBe(201);
      rooms.push({ id: ((await res.json()) as { id: number }).id, name });
    }
    await manager.goto(`/properties/${property.id}`);
    await expect(manager.getByText('Habitación Patio')).toBeVisible();
    await manager.getByRole('combobox', { name: 'Agente asignado' }).click();
    await manager.getByRole('option', { name: 'Álex Agente' }).click();
    await expect(manager.getByText('Agente asignado', { exact: true }).last()).toBeVisible();
    await expect.poll(async () => ((await (await managerApi.get(`/api/properties/${property.id}`)).json()) as { assignedAgent: { id: number } | null }).assignedAgent?.id).toBe(((await agentRes.json()) as { id: number }).id);

    // 5. Two rooms published with photos ('Publicar anuncio' itself is owner/listings.e2e.ts's).
    const listingIds: number[] = [];
    try {
      for (const room of rooms.slice(0, 2)) {
        const res = await managerApi.post(`/api/units/${room.id}/listing`, {
          data: { listingType: 'Habitación', title: `${room.name} en Lavapiés ${stamp}`, district: zone, description: `${room.name}, exterior y amueblada.`, price: 2300, contactPhone: '600123456' },
        });
        expect(res.status(), await res.text()).toBe(201);
        const id = ((await res.json()) as { id: number }).id;
        listingIds.push(id);
        await upload(managerApi, id, await photo(180, 90, 40));
        await upload(managerApi, id, await photo(40, 90, 180));
      }

      // 6. A signed-out visitor finds both and writes about the first.
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(`/alquiler?q=${encodeURIComponent(zone)}`);
      await expect(visitor.getByRole('article')).toHaveCount(2);
      await visitor.getByRole('link', { name: `Habitación Norte en Lavapiés ${stamp}` }).click();
      await visitor.getByRole('button', { name: 'Enviar mensaje' }).click();
      const form = visitor.getByRole('form', { name: 'Enviar mensaje al anunciante' });
      const visitorName = `Vera Visitante ${stamp}`;
      await form.getByLabel('Nombre').fill(visitorName);
      await form.getByLabel('Correo electrónico').fill('vera.visitante@example.com');
      await form.getByLabel('Mensaje').fill('¿Puedo ver la habitación esta semana?');
      visitor.on('dialog', (d) => void d.accept());
      const lead = visitor.waitForResponse((r) => r.url().endsWith('/api/public/leads'));
      await form.getByRole('button', { name: 'Enviar' }).click();
      expect((await lead).status()).toBe(201);

      // 7. The agent in charge sees the lead and books a visit.
      const agentPage = await signedInPage(browser, agentEmail);
      const dashboard = new AgentDashboardPage(agentPage);
      await dashboard.goto();
      const leadCard = dashboard.card(visitorName);
      await expect(leadCard).toContainText(`Habitación Norte en Lavapiés ${stamp}`);
      await leadCard.getByRole('button', { name: `Programar Visita con ${visitorName}` }).click();
      await dashboard.book({ date: futureDay(), time: '18:00' });
      await expect(agentPage.getByText(`Visita con ${visitorName} programada`)).toBeVisible();

      // 8. A contract on the first room takes its advert out of the catalogue.
      const contract = await managerApi.post('/api/contracts', { data: { contractCode: `CTR-RECORRIDO-${stamp}`, rentableUnitId: rooms[0].id, startDate: '2026-12-01', rentAmount: 2300, depositAmount: 2300, status: 'Activo' } });
      expect(contract.status(), await contract.text()).toBe(201);
      await visitor.goto(`/alquiler?q=${encodeURIComponent(zone)}`);
      await expect(visitor.getByRole('article')).toHaveCount(1);
      await expect(visitor.getByRole('article')).toContainText('Habitación Sur');
    } finally {
      // The catalogue's own tests count every price range exactly.
      for (const id of listingIds) await managerApi.delete(`/api/listings/${id}`);
      await admin.dispose();
    }
  });
});
