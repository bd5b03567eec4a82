import { INDEX_SERIES, INDEX_SERIES_LABELS, INDEX_VALUE_SORTS, IndexValueSchema, type CurrentUser, type IndexValueFetchResult } from '@arrendia/api-contract';
import { serverMessage, useListPage } from '@arrendia/api-client';
import { formatDate, formatPercent } from '@arrendia/locale-es';
import { Button, Card, CardDescription, CardTitle, DataTable, ListFilters, ListFilterSelect, MutedText, PagedList, PageHeader, SortHeader, TableScroll, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { z } from 'zod';
import { IndexValueDialog } from './IndexValueDialog';
import { INDEX_VALUES_PATH, useFetchIndexValues } from './useIndexValues';

const MONTH = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' → 'septiembre de 2025'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return MONTH.format(Date.UTC(year, m - 1, 1));
}

/** '2.22' → '2,22 %', '3' → '3,0 %': the decimals the value has, at least one. */
export function variationLabel(value: string): string {
  const decimals = Math.min(3, Math.max(1, value.split('.')[1]?.length ?? 0));
  return formatPercent(value, decimals);
}

/** What 'Leer del INE' found, in a sentence. */
export function fetchSummary({ added, skipped }: IndexValueFetchResult): string {
  const read = skipped === 1 ? '1 mes ya estaba guardado' : `${skipped} meses ya estaban guardados`;
  if (added.length === 0) return `No hay meses nuevos en el INE (${read}).`;
  const months = added.length === 1 ? 'Se ha añadido 1 mes nuevo' : `Se han añadido ${added.length} meses nuevos`;
  return `${months} del INE: ${added.map((v) => `${v.series} de ${monthLabel(v.month)}`).join(', ')} (${read}).`;
}

/**
 * /index-values, 'Índices de actualización' (issue 36): the annual variation of the IPC, the IGC and
 * the IRAV by month, which the rent updates read. The super admin adds each month's values by hand
 * or reads the latest ones from the INE's public service; a proposal waiting for a value completes
 * as soon as it is stored.
 */
export function IndexValuesScreen(_props: { user: CurrentUser | null }) {
  const list = useListPage({ path: INDEX_VALUES_PATH, schema: z.array(IndexValueSchema), filters: ['series'] as const, sorts: INDEX_VALUE_SORTS });
  const { filters, setFilter } = list;
  const [adding, setAdding] = useState(false);
  const [summary, setSummary] = useState('');
  const { toast } = useToast();
  const fetchFromIne = useFetchIndexValues();
  const readIne = () => {
    setSummary('');
    fetchFromIne.mutate(undefined, {
      onSuccess: (result) => {
        setSummary(fetchSummary(result));
        toast({ title: 'Lectura del INE', description: result.added.length === 1 ? '1 mes añadido' : `${result.added.length} meses añadidos` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo leer el INE' }),
    });
  };
  return (
    <>
      <PageHeader
        title="Índices de actualización"
        description="La variación anual del IPC, el IGC y el IRAV de cada mes, con la que se calculan las actualizaciones de renta."
        actions={
          <>
            <Button variant="outline" onClick={readIne} disabled={fetchFromIne.isPending}>
              {fetchFromIne.isPending ? 'Leyendo del INE…' : 'Leer del INE'}
            </Button>
            <Button onClick={() => setAdding(true)}>Añadir valor</Button>
          </>
        }
      />
      <p role="status" aria-live="polite" aria-label="Lectura del INE">
        {summary && <MutedText>{summary}</MutedText>}
      </p>
      <PagedList
        list={list}
        noun="valores"
        loading="Cargando valores"
        error="No se pudieron cargar los valores"
        filters={
          <ListFilters $columns="1fr">
            <ListFilterSelect label="Serie" value={filters.series} onChange={(v) => setFilter('series', v)} options={INDEX_SERIES.map((value) => ({ value, label: INDEX_SERIES_LABELS[value] }))} />
          </ListFilters>
        }
        whenEmpty={
          <Card>
            <CardTitle as="h2">No hay valores</CardTitle>
            <CardDescription>Añade el valor de un mes o léelo del INE.</CardDescription>
          </Card>
        }
      >
        {(rows) => (
          <Card>
            <TableScroll aria-label="Valores de los índices">
              <DataTable>
                <thead>
                  <tr>
                    <th>Serie</th>
                    <SortHeader list={list} field="month">
                      Mes
                    </SortHeader>
                    <th data-align="end">Variación</th>
                    <th>Publicado</th>
                    <th>Fuente</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((v) => (
                    <tr key={v.id}>
                      <td>{v.series}</td>
                      <td>{monthLabel(v.month)}</td>
                      <td data-align="end">{variationLabel(v.value)}</td>
                      <td>{formatDate(v.publishedOn)}</td>
                      <td>{v.source}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </PagedList>
      <IndexValueDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
