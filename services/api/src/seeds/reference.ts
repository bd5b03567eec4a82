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
