import type { IncidentsCreateData } from '@arrendia/api-contract';
import { fromCents, toCents } from '@arrendia/locale-es';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError } from '../errors';
import { Incident } from '../models/Incident';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';
import { loadUnitInScope, tenantContractIds } from '../policies/scope';
import { propertyStaff } from '../queries/recipients';

const UNIT_NOT_FOUND = 'No se ha encontrado la unidad';

/**
 * The contract an incident on a unit belongs to. A tenant's report hangs on its own contract
 * (the Activo one first), so that no other tenant of the unit ever sees it; staff reports hang on
 * the unit's Activo contract, if there is one.
 */
async function contractFor(trx: Knex.Transaction, user: User, unitId: number): Promise<number | null> {
  const query = trx('contracts').select('contracts.id').where('contracts.rentableUnitId', unitId);
  if (canonicalRole(user.role?.roleName) === 'inquilino') {
    query.whereIn('contracts.id', tenantContractIds(trx, user)).orderByRaw(`case when contracts.status = 'Activo' then 0 else 1 end`);
  } else {
    query.where('contracts.status', 'Activo');
  }
  const row = await query.orderBy('contracts.startDate', 'desc').orderBy('contracts.id', 'desc').first();
  return row?.id ?? null;
}

/**
 * Reports an incident (POST /api/incidents) on a unit the user may act on (staff: their
 * properties' units; a tenant: the units of its contracts), as Abierta. Writes one audit row for
 * the incident and notifies the property's staff. Returns the new incident's id.
 */
export async function reportIncident(trx: Knex.Transaction, user: User, input: IncidentsCreateData): Promise<number> {
  const unit = await loadUnitInScope(trx, user, input.rentableUnitId).catch((err: unknown) => {
    // Named after the field, so the form can point at the wrong choice.
    if (err instanceof HttpError && err.status === 404) throw new HttpError(404, 'not_found', UNIT_NOT_FOUND, { rentableUnitId: UNIT_NOT_FOUND });
    throw err;
  });

  const incident = await Incident.query(trx).insertAndFetch({
    rentableUnitId: unit.id,
    contractId: await contractFor(trx, user, unit.id),
    reportedByUserId: user.id,
    incidentCategory: input.incidentCategory,
    title: input.title,
    description: input.description,
    status: 'Abierta',
    priority: input.priority,
    costEstimate: input.costEstimate === undefined ? null : fromCents(toCents(input.costEstimate)),
  });
  await audit(trx, { userId: user.id, action: 'create', tableName: 'incidents', recordId: incident.id, newValues: incident });

  await notify(trx, await propertyStaff(trx, unit.mainPropertyId, user.id), {
    title: 'Nueva incidencia',
    message: `${displayName(user)} ha reportado «${incident.title}» en ${unit.unitName}`,
    notificationType: 'new_incident',
    relatedEntityType: 'incident',
    relatedEntityId: incident.id,
  });
  return incident.id;
}
