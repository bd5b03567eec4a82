import type { Knex } from 'knex';

/**
 * A document's category is what the document is (issue 33, point 3): contrato, factura, recibo,
 * seguro, certificado energético, inventario or otro, never missing. The former /documents tiles
 * map onto them (an incident's photos, 'Incidencias', are 'otro': the incident they hang off says
 * what they are about; a document without a category is 'otro' too). A document may now also hang
 * off a unit or a tenant, and carries an optional description the list searches. The lists are
 * written out here, not read from the contract, so that this step stays what it was.
 */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const BEFORE = ['Contratos', 'Recibos', 'Incidencias', 'Inventarios'];
const AFTER = ['contrato', 'factura', 'recibo', 'seguro', 'certificado energético', 'inventario', 'otro'];
const ENTITY_TYPES_AFTER = ['property', 'unit', 'contract', 'incident', 'tenant'];
const ENTITY_TYPES_BEFORE = ['property', 'contract', 'incident'];
const FORWARD: Record<string, string> = { Contratos: 'contrato', Recibos: 'recibo', Inventarios: 'inventario', Incidencias: 'otro' };

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table documents drop constraint if exists documents_category_check');
  for (const [from, to] of Object.entries(FORWARD)) await knex('documents').where({ category: from }).update({ category: to });
  await knex('documents').whereNull('category').update({ category: 'otro' });
  await knex.raw(`alter table documents alter column "category" set default 'otro'`);
  await knex.raw('alter table documents alter column "category" set not null');
  await knex.raw(`alter table documents add constraint documents_category_check check ("category" in (${sqlList(AFTER)}))`);
  await knex.raw(`alter table documents add constraint documents_related_entity_type_check check ("relatedEntityType" is null or "relatedEntityType" in (${sqlList(ENTITY_TYPES_AFTER)}))`);
  await knex.schema.alterTable('documents', (t) => {
    t.string('description', 500);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('description');
  });
  await knex.raw('alter table documents drop constraint if exists documents_related_entity_type_check');
  await knex.raw('alter table documents drop constraint if exists documents_category_check');
  await knex.raw('alter table documents alter column "category" drop not null');
  await knex.raw('alter table documents alter column "category" drop default');
  // Before, a document hung off a property, a contract or an incident only: the others stay their uploader's.
  await knex('documents').whereNotIn('relatedEntityType', ENTITY_TYPES_BEFORE).update({ relatedEntityType: null, relatedEntityId: null });
  await knex('documents').where({ category: 'otro', relatedEntityType: 'incident' }).update({ category: 'Incidencias' });
  for (const [before, after] of Object.entries(FORWARD)) if (before !== 'Incidencias') await knex('documents').where({ category: after }).update({ category: before });
  await knex('documents').where({ category: 'factura' }).update({ category: 'Recibos' });
  await knex('documents').whereNotIn('category', BEFORE).update({ category: null });
  await knex.raw(`alter table documents add constraint documents_category_check check ("category" is null or "category" in (${sqlList(BEFORE)}))`);
}
