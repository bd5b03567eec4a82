import { AGENCY_ACTIVATION_REFUSED, AGENCY_CIF_TAKEN, type AgenciesCreateSchema, type AgenciesPatchSchema } from '@arrendia/api-contract';
import { can } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { audit } from '../audit';
import { conflict, HttpError } from '../errors';
import type { User } from '../models/User';
import { agencyUserIds, lockAgencyRow } from '../queries/agencies';
import { endSessions } from '../sessions';
import { changes } from './userAdministrator';

/**
 * The agencies of the platform (issue 32), one command per use case: the super admin creates any
 * agency and edits, deactivates or reactivates it; an agency manager edits its own, never its status.
 */

/** 409 on `cifAgencia` when another agency has the CIF already. */
async function refuseTakenCif(trx: Knex.Transaction, cifAgencia: string, exceptId?: number): Promise<void> {
  const query = trx('agencies').where('cifAgencia', cifAgencia);
  if (exceptId !== undefined) query.whereNot('id', exceptId);
  if (await query.first('id')) throw conflict(AGENCY_CIF_TAKEN, { cifAgencia: AGENCY_CIF_TAKEN });
}

/** 'Nueva agencia' (POST /api/agencies): an active agency; its id. */
export async function createAgency(trx: Knex.Transaction, admin: User, input: z.output<typeof AgenciesCreateSchema>): Promise<number> {
  await refuseTakenCif(trx, input.cifAgencia);
  const values = { ...input, telefonoAgencia: input.telefonoAgencia ?? null, webAgencia: input.webAgencia ?? null, commissionRate: input.commissionRate.toFixed(2) };
  const [{ id }] = await trx('agencies').insert(values).returning('id');
  await audit(trx, { userId: admin.id, action: 'create', tableName: 'agencies', recordId: id, newValues: { ...values, isActive: true } });
  return id;
}

/**
 * 'Editar', 'Activar' and 'Desactivar' (PATCH /api/agencies/:id). An agency out of the user's scope
 * is not found (404); `isActive` is the super admin's alone (403). Deactivating ends the sessions of
 * every user of the agency in the same transaction, so their next request answers 401 at once; the
 * sign-in then refuses them (commands/userSignIn.ts) until the agency is reactivated.
 */
export async function updateAgency(trx: Knex.Transaction, user: User, id: number, input: z.output<typeof AgenciesPatchSchema>): Promise<void> {
  const agency = await lockAgencyRow(trx, user, id);
  if (input.isActive !== undefined && !can(user.role?.roleName, 'agencies:manage')) {
    throw new HttpError(403, 'forbidden', AGENCY_ACTIVATION_REFUSED, { isActive: AGENCY_ACTIVATION_REFUSED });
  }
  if (input.cifAgencia !== undefined && input.cifAgencia !== agency.cifAgencia) await refuseTakenCif(trx, input.cifAgencia, id);
  const { oldValues, newValues } = changes(
    { ...agency, commissionRate: Number(agency.commissionRate).toFixed(2) },
    { ...input, commissionRate: input.commissionRate?.toFixed(2) },
  );
  if (Object.keys(newValues).length) {
    await trx('agencies').where('id', id).update({ ...newValues, updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'agencies', recordId: id, oldValues, newValues });
  }
  if (input.isActive === false) for (const userId of await agencyUserIds(trx, id)) await endSessions(trx, userId);
}
