import type { Knex } from 'knex';
import type { DemoCalendar } from './demoCalendar';

/**
 * Maintenance of the demo (issue 11), for the demo owner and the demo agency: a provider each, a
 * preventive plan each with its next task, and tasks in every state, one answering an open
 * incident. Runs with the portfolio's first seeding only, so nothing a user deleted comes back.
 */
export async function seedDemoMaintenance(trx: Knex.Transaction, cal: DemoCalendar, agencyId: number): Promise<void> {
  const owner = await trx('users').where('email', 'owner@demo.arrendia.es').first('id');
  const accounts = [
    { key: { ownerUserId: owner?.id ?? null, agencyId: null }, properties: trx('main_properties').where({ ownerUserId: owner?.id ?? -1 }).whereNull('managerAgencyId') },
    { key: { ownerUserId: null, agencyId }, properties: trx('main_properties').where({ managerAgencyId: agencyId }) },
  ];
  const providers = [
    { name: 'Fontanería Hermanos Gil SL', trade: 'Fontanería', nifCif: 'B84021971', telefono: '914556210', email: 'avisos@fontaneriagil.es', ibanBancaria: 'ES9121000418450200051332' },
    { name: 'Clima Centro Instalaciones SL', trade: 'Calefacción y climatización', nifCif: 'B86537628', telefono: '917332118', email: 'servicio@climacentro.es', ibanBancaria: 'ES7921000813610123456789' },
  ];
  for (const [i, account] of accounts.entries()) {
    if (!account.key.ownerUserId && !account.key.agencyId) continue;
    const [property] = await account.properties.clone().where('isArchived', false).orderBy('id').limit(1).select('id');
    if (!property) continue;
    const unit = await trx('rentable_units').where('mainPropertyId', property.id).orderBy('id').first('id');
    const [provider] = await trx('providers').insert({ ...providers[i]!, ...account.key }).returning('id');
    const [plan] = await trx('maintenance_plans')
      .insert({ mainPropertyId: property.id, rentableUnitId: unit?.id ?? null, providerId: provider.id, title: 'Revisión anual de la caldera', intervalMonths: 12, nextDate: cal.date(1, 15), estimatedCost: '90.00' })
      .returning('id');
    const incident = await trx('incidents').join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId').where('rentable_units.mainPropertyId', property.id).orderBy('incidents.id').first('incidents.id', 'incidents.createdAt');
    await trx('maintenance_tasks').insert([
      { mainPropertyId: property.id, rentableUnitId: unit?.id ?? null, providerId: provider.id, planId: plan.id, title: 'Revisión anual de la caldera', taskType: 'Preventivo', scheduledDate: cal.date(1, 15), cost: '90.00' },
      { mainPropertyId: property.id, rentableUnitId: unit?.id ?? null, providerId: provider.id, title: 'Revisar la bajante del patio', taskType: 'Correctivo', scheduledDate: cal.date(0, 28), status: 'En progreso', startedAt: cal.ago(1) },
      {
        mainPropertyId: property.id,
        rentableUnitId: unit?.id ?? null,
        providerId: provider.id,
        incidentId: incident?.id ?? null,
        title: 'Reparación de la incidencia',
        taskType: 'Correctivo',
        scheduledDate: cal.date(0, 1),
        status: 'Completado',
        cost: '145.00',
        startedAt: cal.ago(0, 6),
        completedAt: cal.ago(0, 2),
      },
      { mainPropertyId: property.id, rentableUnitId: null, providerId: null, title: 'Pintar el portal', taskType: 'Correctivo', scheduledDate: cal.date(0, 10), status: 'Cancelado' },
    ]);
  }
}
