import type { RoleName } from '@arrendia/permissions';
import { catastralControlLetters, cccControlDigits, nifControlLetter, spanishIbanFromCcc } from '@arrendia/locale-es';

/** A DNI number with its control letter: nif('05347821') → '05347821X'. */
export function nif(digits8: string): string {
  return `${digits8}${nifControlLetter(digits8)}`;
}

const NIE_DIGIT = { X: '0', Y: '1', Z: '2' } as const;

/** A foreigner's NIE with its control letter: nie('X', '4829173'). */
export function nie(prefix: keyof typeof NIE_DIGIT, digits7: string): string {
  return `${prefix}${digits7}${nifControlLetter(`${NIE_DIGIT[prefix]}${digits7}`)}`;
}

/** A Spanish IBAN from a bank, an office and an account number, both CCC control digits computed. */
export function iban(entity: string, office: string, account10: string): string {
  return spanishIbanFromCcc(`${entity}${office}${cccControlDigits(entity, office, account10)}${account10}`);
}

/** A referencia catastral from its 18 first characters (parcel + unit), its two control letters computed. */
export function refCatastral(first18: string): string {
  return `${first18}${catastralControlLetters(first18)}`;
}

/** A person the demo seed creates beside the six accounts of the landing page; logs in with DEMO_PASSWORD too. */
export interface DemoPerson {
  email: string;
  roleName: RoleName;
  firstName: string;
  lastName: string;
  nifCif: string;
  telefono: string;
  direccionFiscal: string;
  ibanBancaria: string | null;
  /** Works for the demo agency. */
  inAgency?: boolean;
}

/**
 * Four owners (two delegate their portfolio to delegado@demo, two leave theirs to the demo agency),
 * eight tenants (two of them foreigners with a NIE) and a second agent of the agency.
 */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    email: 'isabel.moreno@demo.arrendia.es',
    roleName: 'propietario_individual',
    firstName: 'Isabel',
    lastName: 'Moreno Vidal',
    nifCif: nif('05347821'),
    telefono: '611482903',
    direccionFiscal: 'Calle de Serrano 112, 4º D, 28006 Madrid',
    ibanBancaria: iban('2100', '1873', '0200134578'),
  },
  {
    email: 'fernando.ruiz@demo.arrendia.es',
    roleName: 'propietario_individual',
    firstName: 'Fernando',
    lastName: 'Ruiz Albéniz',
    nifCif: nif('50817436'),
    telefono: '622913054',
    direccionFiscal: 'Calle de Alberto Aguilera 18, 2º A, 28015 Madrid',
    ibanBancaria: iban('0049', '2710', '2814539027'),
  },
  {
    email: 'rosa.delgado@demo.arrendia.es',
    roleName: 'propietario_individual',
    firstName: 'Rosa',
    lastName: 'Delgado Prieto',
    nifCif: nif('02948175'),
    telefono: '633205718',
    direccionFiscal: 'Calle de Fernández de los Ríos 44, 1º C, 28015 Madrid',
    ibanBancaria: iban('0182', '4012', '0201598764'),
  },
  {
    email: 'antonio.herrera@demo.arrendia.es',
    roleName: 'propietario_individual',
    firstName: 'Antonio',
    lastName: 'Herrera Gil',
    nifCif: nif('11862094'),
    telefono: '644730261',
    direccionFiscal: 'Calle de Alcalá 98, 6º B, 28009 Madrid',
    ibanBancaria: iban('0081', '0216', '0001384729'),
  },
  {
    email: 'sofia.castro@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Sofía',
    lastName: 'Castro Molina',
    nifCif: nif('53291764'),
    telefono: '655381920',
    direccionFiscal: 'Calle del Espíritu Santo 24, 2º izquierda, 28004 Madrid',
    ibanBancaria: iban('1465', '0100', '9119283746'),
  },
  {
    email: 'giulia.romano@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Giulia',
    lastName: 'Romano',
    nifCif: nie('X', '4829173'),
    telefono: '666204817',
    direccionFiscal: 'Calle del Espíritu Santo 24, 2º izquierda, 28004 Madrid',
    ibanBancaria: iban('0128', '0074', '0105187263'),
  },
  {
    email: 'daniel.ortega@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Daniel',
    lastName: 'Ortega Ruiz',
    nifCif: nif('48173920'),
    telefono: '677519342',
    direccionFiscal: 'Calle del Espíritu Santo 24, 2º izquierda, 28004 Madrid',
    ibanBancaria: iban('2100', '4561', '0200087312'),
  },
  {
    email: 'miguel.serrano@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Miguel Ángel',
    lastName: 'Serrano Pardo',
    nifCif: nif('07429351'),
    telefono: '688347105',
    direccionFiscal: 'Calle de la Cava Baja 16, bajo, 28005 Madrid',
    ibanBancaria: iban('0049', '1500', '0512830491'),
  },
  {
    email: 'elena.vazquez@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Elena',
    lastName: 'Vázquez Iglesias',
    nifCif: nif('33018264'),
    telefono: '699826413',
    direccionFiscal: 'Calle de Ponzano 41, 4º B, 28003 Madrid',
    ibanBancaria: iban('0182', '2370', '0208273641'),
  },
  {
    email: 'lukas.schneider@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Lukas',
    lastName: 'Schneider',
    nifCif: nie('Y', '2714583'),
    telefono: '610975238',
    direccionFiscal: 'Calle Mayor 19, 2º, 28013 Madrid',
    ibanBancaria: iban('0081', '5227', '0001192834'),
  },
  {
    email: 'andrea.molina@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Andrea',
    lastName: 'Molina Soto',
    nifCif: nif('70936152'),
    telefono: '620148576',
    direccionFiscal: 'Calle de Lagasca 64, ático, 28001 Madrid',
    ibanBancaria: iban('2100', '2205', '0200219876'),
  },
  {
    email: 'laura.gomez@demo.arrendia.es',
    roleName: 'inquilino',
    firstName: 'Laura',
    lastName: 'Gómez Herrero',
    nifCif: nif('46201837'),
    telefono: '630592741',
    direccionFiscal: 'Calle de Jorge Juan 35, 5º izquierda, 28001 Madrid',
    ibanBancaria: iban('1465', '0100', '9723641085'),
  },
  {
    email: 'diego.navarro@demo.arrendia.es',
    roleName: 'agente',
    firstName: 'Diego',
    lastName: 'Navarro Ortiz',
    nifCif: nif('29384710'),
    telefono: '640713592',
    direccionFiscal: 'Paseo de la Castellana 120, 28046 Madrid',
    ibanBancaria: null,
    inAgency: true,
  },
];
