import { formatDate, formatDateTime, formatEuros } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { notFound } from '../errors';
import type { User } from '../models/User';
import { scopeContracts } from '../policies/scope';
import { isoDay, isoDayOrNull } from '../presenters/dates';
import { fullName } from './contents';
import { renderPdf } from './pdf';

type Db = Knex | Knex.Transaction;

const withNif = (person: { firstName: string | null; lastName: string | null; nifCif: string | null }) => `${fullName(person)}${person.nifCif ? `, NIF ${person.nifCif}` : ''}`;

/**
 * The contract as a PDF (GET /api/contracts/:id/pdf, issue 12), from what is stored: the parties,
 * the dwelling, rent, deposit, dates and payment day, and the clauses those terms make. Only a
 * party or the property's staff (the contracts scope); anyone else gets 404.
 */
export async function contractPdf(db: Db, user: User, contractId: number, now = new Date()): Promise<{ fileName: string; bytes: Buffer }> {
  const contract = await scopeContracts(
    db,
    db('contracts')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .join('users as owner', 'owner.id', 'main_properties.ownerUserId')
      .where('contracts.id', contractId),
    user,
  ).first(
    'contracts.*',
    'rentable_units.unitName',
    'main_properties.propertyName',
    'main_properties.addressStreet',
    'main_properties.addressNumber',
    'main_properties.addressDetails',
    'main_properties.postalCode',
    'main_properties.city',
    'main_properties.province',
    'owner.firstName as ownerFirstName',
    'owner.lastName as ownerLastName',
    'owner.nifCif as ownerNif',
  );
  if (!contract) throw notFound('No se ha encontrado el contrato');
  const tenants: { firstName: string | null; lastName: string | null; nifCif: string | null; isPrimaryTenant: boolean }[] = await db('tenants_contracts')
    .join('users', 'users.id', 'tenants_contracts.tenantUserId')
    .where('tenants_contracts.contractId', contractId)
    .orderBy([{ column: 'tenants_contracts.isPrimaryTenant', order: 'desc' }, { column: 'users.id' }])
    .select('users.firstName', 'users.lastName', 'users.nifCif', 'tenants_contracts.isPrimaryTenant');

  const landlord = withNif({ firstName: contract.ownerFirstName, lastName: contract.ownerLastName, nifCif: contract.ownerNif });
  const tenantNames = tenants.length ? tenants.map(withNif).join('; ') : 'Sin inquilino vinculado';
  const address = [`${[contract.addressStreet, contract.addressNumber].filter(Boolean).join(' ')}${contract.addressDetails ? `, ${contract.addressDetails}` : ''}`, `${contract.postalCode ?? ''} ${contract.city}`.trim(), contract.province].filter(Boolean).join(', ');
  const start = formatDate(isoDay(contract.startDate));
  const endIso = isoDayOrNull(contract.endDate);
  const end = endIso ? formatDate(endIso) : null;
  const rent = formatEuros(contract.rentAmount);
  const deposit = formatEuros(contract.depositAmount);

  const clauses = [
    `PRIMERA. Objeto. ${landlord} (el arrendador) arrienda a ${tenantNames} (el arrendatario) la unidad «${contract.unitName}» de ${contract.propertyName}, en ${address}, para su uso conforme a la Ley 29/1994 de Arrendamientos Urbanos.`,
    `SEGUNDA. Duración. El contrato comienza el ${start}${end ? ` y termina el ${end}` : ' y no tiene fecha de fin pactada'}.`,
    `TERCERA. Renta. La renta es de ${rent} al mes, pagadera por transferencia bancaria el día ${contract.paymentDay} de cada mes, indicando como concepto la referencia del recibo de ese mes.`,
    `CUARTA. Fianza. El arrendatario entrega una fianza de ${deposit} (estado: ${contract.depositStatus}), que se devolverá al terminar el contrato descontando lo que proceda.`,
    `QUINTA. Preaviso. Cualquiera de las partes comunicará su voluntad de no renovar con ${contract.renewalNoticeDays} días de antelación al fin del contrato.`,
    ...(contract.notes ? [`SEXTA. Otras condiciones. ${contract.notes}`] : []),
  ];

  const bytes = await renderPdf({
    title: `Contrato de arrendamiento ${contract.contractCode}`,
    meta: [`Estado: ${contract.status}`, `Generado: ${formatDateTime(now)}`],
    figures: [
      ['Arrendador', landlord],
      ['Arrendatario', tenantNames],
      ['Vivienda', `${contract.propertyName} · ${contract.unitName}`],
      ['Dirección', address],
      ['Renta mensual', rent],
      ['Fianza', deposit],
      ['Inicio', start],
      ['Fin', end ?? 'Indefinido'],
      ['Día de pago', `Día ${contract.paymentDay} de cada mes`],
    ],
    tables: [],
    sections: [{ title: 'Cláusulas', paragraphs: clauses }],
  });
  return { fileName: `contrato-${String(contract.contractCode).replace(/[^\w.-]+/g, '_')}.pdf`, bytes };
}
