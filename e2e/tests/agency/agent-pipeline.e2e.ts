import { expect, test } from '@playwright/test';
import type { Lead, Visit } from '@arrendia/api-contract';
import { VISIT_OVERLAP_MESSAGE } from '@arrendia/api-contract';
import { apiAs, signIn } from '../../fixtures/api';
import { AgentDashboardPage } from '../../pom/AgentDashboardPage';

/** A day 20-40 days ahead, so runs do not meet each other's visits. */
function futureDay(): string {
  const d = new Date();
  d.setDate(d.getDate() + 20 + Math.floor(Math.random() * 20));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test.describe("the agent's pipeline (/dashboard as the demo agent)", () => {
  test('a lead from a public property page reaches Clientes Potenciales; its visit shows in Visitas Programadas; an overlapping one is refused', async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    // An agency unit's public listing: one the agent already has leads on.
    const agentApi = await apiAs(baseURL!, 'agente');
    const existing = (await (await agentApi.get('/api/leads?mine=true&pageSize=100')).json()) as Lead[];
    expect(existing.length).toBeGreaterThan(0);
    const { listing, unit, property } = existing[0]!;

    // A visitor writes from the property page (the public endpoint the page's form calls).
    const name = `Cliente e2e ${Date.now()}`;
    const visitor = await playwright.request.newContext({ baseURL });
    const sent = await visitor.post('/api/public/leads', { data: { listingId: listing.id, name, email: 'cliente.e2e@example.com', message: '¿Puedo verlo esta semana?' } });
    expect(sent.status(), await sent.text()).toBe(201);
    await visitor.dispose();

    await signIn(page.request, 'agente');
    const dashboard = new AgentDashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.leadsTab).toHaveAttribute('aria-selected', 'true');
    const leadCard = dashboard.card(name);
    await expect(leadCard).toContainText(listing.title);
    await expect(leadCard).toContainText('Nuevo');

    const day = futureDay();
    const visitsBefore = Number((await agentApi.get('/api/visits?mine=true')).headers()['x-total-count']);
    await leadCard.getByRole('button', { name: `Programar Visita con ${name}` }).click();
    await dashboard.book({ date: day, time: '17:00' });
    await expect(page.getByText(`Visita con ${name} programada`)).toBeVisible();
    await expect(dashboard.card(name)).toContainText('Visita programada');

    await dashboard.visitsTab.click();
    const visitCard = dashboard.card(new RegExp(name));
    await expect(visitCard).toContainText(`${property.propertyName} · ${unit.unitName}`);

    // A second visit of the same agent at 17:30 overlaps the 17:00-17:45 one.
    await dashboard.scheduleButton.click();
    await dashboard.book({ date: day, time: '17:30', unit: `${property.propertyName} · ${unit.unitName}`, contact: 'Otra persona' });
    await expect(dashboard.dialog.getByText(VISIT_OVERLAP_MESSAGE)).toBeVisible();
    expect(Number((await agentApi.get('/api/visits?mine=true')).headers()['x-total-count'])).toBe(visitsBefore + 1);

    // Clean up: the visit is cancelled, the lead discarded.
    const visits = (await (await agentApi.get('/api/visits?mine=true&status=Programada&pageSize=100')).json()) as Visit[];
    for (const v of visits.filter((v) => v.contactName === name)) expect((await agentApi.patch(`/api/visits/${v.id}`, { data: { status: 'Cancelada' } })).status()).toBe(200);
    const mine = (await (await agentApi.get(`/api/leads?mine=true&q=${encodeURIComponent(name)}`)).json()) as Lead[];
    for (const l of mine) expect((await agentApi.patch(`/api/leads/${l.id}`, { data: { status: 'Descartado' } })).status()).toBe(200);
    await agentApi.dispose();
  });
});
