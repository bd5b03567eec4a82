import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { hashPassword } from '../passwords';
import { DemoCalendar } from './demoCalendar';
import { DEMO_PEOPLE, iban } from './demoPeople';
import { seedDemoPortfolio } from './demoPortfolio';
import { seedDemoListings } from './demoListings';
import { seedDemoMail } from './demoMail';

/** The password of every demo account (the landing page's demo cards use it). */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_AGENCY = {
  nombreAgencia: 'Inmobiliaria Castellana S.L.',
  cifAgencia: 'B86543212',
  direccionFiscal: 'Paseo de la Castellana 120, 28046 Madrid',
  telefonoAgencia: '910123456',
  emailAgencia: 'contacto@castellana.demo.arrendia.es',
  webAgencia: 'https://castellana.demo.arrendia.es',
};

interface DemoAccount {
  email: string;
  roleName: RoleName;
  firstName: string;
  lastName: string;
  nifCif: string;
  telefono: string;
  direccionFiscal?: string;
  ibanBancaria?: string;
  /** Works for the demo agency. */
  inAgency?: boolean;
}

/** One account per role: the four landing-page cards plus an agent and a delegated owner (decisions.md). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.arrendia.es', roleName: 'super_admin', firstName: 'Lucía', lastName: 'Fernández Ortega', nifCif: '51234567C', telefono: '612345678' },
  {
    email: 'owner@demo.arrendia.es',
    roleName: 'propietario_individual',
    firstName: 'Javier',
    lastName: 'Martín López',
    nifCif: '32876543K',
    telefono: '623456789',
    direccionFiscal: 'Calle de Alonso Cano 23, 5º B, 28003 Madrid',
    ibanBancaria: iban('2100', '3147', '0200298451'),
  },
  { email: 'manager@demo.arrendia.es', roleName: 'admin_agencia', firstName: 'Marta', lastName: 'Sánchez Ruiz', nifCif: '47123890H', telefono: '634567890', inAgency: true },
  {
    email: 'tenant@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Pablo',
    lastName: 'García Navarro',
    nifCif: '09876123S',
    telefono: '645678901',
    direccionFiscal: 'Calle de Santa Engracia 58, 3º A, 28010 Madrid',
    ibanBancaria: iban('0049', '6643', '2190287345'),
  },
  { email: 'agente@demo.arrendia.es', roleName: 'agente', firstName: 'Carmen', lastName: 'Romero Díaz', nifCif: '71234598X', telefono: '656789012', inAgency: true },
  {
    email: 'delegado@demo.arrendia.es',
    roleName: 'propietario_delegado',
    firstName: 'Alberto',
    lastName: 'Jiménez Castro',
    nifCif: '28456712P',
    telefono: '667890123',
    direccionFiscal: 'Calle de Goya 57, 3º izquierda, 28001 Madrid',
    ibanBancaria: iban('0182', '5918', '0201764530'),
  },
];

/** Serialises the demo seed of servers starting together on one PostgreSQL (any fixed number). */
const DEMO_SEED_LOCK = 730_215_004;

/**
 * The demo data, in one transaction so that a failure leaves nothing half-seeded, and idempotent:
 * - the agency and every demo person (the six accounts and DEMO_PEOPLE) are inserted when their
 *   unique key (CIF, email) is free and left alone otherwise;
 * - the portfolio (properties to notifications) is written once, when none of the rows it keys on
 *   exists (seedDemoPortfolio), with dates relative to `now` so the dashboards show the last
 *   twelve months.
 * Needs the roles and the catalogues seeded.
 */
export async function seedDemo(knex: Knex, { now = new Date(), publicUrl = 'http://localhost:3000' }: { now?: Date; publicUrl?: string } = {}): Promise<void> {
  const people = [...DEMO_ACCOUNTS, ...DEMO_PEOPLE];
  const existing = new Set(
    await knex('users')
      .whereIn('email', people.map((a) => a.email))
      .pluck('email'),
  );
  const missing = people.filter((a) => !existing.has(a.email));
  // One hash for all accounts, and none at all on a restart: argon2 is slow on purpose.
  const password = missing.length ? await hashPassword(DEMO_PASSWORD) : '';

  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [DEMO_SEED_LOCK]);
    await trx('agencies').insert(DEMO_AGENCY).onConflict('cifAgencia').ignore();
    const agency = await trx('agencies').where({ cifAgencia: DEMO_AGENCY.cifAgencia }).first('id');
    if (missing.length) {
      const roleIds = new Map<string, number>((await trx('roles').select('id', 'roleName')).map((r) => [r.roleName, r.id]));
      await trx('users')
        .insert(
          missing.map(({ roleName, inAgency, ...person }) => ({
            ...person,
            roleId: roleIds.get(roleName),
            agencyId: inAgency ? agency.id : null,
            password,
            emailVerifiedAt: new Date(),
          })),
        )
        .onConflict('email')
        .ignore();
    }
    // The outbox's demo mail goes with the portfolio it belongs to: once.
    if (await seedDemoPortfolio(trx, new DemoCalendar(now), agency.id)) await seedDemoMail(trx, { publicUrl }, now);
    await seedDemoListings(trx, new DemoCalendar(now));
  });
}
