import { buildContract, buildIncident, buildProperty, buildUnit, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { down, up } from './20261205110000_document_categories';

/** 20261205110000: a document's category is one of the seven of issue 33, the former tiles mapped onto them. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function documentWith(category: string | null, related: { relatedEntityType: string; relatedEntityId: number } | null = null): Promise<number> {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const [row] = await t
    .knex('documents')
    .insert({ fileName: 'a.pdf', filePath: `migracion-${Math.random()}`, fileType: 'application/pdf', fileSizeKb: 1, category, uploadedByUserId: owner.id, ...related })
    .returning('id');
  return row.id;
}
const categoryOf = async (id: number) => (await t.knex('documents').where({ id }).first('category')).category;

it('maps Contratos, Recibos, Inventarios, the incident photos and the uncategorised onto the new categories, and the database refuses the old ones from then on', async () => {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
  const incident = await buildIncident(t.knex, { rentableUnitId: unit.id });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
  await down(t.knex);
  const lease = await documentWith('Contratos', { relatedEntityType: 'contract', relatedEntityId: contract.id });
  const receipt = await documentWith('Recibos');
  const inventory = await documentWith('Inventarios');
  const photo = await documentWith('Incidencias', { relatedEntityType: 'incident', relatedEntityId: incident.id });
  const none = await documentWith(null);
  await up(t.knex);

  expect(await Promise.all([lease, receipt, inventory, photo, none].map(categoryOf))).toEqual(['contrato', 'recibo', 'inventario', 'otro', 'otro']);
  await expect(documentWith('Contratos')).rejects.toThrow(/documents_category_check/);
  await expect(documentWith('recibo', { relatedEntityType: 'garaje', relatedEntityId: 1 })).rejects.toThrow(/documents_related_entity_type_check/);
  // Absent, a category is 'otro'; it is never missing.
  const [unsaid] = await t.knex('documents').insert({ fileName: 'b.pdf', filePath: `migracion-${Math.random()}`, fileType: 'application/pdf', fileSizeKb: 1 }).returning('category');
  expect(unsaid.category).toBe('otro');
  await expect(documentWith(null)).rejects.toThrow(/null/);
  expect(await categoryOf(await documentWith('certificado energético', { relatedEntityType: 'unit', relatedEntityId: unit.id }))).toBe('certificado energético');
});
