import { expect, test } from '@playwright/test';
import { ALREADY_CONFIRMED, type RentCharge } from '@arrendia/api-contract';
import { apiAs, signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';

test.describe('paying rent by transfer (the demo tenant and owner, two browsers)', () => {
  test("the tenant marks the transfer, the owner confirms it, finances get the income once and the tenant is 'Al día'; a second confirmation is 409", async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    // A contract of its own for the demo tenant, started this month: its first charge is due at once.
    const tenantApi = await apiAs(baseURL!, 'tenant');
    const ownerApi = await apiAs(baseURL!, 'owner');
    const { id: tenantId } = (await (await tenantApi.get('/api/auth/user')).json()) as { id: number };
    const stamp = Date.now();
    const property = await withProperty(ownerApi, `Pago e2e ${stamp}`);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
    const created = await ownerApi.post('/api/contracts', {
      data: { contractCode: `PAGO-${stamp}`, rentableUnitId: property.unitId, startDate: `${today.slice(0, 7)}-01`, endDate: null, rentAmount: 1010, paymentDay: 1, depositAmount: 1010, depositStatus: 'Pendiente', status: 'Activo', renewalNoticeDays: 30, tenantUserIds: [tenantId] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contractId = ((await created.json()) as { contract: { id: number } }).contract.id;
    const charges = (await (await tenantApi.get(`/api/rent-charges?contractId=${contractId}`)).json()) as RentCharge[];
    expect(charges.map((c) => c.status)).toEqual(['Pendiente']);
    const latest = charges[0];

    const tenantContext = await browser.newContext();
    const tenant = await tenantContext.newPage();
    await signIn(tenant.request, 'tenant');
    await tenant.goto('/dashboard');
    const main = tenant.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Mi Alquiler' })).toBeVisible();
    await main.getByRole('button', { name: 'Pagar', exact: true }).click();
    const dialog = tenant.getByRole('dialog', { name: 'Pagar la renta' });
    await expect(dialog.getByText(latest!.reference)).toBeVisible();
    await expect(dialog.getByText(/^[•\s]+\d{4}$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'He realizado la transferencia' }).click();
    await expect(tenant.getByText('Tu casero confirmará la recepción del pago.')).toBeVisible();

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner.request, 'owner');
    const incomeBefore = (await (await owner.request.get(`/api/transactions?propertyId=${property.id}&pageSize=100`)).json()) as unknown[];
    await owner.goto('/finances');
    await owner.getByRole('button', { name: `Confirmar recepción de la renta ${latest!.period} de ${latest!.contractCode}` }).click();
    await owner.getByRole('alertdialog', { name: '¿Confirmar la recepción del pago?' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(owner.getByText('Pago confirmado').first()).toBeVisible();

    const incomeAfter = (await (await owner.request.get(`/api/transactions?propertyId=${property.id}&pageSize=100`)).json()) as unknown[];
    expect(incomeAfter.length).toBe(incomeBefore.length + 1);
    const again = await owner.request.post(`/api/rent-charges/${latest!.id}/confirm`);
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ALREADY_CONFIRMED);
    expect(((await (await owner.request.get(`/api/transactions?propertyId=${property.id}&pageSize=100`)).json()) as unknown[]).length).toBe(incomeAfter.length);

    await tenant.reload();
    await expect(main.getByRole('region', { name: /Estado de Pagos/ }).getByText('Al día')).toBeVisible();

    await property.cleanUp();
    await tenantApi.dispose();
    await ownerApi.dispose();
    await ownerContext.close();
    await tenantContext.close();
  });
});
