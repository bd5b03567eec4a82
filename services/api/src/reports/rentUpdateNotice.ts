import { RENT_UPDATE_MECHANISM_LABELS } from '@arrendia/api-contract';
import { monthName, spanishPercent, type RentUpdateMechanism } from '@arrendia/law-es';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { fromJson } from '../queries/imports';
import type { RentUpdateRow } from '../queries/rentUpdates';
import { fullName } from './contents';
import { renderPdf } from './pdf';

type Db = Knex | Knex.Transaction;

const percent = (value: string | null) => (value === null ? '—' : spanishPercent(value));

/**
 * The tenant's notice of a rent update (LAU art. 18.2: in writing, stating the percentage applied):
 * the parties and the dwelling, the rent before and after, from which month, the index and month
 * used, the legal limit and its basis, the calculation line by line, and the tenant's right to ask
 * for the INE's certificate.
 */
export async function rentUpdateNoticePdf(
  db: Db,
  update: RentUpdateRow & { anniversary: string; effectiveFrom: string; tenants: readonly { name: string }[]; today: string },
): Promise<Buffer> {
  const landlord: { firstName: string | null; lastName: string | null; nifCif: string | null; addressStreet: string; addressNumber: string | null; addressDetails: string | null; postalCode: string | null; city: string } = await db('contracts')
    .join('main_properties', 'main_properties.id', 'contracts.mainPropertyId')
    .join('users', 'users.id', 'main_properties.ownerUserId')
    .where('contracts.id', update.contractId)
    .first('users.firstName', 'users.lastName', 'users.nifCif', 'main_properties.addressStreet', 'main_properties.addressNumber', 'main_properties.addressDetails', 'main_properties.postalCode', 'main_properties.city');
  const address = [`${[landlord.addressStreet, landlord.addressNumber].filter(Boolean).join(' ')}${landlord.addressDetails ? `, ${landlord.addressDetails}` : ''}`, `${landlord.postalCode ?? ''} ${landlord.city}`.trim()].filter(Boolean).join(', ');
  const tenants = update.tenants.length ? update.tenants.map((t) => t.name).join(', ') : 'Arrendatario';
  const explanation = fromJson<string[]>(update.explanation);
  const mechanism = RENT_UPDATE_MECHANISM_LABELS[update.mechanism as RentUpdateMechanism];
  const from = formatDate(update.effectiveFrom);

  return renderPdf({
    title: 'Notificación de actualización de la renta',
    meta: [`Contrato ${update.contractCode} · ${update.propertyName} · ${update.unitName}`, `Fecha de la notificación: ${formatDate(update.today)}`],
    figures: [
      ['Arrendador', `${fullName(landlord)}${landlord.nifCif ? `, NIF ${landlord.nifCif}` : ''}`],
      ['Arrendatario', tenants],
      ['Vivienda', address],
      ['Aniversario del contrato', formatDate(update.anniversary)],
      ['Renta actual', formatEuros(update.oldRent)],
      ['Porcentaje aplicado', percent(update.percent)],
      ['Renta actualizada', formatEuros(update.newRent ?? update.oldRent)],
      ['Exigible desde', from],
    ],
    tables: [],
    sections: [
      {
        title: 'Cálculo',
        paragraphs: [
          `Cláusula de actualización del contrato: ${mechanism}. Mes de referencia del índice: ${monthName(update.referenceMonth)}.`,
          ...explanation,
          ...(update.percent !== null && update.allowedPercent !== null && Number(update.percent) < Number(update.allowedPercent)
            ? [`El arrendador aplica un ${percent(update.percent)}, por debajo del ${percent(update.allowedPercent)} que permitiría la ley.`]
            : []),
        ],
      },
      {
        title: 'Base legal',
        paragraphs: [
          'Artículo 18 de la Ley 29/1994, de Arrendamientos Urbanos: la renta solo puede actualizarse en la fecha en que se cumple cada año de vigencia del contrato, en los términos pactados, y la renta actualizada es exigible a partir del mes siguiente a aquel en que se notifica por escrito, expresando el porcentaje de alteración aplicado.',
          ...(update.limitBasis ? [`Límite aplicado: ${update.limitBasis}.`] : []),
          `La nueva renta se pagará a partir de la mensualidad de ${monthName(update.effectiveFrom.slice(0, 7))}, en la misma forma y día de pago que hasta ahora.`,
          'El arrendatario puede pedir al arrendador la certificación del Instituto Nacional de Estadística del índice aplicado.',
        ],
      },
    ],
  });
}
