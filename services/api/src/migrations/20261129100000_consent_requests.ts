import type { Knex } from 'knex';

/**
 * Consent for a relationship (issue 30): a request one party makes of another, which binds nobody
 * until that party accepts it.
 * - 'delegation': an owner asks the propietario_delegado with `email` to manage its portfolio; the
 *   owner_delegations row is written when that account accepts (by email: the answer to the owner
 *   never tells whether such an account exists).
 * - 'agency_management': an owner (or its delegate) asks agency `agencyId` to manage property
 *   `mainPropertyId`; the property's managerAgencyId is set when the agency's admin accepts.
 * Tenants keep their own token invitations (tenant_invitations): they may have no account yet.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consent_requests', (t) => {
    t.increments('id');
    t.string('kind', 30).notNullable();
    t.integer('requestedByUserId').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('ownerUserId').notNullable().references('users.id').onDelete('CASCADE');
    t.string('email', 255);
    t.integer('agencyId').references('agencies.id').onDelete('CASCADE');
    t.integer('mainPropertyId').references('main_properties.id').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('Pendiente');
    t.integer('respondedByUserId').references('users.id').onDelete('SET NULL');
    t.timestamp('respondedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`"kind" in ('delegation', 'agency_management')`, [], 'consent_requests_kind_check');
    t.check(`"status" in ('Pendiente', 'Aceptada', 'Rechazada', 'Cancelada')`, [], 'consent_requests_status_check');
    t.check(
      `("kind" = 'delegation' and "email" is not null and "agencyId" is null and "mainPropertyId" is null)
       or ("kind" = 'agency_management' and "email" is null and "agencyId" is not null and "mainPropertyId" is not null)`,
      [],
      'consent_requests_subject_check',
    );
  });
  // One pending request per relationship: a second one is a 409, not a duplicate to answer twice.
  await knex.raw(`create unique index consent_requests_pending_delegation on consent_requests ("ownerUserId", "email") where "kind" = 'delegation' and "status" = 'Pendiente'`);
  await knex.raw(`create unique index consent_requests_pending_management on consent_requests ("mainPropertyId") where "kind" = 'agency_management' and "status" = 'Pendiente'`);
  // The incoming requests of a delegate (by its email) and of an agency, read on their dashboards.
  await knex.raw(`create index consent_requests_incoming_email on consent_requests ("email") where "status" = 'Pendiente'`);
  await knex.raw(`create index consent_requests_incoming_agency on consent_requests ("agencyId") where "status" = 'Pendiente'`);
  await knex.raw(`create index consent_requests_owner on consent_requests ("ownerUserId", "createdAt" desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consent_requests');
}
