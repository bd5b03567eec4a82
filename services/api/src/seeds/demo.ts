import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { hashPassword } from '../passwords';

/** The password of every demo account (the landing page's demo cards use it). */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_AGENCY = {
  nombreAgencia: 'Inmobiliaria Castellana S.L.',
  cifAgencia: 'B86543212',
  direccionFiscal: 'Paseo de la Castellana 120, 28046 Madrid',
  telefonoAgencia: '+34 910 123 456',
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
  /** Works for the demo agency. */
  inAgency?: boolean;
}

/** One account per role: the four landing-page cards plus an agent and a delegated owner (decisions.md). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.arrendia.es', roleName: 'super_admin', firstName: 'Lucía', lastName: 'Fernández Ortega', nifCif: '51234567C', telefono: '+34 612 345 678' },
  { email: 'owner@demo.arrendia.es', roleName: 'propietario_individual', firstName: 'Javier', lastName: 'Martín López', nifCif: '32876543K', telefono: '+34 623 456 789' },
  { email: 'manager@demo.arrendia.es', roleName: 'admin_agencia', firstName: 'Marta', lastName: 'Sánchez Ruiz', nifCif: '47123890H', telefono: '+34 634 567 890', inAgency: true },
  { email: 'tenant@demo.arrendia.es', roleName: 'inquilino', firstName: 'Pablo', lastName: 'García Navarro', nifCif: '09876123S', telefono: '+34 645 678 901' },
  { email: 'agente@demo.arrendia.es', roleName: 'agente', firstName: 'Carmen', lastName: 'Romero Díaz', nifCif: '71234598X', telefono: '+34 656 789 012', inAgency: true },
  { email: 'delegado@demo.arrendia.es', roleName: 'propietario_delegado', firstName: 'Alberto', lastName: 'Jiménez Castro', nifCif: '28456712P', telefono: '+34 667 890 123' },
];

/**
 * Demo agency and accounts, idempotent: rows are inserted when their unique key (CIF, email) is
 * free and left alone otherwise. Needs the roles seeded.
 */
export async function seedDemo(knex: Knex): Promise<void> {
  const existing = new Set(
    await knex('users')
      .whereIn('email', DEMO_ACCOUNTS.map((a) => a.email))
      .pluck('email'),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  // One hash for all accounts, and none at all on a restart: argon2 is slow on purpose.
  const password = missing.length ? await hashPassword(DEMO_PASSWORD) : '';

  await knex.transaction(async (trx) => {
    await trx('agencies').insert(DEMO_AGENCY).onConflict('cifAgencia').ignore();
    if (!missing.length) return;
    const agency = await trx('agencies').where({ cifAgencia: DEMO_AGENCY.cifAgencia }).first('id');
    const roleIds = new Map<string, number>((await trx('roles').select('id', 'roleName')).map((r) => [r.roleName, r.id]));
    await trx('users')
      .insert(
        missing.map(({ roleName, inAgency, ...account }) => ({
          ...account,
          roleId: roleIds.get(roleName),
          agencyId: inAgency ? agency.id : null,
          password,
          emailVerifiedAt: new Date(),
        })),
      )
      .onConflict('email')
      .ignore();
  });
}
