import { UNIT_TYPE_NAMES, type UnitTypeName } from '@arrendia/api-contract';
import { ROLE_LABELS, ROLE_NAMES } from '@arrendia/permissions';
import { REMOTE_NAMES, REMOTE_ROLES } from '@arrendia/remote-contract';
import { defaultManifestUrl } from '../staticFiles';
import type { Knex } from 'knex';

/** The six roles; every deployment needs them, demo or not. Existing rows are left as they are. */
export async function seedRoles(knex: Knex): Promise<void> {
  await knex('roles')
    .insert(ROLE_NAMES.map((roleName) => ({ roleName, description: ROLE_LABELS[roleName] })))
    .onConflict('roleName')
    .ignore();
}

/**
 * The five remotes, served by this process by default. A remote already registered keeps what a
 * super admin set (enabled, address), restart after restart.
 */
export async function seedRemotes(knex: Knex): Promise<void> {
  await knex('remotes')
    .insert(
      REMOTE_NAMES.map((name) => ({
        name,
        roles: [...REMOTE_ROLES[name]],
        manifestUrl: defaultManifestUrl(name),
        enabled: true,
        version: '1',
      })),
    )
    .onConflict('name')
    .ignore();
}

const UNIT_TYPE_DESCRIPTIONS: Readonly<Record<UnitTypeName, string>> = {
  vivienda: 'Vivienda completa',
  habitacion: 'Habitación en vivienda compartida',
  garaje: 'Plaza de garaje',
  trastero: 'Trastero',
  oficina: 'Oficina',
  local: 'Local comercial',
};

/** Income and expense categories every portfolio uses. */
export const TRANSACTION_CATEGORIES: readonly { categoryName: string; isExpense: boolean }[] = [
  { categoryName: 'Alquiler', isExpense: false },
  { categoryName: 'Fianza', isExpense: false },
  { categoryName: 'Suministros repercutidos', isExpense: false },
  { categoryName: 'Otros ingresos', isExpense: false },
  { categoryName: 'Comunidad', isExpense: true },
  { categoryName: 'Reparaciones', isExpense: true },
  { categoryName: 'Seguro', isExpense: true },
  { categoryName: 'IBI', isExpense: true },
  { categoryName: 'Suministros', isExpense: true },
  { categoryName: 'Gestión', isExpense: true },
  { categoryName: 'Otros gastos', isExpense: true },
];

/** Unit types (spec §3 form values) and transaction categories: reference data, demo or not. */
export async function seedCatalogues(knex: Knex): Promise<void> {
  await knex('unit_types')
    .insert(UNIT_TYPE_NAMES.map((typeName) => ({ typeName, description: UNIT_TYPE_DESCRIPTIONS[typeName] })))
    .onConflict('typeName')
    .ignore();
  await knex('transaction_categories').insert(TRANSACTION_CATEGORIES).onConflict('categoryName').ignore();
}
