import { IMPORT_FIELDS, type Import, type ImportRow } from '@arrendia/api-contract';
import { EMPTY_VALUE } from '@arrendia/locale-es';
import { Badge, DataTable, ListFilters, MutedText, Pager, SelectField, TableScroll } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { ErrorText, ROW_STATUS_LABELS, ROW_STATUS_TONES, TENANT_INVITATION_NOTE } from './parts';

/** Rows drawn per page: a preview holds up to 20.000, the browser draws only these. */
export const ROWS_PAGE_SIZE = 50;

const FILTERS = [
  { value: 'todas', label: 'Todas' },
  { value: 'invalid', label: 'Con errores' },
  { value: 'valid', label: 'Se crearán' },
  { value: 'existing', label: 'Ya existen' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const Values = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Errors = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.md};
`;

/** A parsed cell as the user wrote it back: numbers in Spanish, lists with commas, Sí/No. */
function shown(value: ImportRow['values'][string]): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (Array.isArray(value)) return value.join(', ') || EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return value.toLocaleString('es-ES', { maximumFractionDigits: 2 });
  return value;
}

/** The row's values under the labels of its entity's fields, in template order. */
function mappedValues(row: ImportRow) {
  return IMPORT_FIELDS[row.entity].filter((f) => f.field in row.values).map((f) => ({ label: f.label, value: shown(row.values[f.field]) }));
}

/**
 * Every row of the preview with its status, mapped values and Spanish errors; filtered by status
 * and paged in the browser ('Mostrando 1–50 de 137').
 */
export function RowsTable({ preview }: { preview: Import }) {
  const [filter, setFilter] = useState<Filter>('todas');
  const [page, setPage] = useState(1);
  const rows = filter === 'todas' ? preview.rows : preview.rows.filter((r) => r.status === filter);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shownRows = rows.slice((current - 1) * ROWS_PAGE_SIZE, current * ROWS_PAGE_SIZE);
  const severalSheets = preview.sheets.length > 1;

  return (
    <section aria-label="Filas del archivo">
      <ListFilters $columns="minmax(200px, 260px)">
        <SelectField
          label="Mostrar"
          value={filter}
          onValueChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
          options={FILTERS}
        />
      </ListFilters>
      {shownRows.length === 0 ? (
        <MutedText role="status">Ninguna fila con este estado.</MutedText>
      ) : (
        <TableScroll aria-label="Filas del archivo y sus errores">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Fila</th>
                {severalSheets && <th scope="col">Hoja</th>}
                <th scope="col">Estado</th>
                <th scope="col">Datos</th>
                <th scope="col">Errores</th>
              </tr>
            </thead>
            <tbody>
              {shownRows.map((row) => (
                <tr key={row.id}>
                  <td data-align="end">{row.rowNumber}</td>
                  {severalSheets && <td>{row.sheet}</td>}
                  <td>
                    <Badge $tone={ROW_STATUS_TONES[row.status]}>{ROW_STATUS_LABELS[row.status]}</Badge>
                  </td>
                  <td>
                    <Values>
                      {mappedValues(row).map(({ label, value }) => (
                        <li key={label}>
                          <MutedText>{label}:</MutedText> {value}
                        </li>
                      ))}
                    </Values>
                    {row.entity === 'tenants' && row.status === 'valid' && <MutedText>{TENANT_INVITATION_NOTE}</MutedText>}
                  </td>
                  <td>
                    {row.errors.length === 0 ? (
                      EMPTY_VALUE
                    ) : (
                      <Errors>
                        {row.errors.map((e, i) => (
                          <li key={i}>
                            <ErrorText as="span">{e.message}</ErrorText>
                          </li>
                        ))}
                      </Errors>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
      <Pager page={current} total={rows.length} pageSize={ROWS_PAGE_SIZE} onPageChange={setPage} label="Páginas de filas" />
    </section>
  );
}
