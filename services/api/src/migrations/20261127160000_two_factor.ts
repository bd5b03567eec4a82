import type { Knex } from 'knex';

/**
 * Two-factor authentication (spec §2, Seguridad: off by default). A secret set while it is off is
 * a setup waiting for its first code; `twoFactorEnabledAt` says it is in force. `twoFactorLastStep`
 * is the time step of the last code accepted, so a code is good once; the recovery codes are kept
 * as SHA-256 hashes, one per code not yet used.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('twoFactorSecret', 64).nullable();
    t.timestamp('twoFactorEnabledAt', { useTz: true }).nullable();
    t.integer('twoFactorLastStep').nullable();
    t.jsonb('twoFactorRecoveryCodes').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumns('twoFactorSecret', 'twoFactorEnabledAt', 'twoFactorLastStep', 'twoFactorRecoveryCodes');
  });
}
