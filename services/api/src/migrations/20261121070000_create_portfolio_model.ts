import type { Knex } from 'knex';
import {
  CONTRACT_STATUSES,
  DEPOSIT_STATUSES,
  INCIDENT_CATEGORIES,
  INCIDENT_PRIORITIES,
  INCIDENT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  UNIT_STATUSES,
} from '@arrendia/api-contract';

/** A CHECK that a column holds one of the spec's Spanish values. */
function checkIn(table: Knex.CreateTableBuilder, column: string, values: readonly string[], name: string): void {
  table.check(`?? in (${values.map(() => '?').join(', ')})`, [column, ...values], name);
}

/**
 * The portfolio half of the data model (spec §3): properties, units, contracts, money, incidents,
 * documents, messaging, notifications, and the owner delegation table decisions.md asks for.
 * Every foreign key and every column a screen filters or sorts on is indexed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('main_properties', (t) => {
    t.increments('id').primary();
    t.integer('ownerUserId').notNullable().references('id').inTable('users').onDelete('RESTRICT').index();
    t.integer('managerAgencyId').nullable().references('id').inTable('agencies').onDelete('SET NULL').index();
    t.string('propertyName', 255).notNullable();
    t.string('addressStreet', 255).notNullable();
    t.string('addressNumber', 20);
    t.string('addressDetails', 255);
    t.string('city', 100).notNullable();
    t.string('province', 100).notNullable();
    t.string('postalCode', 10).notNullable();
    t.string('country', 100).notNullable().defaultTo('España');
    t.string('refCatastral', 20).unique();
    t.decimal('totalAreaM2', 10, 2);
    t.integer('buildYear');
    t.text('notes');
    t.boolean('isArchived').notNullable().defaultTo(false);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['ownerUserId', 'isArchived']);
    t.index(['city']);
  });

  await knex.schema.createTable('unit_types', (t) => {
    t.increments('id').primary();
    t.string('typeName', 50).notNullable().unique();
    t.text('description');
  });

  await knex.schema.createTable('rentable_units', (t) => {
    t.increments('id').primary();
    t.integer('mainPropertyId').notNullable().references('id').inTable('main_properties').onDelete('CASCADE').index();
    t.integer('unitTypeId').notNullable().references('id').inTable('unit_types').onDelete('RESTRICT').index();
    t.string('unitName', 255).notNullable();
    t.text('description');
    t.decimal('areaM2', 10, 2);
    t.string('currentStatus', 30).notNullable().defaultTo('Disponible').index();
    t.decimal('baseRentPrice', 10, 2);
    t.jsonb('amenities');
    t.boolean('isActive').notNullable().defaultTo(true);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    checkIn(t, 'currentStatus', UNIT_STATUSES, 'rentable_units_current_status_check');
  });

  await knex.schema.createTable('unit_details_residential', (t) => {
    t.integer('rentableUnitId').primary().references('id').inTable('rentable_units').onDelete('CASCADE');
    t.integer('numBedrooms').notNullable().defaultTo(1);
    t.integer('numBathrooms').notNullable().defaultTo(1);
    t.integer('floorLevel');
    t.boolean('isFurnished').notNullable().defaultTo(false);
    t.boolean('hasTerrace').notNullable().defaultTo(false);
    t.boolean('hasElevator').notNullable().defaultTo(false);
    t.boolean('hasAirConditioning').notNullable().defaultTo(false);
    t.string('heatingType', 50);
    t.string('energyCertificateRating', 1);
    t.boolean('allowsPets').notNullable().defaultTo(false);
    t.check(`"energyCertificateRating" is null or "energyCertificateRating" in ('A','B','C','D','E','F','G')`, [], 'unit_details_energy_rating_check');
  });

  await knex.schema.createTable('contracts', (t) => {
    t.increments('id').primary();
    t.integer('rentableUnitId').notNullable().references('id').inTable('rentable_units').onDelete('RESTRICT').index();
    t.string('contractCode', 50).notNullable().unique();
    t.date('startDate').notNullable();
    t.date('endDate');
    t.decimal('rentAmount', 10, 2).notNullable();
    t.integer('paymentDay').notNullable().defaultTo(1);
    t.decimal('depositAmount', 10, 2).notNullable().defaultTo(0);
    t.string('depositStatus', 20).notNullable().defaultTo('Pendiente');
    t.string('status', 20).notNullable().defaultTo('Activo').index();
    t.integer('renewalNoticeDays').defaultTo(30);
    t.text('terminationReason');
    t.text('notes');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['endDate']);
    t.check('"paymentDay" between 1 and 31', [], 'contracts_payment_day_check');
    t.check('"rentAmount" >= 0 and "depositAmount" >= 0', [], 'contracts_amounts_check');
    t.check('"endDate" is null or "endDate" >= "startDate"', [], 'contracts_dates_check');
    checkIn(t, 'status', CONTRACT_STATUSES, 'contracts_status_check');
    checkIn(t, 'depositStatus', DEPOSIT_STATUSES, 'contracts_deposit_status_check');
  });

  await knex.schema.createTable('tenants_contracts', (t) => {
    t.integer('tenantUserId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('contractId').notNullable().references('id').inTable('contracts').onDelete('CASCADE').index();
    t.boolean('isPrimaryTenant').notNullable().defaultTo(true);
    t.primary(['tenantUserId', 'contractId']);
  });

  await knex.schema.createTable('transaction_categories', (t) => {
    t.increments('id').primary();
    t.string('categoryName', 100).notNullable().unique();
    t.boolean('isExpense').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('transactions', (t) => {
    t.increments('id').primary();
    t.integer('rentableUnitId').references('id').inTable('rentable_units').onDelete('SET NULL').index();
    t.integer('mainPropertyId').references('id').inTable('main_properties').onDelete('CASCADE').index();
    t.integer('categoryId').references('id').inTable('transaction_categories').onDelete('RESTRICT').index();
    t.integer('contractId').references('id').inTable('contracts').onDelete('SET NULL').index();
    t.string('type', 10).notNullable();
    t.decimal('amount', 10, 2).notNullable();
    t.date('transactionDate').notNullable();
    t.string('description', 500);
    t.string('paymentMethod', 30);
    t.string('paymentGatewayTxnId', 100);
    t.string('status', 20).notNullable().defaultTo('Completado');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['transactionDate', 'id']);
    t.index(['mainPropertyId', 'transactionDate']);
    t.check('"amount" >= 0', [], 'transactions_amount_check');
    checkIn(t, 'type', TRANSACTION_TYPES, 'transactions_type_check');
    checkIn(t, 'status', TRANSACTION_STATUSES, 'transactions_status_check');
  });

  await knex.schema.createTable('incidents', (t) => {
    t.increments('id').primary();
    t.integer('rentableUnitId').notNullable().references('id').inTable('rentable_units').onDelete('CASCADE').index();
    t.integer('contractId').references('id').inTable('contracts').onDelete('SET NULL').index();
    t.integer('reportedByUserId').references('id').inTable('users').onDelete('SET NULL').index();
    t.integer('assignedToUserId').references('id').inTable('users').onDelete('SET NULL').index();
    t.string('incidentCategory', 50).notNullable();
    t.string('title', 255).notNullable();
    t.text('description').notNullable();
    t.string('status', 20).notNullable().defaultTo('Abierta').index();
    t.string('priority', 10).notNullable().defaultTo('Media');
    t.decimal('costEstimate', 10, 2);
    t.decimal('finalCost', 10, 2);
    t.text('resolutionNotes');
    t.timestamp('closedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['createdAt']);
    checkIn(t, 'status', INCIDENT_STATUSES, 'incidents_status_check');
    checkIn(t, 'priority', INCIDENT_PRIORITIES, 'incidents_priority_check');
    checkIn(t, 'incidentCategory', INCIDENT_CATEGORIES, 'incidents_category_check');
  });

  await knex.schema.createTable('documents', (t) => {
    t.increments('id').primary();
    t.string('fileName', 255).notNullable();
    t.string('filePath', 500).notNullable();
    t.string('fileType', 100).notNullable();
    t.integer('fileSizeKb').notNullable();
    t.string('relatedEntityType', 50);
    t.integer('relatedEntityId');
    t.integer('uploadedByUserId').references('id').inTable('users').onDelete('SET NULL').index();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['relatedEntityType', 'relatedEntityId']);
  });

  await knex.schema.createTable('conversations', (t) => {
    t.increments('id').primary();
    t.string('relatedEntityType', 50);
    t.integer('relatedEntityId');
    t.string('title', 255);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['relatedEntityType', 'relatedEntityId']);
  });

  await knex.schema.createTable('conversation_participants', (t) => {
    t.integer('conversationId').notNullable().references('id').inTable('conversations').onDelete('CASCADE');
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.primary(['conversationId', 'userId']);
  });

  await knex.schema.createTable('messages', (t) => {
    t.increments('id').primary();
    t.integer('conversationId').notNullable().references('id').inTable('conversations').onDelete('CASCADE');
    t.integer('senderUserId').references('id').inTable('users').onDelete('SET NULL').index();
    t.text('content').notNullable();
    t.timestamp('sentAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('readAt', { useTz: true });
    t.index(['conversationId', 'sentAt']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('recipientUserId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.text('message').notNullable();
    t.string('notificationType', 50);
    t.string('relatedEntityType', 50);
    t.integer('relatedEntityId');
    t.boolean('isRead').notNullable().defaultTo(false);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['recipientUserId', 'isRead', 'createdAt']);
  });

  // decisions.md: an owner delegates its whole portfolio to a propietario_delegado.
  await knex.schema.createTable('owner_delegations', (t) => {
    t.integer('ownerUserId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('delegateUserId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['ownerUserId', 'delegateUserId']);
    t.check('"ownerUserId" <> "delegateUserId"', [], 'owner_delegations_distinct_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'owner_delegations',
    'notifications',
    'messages',
    'conversation_participants',
    'conversations',
    'documents',
    'incidents',
    'transactions',
    'transaction_categories',
    'tenants_contracts',
    'contracts',
    'unit_details_residential',
    'rentable_units',
    'unit_types',
    'main_properties',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
