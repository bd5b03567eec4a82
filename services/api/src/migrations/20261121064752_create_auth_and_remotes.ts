import type { Knex } from 'knex';

/**
 * The tables of spec §3 that sign-in and the remote registry need, with the spec's camelCase
 * column names. The rest of the model comes in later migrations. PostgreSQL 15 SQL only.
 */
export async function up(knex: Knex): Promise<void> {
  const timestamps = (t: Knex.CreateTableBuilder) => {
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('roles', (t) => {
    t.increments('id');
    t.string('roleName', 50).notNullable().unique();
    t.text('description');
  });

  await knex.schema.createTable('agencies', (t) => {
    t.increments('id');
    t.string('nombreAgencia', 255).notNullable();
    t.string('cifAgencia', 20).notNullable().unique();
    t.string('direccionFiscal', 255);
    t.string('telefonoAgencia', 20);
    t.string('emailAgencia', 255);
    t.text('logoUrl');
    t.string('webAgencia', 255);
    timestamps(t);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.integer('roleId').notNullable().references('id').inTable('roles').onDelete('RESTRICT').index();
    t.integer('agencyId').references('id').inTable('agencies').onDelete('SET NULL').index();
    t.string('email', 255).notNullable().unique();
    t.string('password', 255).notNullable();
    t.string('firstName', 100);
    t.string('lastName', 100);
    t.string('nifCif', 20);
    t.string('direccionFiscal', 255);
    t.string('telefono', 20);
    t.string('ibanBancaria', 34);
    t.text('profileImageUrl');
    t.string('preferredLanguage', 2).notNullable().defaultTo('es');
    t.boolean('isActive').notNullable().defaultTo(true);
    t.timestamp('emailVerifiedAt', { useTz: true });
    t.timestamp('lastLogin', { useTz: true });
    t.timestamp('lastPasswordChange', { useTz: true });
    timestamps(t);
  });

  // koa-session's store: the same layout connect-pg-simple uses.
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index();
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.integer('userId').references('id').inTable('users').onDelete('SET NULL').index();
    t.string('action', 50).notNullable();
    t.string('tableName', 100).notNullable();
    t.string('recordId', 100);
    t.jsonb('oldValues');
    t.jsonb('newValues');
    t.timestamp('changedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now()).index();
  });

  await knex.schema.createTable('user_sessions', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.string('refreshToken', 255).notNullable().unique();
    t.text('userAgent');
    t.string('ipAddress', 45);
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The run-time registry of federated remotes the shell loads (decisions.md).
  await knex.schema.createTable('remotes', (t) => {
    t.string('name', 100).primary();
    t.specificType('roles', 'text[]').notNullable().defaultTo('{}');
    t.string('manifestUrl', 500).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('version', 50).notNullable().defaultTo('1');
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['remotes', 'user_sessions', 'audit_log', 'sessions', 'users', 'agencies', 'roles']) {
    await knex.schema.dropTable(table);
  }
}
