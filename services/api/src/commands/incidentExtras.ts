import { INCIDENT_PHOTO_COUNT_ERROR, type DocumentMimeType } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict } from '../errors';
import type { User } from '../models/User';
import { displayName, notify, preview } from '../notify';
import type { DocumentRow } from '../presenters/document';
import { loadIncidentInScope, type IncidentInScope } from '../queries/incidents';
import { contractTenants, propertyStaff } from '../queries/recipients';
import { storeDocument } from './documentStore';

/** The people on the other side of an incident from `user`: its tenants for the staff, the staff for a tenant. */
async function otherSide(trx: Knex.Transaction, user: User, incident: IncidentInScope): Promise<number[]> {
  if (canonicalRole(user.role?.roleName) === 'inquilino') return propertyStaff(trx, incident.propertyId, user.id);
  const tenants = incident.contractId ? await contractTenants(trx, incident.contractId) : [];
  return [...tenants, ...(incident.reportedByUserId ? [incident.reportedByUserId] : [])].filter((id) => id !== user.id);
}

/**
 * Adds a photo to an incident (POST /api/incidents/:id/photos): its reporter, a tenant of its
 * contract or its staff; at most INCIDENT_PHOTO_MAX, counted under a lock on the incident so two
 * uploads at once cannot pass the limit together.
 */
export async function addIncidentPhoto(trx: Knex.Transaction, user: User, dir: string, id: number, file: { bytes: Buffer; originalName: string; fileType: DocumentMimeType }, max: number): Promise<DocumentRow> {
  const incident = await loadIncidentInScope(trx, user, id, true);
  const count = await trx('documents').where({ relatedEntityType: 'incident', relatedEntityId: incident.id }).whereIn('fileType', ['image/jpeg', 'image/png']).count({ n: '*' }).first();
  if (Number(count?.n ?? 0) >= max) throw conflict(INCIDENT_PHOTO_COUNT_ERROR, { file: INCIDENT_PHOTO_COUNT_ERROR });
  return storeDocument(trx, user, dir, { ...file, category: 'otro', relatedEntityType: 'incident', relatedEntityId: incident.id });
}

/** Comments on an incident (POST /api/incidents/:id/comments); the other side is told, live. */
export async function addIncidentComment(trx: Knex.Transaction, user: User, id: number, content: string): Promise<number> {
  const incident = await loadIncidentInScope(trx, user, id);
  const [row] = await trx('incident_comments').insert({ incidentId: incident.id, userId: user.id, content }).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'incident_comments', recordId: row.id, newValues: { incidentId: incident.id, content } });
  await notify(trx, await otherSide(trx, user, incident), {
    title: 'Nuevo comentario en una incidencia',
    message: `${displayName(user)} en «${incident.title}»: ${preview(content)}`,
    notificationType: 'incident_commented',
    relatedEntityType: 'incident',
    relatedEntityId: incident.id,
  });
  return row.id;
}
