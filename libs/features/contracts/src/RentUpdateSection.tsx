import { documentDownloadUrl, LEASE_USE_LABELS, RENT_UPDATE_DEFAULT_MONTHS_BEFORE, RENT_UPDATE_MECHANISM_LABELS, type RentUpdateClause } from '@arrendia/api-contract';
import { formatDate, formatEuros, formatNumber } from '@arrendia/locale-es';
import { CardDescription, CardTitle, DataTable, FactList, ListState, Skeleton, TableScroll, VisuallyHidden } from '@arrendia/ui';
import styled from 'styled-components';
import { useRentHistory } from './useContracts';

/** A percentage as the clause gives it: up to three decimals, no trailing zeros ('2,5 %'). */
export const percentText = (value: string) => {
  const decimals = Math.min(3, (value.split('.')[1] ?? '').length);
  return `${formatNumber(value, decimals)}\u00a0%`;
};

/** The update clause in Spanish: 'IPC general', 'Porcentaje fijo: 2,5 % al año', 'Importe fijo: 40,00 € al año'. */
export function clauseText(clause: RentUpdateClause): string {
  const label = RENT_UPDATE_MECHANISM_LABELS[clause.mechanism];
  if (clause.mechanism === 'fixed_percentage' && clause.value !== null) return `${label}: ${percentText(clause.value)} al año`;
  if (clause.mechanism === 'fixed_amount' && clause.value !== null) return `${label}: ${formatEuros(clause.value)} al año`;
  return label;
}

/** Which month's index the update reads. */
export function indexMonthText(monthsBefore: number | null): string {
  if (monthsBefore === null) return `El último publicado: ${RENT_UPDATE_DEFAULT_MONTHS_BEFORE === 2 ? 'dos meses' : `${RENT_UPDATE_DEFAULT_MONTHS_BEFORE} meses`} antes del aniversario`;
  return monthsBefore === 1 ? 'El de un mes antes del aniversario' : `El de ${monthsBefore} meses antes del aniversario`;
}

/** 'Nueva renta: 1.015,00 € desde el 01/01/2027'. */
export const upcomingRentText = (upcoming: NonNullable<RentUpdateClause['upcoming']>) => `Nueva renta: ${formatEuros(upcoming.newRent)} desde el ${formatDate(upcoming.effectiveFrom)}`;

/** The update notified and not yet applied: the new rent, from when, and the notice letter. */
function UpcomingRent({ upcoming }: { upcoming: NonNullable<RentUpdateClause['upcoming']> }) {
  return (
    <Upcoming role="note">
      <strong>{upcomingRentText(upcoming)}</strong>
      {upcoming.noticeDocumentId !== null && (
        <a href={documentDownloadUrl(upcoming.noticeDocumentId)} download>
          Carta de aviso de la actualización (PDF)
        </a>
      )}
    </Upcoming>
  );
}

const Upcoming = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
  margin: ${({ theme }) => theme.space.sm} 0;
`;

const INDEXED = new Set(['ipc', 'igc', 'irav']);

/**
 * 'Actualización de la renta' (issue 36): the contract's update clause in Spanish, the next date
 * the rent may be updated on, and every rent the contract has had (Desde, Renta, Motivo). Shared by
 * the contract's detail and the tenant's 'Mi Contrato'.
 */
export function RentUpdateSection({ contractId, clause, headingLevel = 'h2' }: { contractId: number; clause: RentUpdateClause; headingLevel?: 'h2' | 'h3' }) {
  const history = useRentHistory(contractId);
  const headingId = `rent-update-${contractId}`;
  const indexed = INDEXED.has(clause.mechanism);
  return (
    <section aria-labelledby={headingId}>
      <CardTitle as={headingLevel} id={headingId}>
        Actualización de la renta
      </CardTitle>
      {clause.upcoming && <UpcomingRent upcoming={clause.upcoming} />}
      <FactList>
        <dt>Cláusula</dt>
        <dd>{clauseText(clause)}</dd>
        {indexed && (
          <>
            <dt>Mes del índice</dt>
            <dd>{indexMonthText(clause.monthsBefore)}</dd>
          </>
        )}
        {indexed && clause.floorPercent !== null && (
          <>
            <dt>Mínimo</dt>
            <dd>{Number(clause.floorPercent) === 0 ? 'La renta no baja aunque el índice baje' : `La renta no varía menos de ${percentText(clause.floorPercent)}`}</dd>
          </>
        )}
        <dt>Uso</dt>
        <dd>{LEASE_USE_LABELS[clause.leaseUse]}</dd>
        <dt>Fecha de firma</dt>
        <dd>{formatDate(clause.signedOn)}</dd>
        <dt>Próxima actualización</dt>
        <dd>{clause.nextUpdateOn ? formatDate(clause.nextUpdateOn) : clause.mechanism === 'none' ? 'Sin actualización pactada' : 'Ninguna antes del fin del contrato'}</dd>
      </FactList>
      <ListState
        read={history}
        variant="inline"
        skeleton={<Skeleton height="4rem" />}
        error="No se pudo cargar el historial de la renta"
        empty={history.data?.length === 0}
        whenEmpty={<CardDescription>Sin historial de la renta.</CardDescription>}
      >
        {(rows) => (
          <TableScroll aria-label="Historial de la renta">
            <DataTable>
              <caption>
                <VisuallyHidden>Historial de la renta</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Desde</th>
                  <th scope="col" data-align="end">
                    Renta
                  </th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={`${row.validFrom}-${i}`}>
                    <td>{formatDate(row.validFrom)}</td>
                    <td data-align="end">{formatEuros(row.rentAmount)}/mes</td>
                    <td>{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
        )}
      </ListState>
    </section>
  );
}
