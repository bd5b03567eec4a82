import { expect, test } from '@playwright/test';
import type { ContractListItem, TenantRow } from '@arrendia/api-contract';
import { INVITATION_USED } from '@arrendia/api-contract';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';

test.describe('tenants (/tenants) and invitations, as the demo owner', () => {
  test('the list shows real tenants; an accepted invitation creates a tenant who sees that contract and nothing else; the link then answers used', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page.request, 'owner');
    const listed = (await (await page.request.get('/api/tenants?pageSize=1')).json()) as TenantRow[];
    expect(listed.length).toBe(1);

    await page.goto('/tenants');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Inquilinos' })).toBeVisible();
    const table = main.getByRole('table', { name: 'Inquilinos' });
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    const first = listed[0]!;
    await main.getByLabel('Buscar').fill(first.tenant.email);
    await expect(table.getByRole('row').filter({ hasText: first.tenant.email }).first()).toContainText(first.property.propertyName);

    // A contract of its own, for someone new.
    const stamp = Date.now();
    const property = await withProperty(page.request, `Invitación e2e ${stamp}`);
    try {
      const created = await page.request.post('/api/contracts', {
        data: { contractCode: `INV-${stamp}`, rentableUnitId: property.unitId, startDate: '2026-12-01', endDate: null, rentAmount: 875, paymentDay: 5, depositAmount: 875, depositStatus: 'Pendiente', status: 'Pendiente', renewalNoticeDays: 30 },
      });
      expect(created.status(), await created.text()).toBe(201);
      const contract = (await created.json()) as ContractListItem;
      const email = `inquilina.${stamp}@example.com`;

      await main.getByRole('button', { name: 'Invitar Inquilino' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invitar Inquilino' });
      await dialog.getByLabel('Correo electrónico').fill(email);
      await dialog.getByRole('combobox', { name: 'Contrato' }).click();
      await page.getByRole('option', { name: new RegExp(`^INV-${stamp}`) }).click();
      await dialog.getByRole('button', { name: 'Crear invitación' }).click();
      const linkField = dialog.getByLabel('Enlace de invitación (un solo uso, 7 días)');
      await expect(linkField).toHaveValue(/\/invitacion\/[\w-]{20,}$/);
      const link = await linkField.inputValue();

      // The invitee, in a browser of its own.
      const invitee = await browser.newContext();
      const inviteePage = await invitee.newPage();
      await inviteePage.goto(link);
      await expect(inviteePage.getByRole('heading', { name: `Invitación e2e ${stamp} · ${property.unitName}` })).toBeVisible();
      await inviteePage.getByLabel('Nombre').fill('Inés');
      await inviteePage.getByLabel('Apellidos').fill('Prueba');
      await inviteePage.getByLabel('Contraseña').fill('clave-de-prueba-1');
      await inviteePage.getByRole('button', { name: 'Crear cuenta y entrar' }).click();
      await expect(inviteePage).toHaveURL(/\/dashboard$/);
      const theirs = (await (await inviteePage.request.get('/api/contracts')).json()) as ContractListItem[];
      expect(theirs.map((c) => c.contract.id)).toEqual([contract.contract.id]);
      // Signed in, the link opens the invitation page (not a 404), which now says it is used.
      await inviteePage.goto(link);
      await expect(inviteePage.getByRole('alert')).toHaveText(INVITATION_USED);
      await expect(inviteePage.getByRole('link', { name: 'Ir a mi panel' })).toBeVisible();
      await invitee.close();

      // The link is used up.
      const again = await browser.newContext();
      const againPage = await again.newPage();
      await againPage.goto(link);
      await expect(againPage.getByRole('alert')).toHaveText(INVITATION_USED);
      await again.close();
    } finally {
      await property.cleanUp();
    }
  });
});
