import { formatEuros } from '@arrendia/locale-es';
import { extractText, getDocumentProxy } from 'unpdf';
import type { User } from '../../models/User';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}
const binary = (res: { on(event: string, listener: (chunk?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}

describe('GET /api/contracts/:id/pdf', () => {
  it("gives a party the contract as a PDF with the parties, the dwelling, the rent in euros, the deposit and the dates dd/MM/yyyy; anyone else 404", async () => {
    const owner = await buildUser(t.knex, { firstName: 'Olga', lastName: 'Martín' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás', lastName: 'Ruiz' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Edificio Prado' });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Ático B' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: '2026-03-01', endDate: '2027-02-28', rentAmount: '1234.50', contractCode: `PDF-${Date.now()}` });

    const res = await (await signedIn(tenant)).get(`/api/contracts/${contract.id}/pdf`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`contrato-${contract.contractCode}.pdf`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Tomás Ruiz');
    expect(text).toContain('Olga Martín');
    expect(text).toContain(formatEuros('1234.50').replace(/\u00a0/g, ' '));
    expect(text).toContain('01/03/2026');
    expect(text).toContain('28/02/2027');
    expect(text).toContain('Edificio Prado · Ático B');
    expect(text).toMatch(/PRIMERA\. Objeto/);

    await (await signedIn(owner)).get(`/api/contracts/${contract.id}/pdf`).expect(200);
    await (await signedIn(await buildUser(t.knex, { roleName: 'inquilino' }))).get(`/api/contracts/${contract.id}/pdf`).expect(404);
    await (await signedIn(await buildUser(t.knex))).get(`/api/contracts/${contract.id}/pdf`).expect(404);
    await t.request().get(`/api/contracts/${contract.id}/pdf`).expect(401);
  });
});
