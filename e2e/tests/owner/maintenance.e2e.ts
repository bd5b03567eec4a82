import { expect, test } from '@playwright/test';
import type { MaintenancePlan, MaintenanceStats, MaintenanceTask } from '@arrendia/api-contract';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';

test.describe('maintenance (/maintenance) as the demo owner', () => {
  test("completing a preventive plan's task books the next one at the plan's interval, and the cards change", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Mantenimiento e2e ${stamp}`);
    try {
      const title = `Revisión e2e ${stamp}`;
      const created = await page.request.post('/api/maintenance/plans', { data: { title, mainPropertyId: property.id, intervalMonths: 3, nextDate: '2026-11-30', estimatedCost: 60 } });
      expect(created.status(), await created.text()).toBe(201);
      const plan = (await created.json()) as MaintenancePlan;
      const stats = async () => (await (await page.request.get('/api/maintenance/stats')).json()) as MaintenanceStats;
      const before = await stats();

      await page.goto('/maintenance');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Mantenimiento' })).toBeVisible();
      const doneCard = main.getByRole('group', { name: 'Completadas este Mes' });
      await expect(doneCard).toContainText(String(before.doneThisMonth));
      const card = main.getByRole('article', { name: title });
      await card.getByRole('button', { name: 'Iniciar Tarea' }).click();
      await expect(card).toContainText('En progreso');
      await card.getByRole('button', { name: 'Completar Tarea' }).click();
      await expect(main.getByRole('article', { name: title }).filter({ hasText: 'Completado' })).toBeVisible();

      // The next task: 30/11/2026 + 3 months = 28/02/2027 (the month's last day), Programado.
      const next = main.getByRole('article', { name: title }).filter({ hasText: 'Programado' });
      await expect(next).toContainText('28/02/2027');
      await expect(doneCard).toContainText(String(before.doneThisMonth + 1));
      await main.getByRole('tab', { name: 'Preventivo' }).click();
      await expect(main.getByRole('article', { name: title })).toContainText('28/02/2027');

      const tasks = ((await (await page.request.get('/api/maintenance/tasks?pageSize=100')).json()) as MaintenanceTask[]).filter((t) => t.planId === plan.id);
      expect(tasks.map((t) => [t.scheduledDate, t.status])).toEqual([
        ['2026-11-30', 'Completado'],
        ['2027-02-28', 'Programado'],
      ]);
      expect(Number((await stats()).costThisMonth)).toBeCloseTo(Number(before.costThisMonth) + 60, 2);
      // Clean up: the plan is paused (a cancelled task of an active plan books its next one) and its next task cancelled, so the pending count is as before.
      expect((await page.request.patch(`/api/maintenance/plans/${plan.id}`, { data: { isActive: false } })).status()).toBe(200);
      for (const t of tasks.filter((t) => t.status === 'Programado')) expect((await page.request.patch(`/api/maintenance/tasks/${t.id}`, { data: { status: 'Cancelado' } })).status()).toBe(200);
    } finally {
      await property.cleanUp();
    }
  });
});
