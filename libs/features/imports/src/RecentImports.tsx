import { ImportSummarySchema } from '@arrendia/api-contract';
import { useListPage } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import { Button, Card, CardTitle, DataTable, PagedList, TableScroll } from '@arrendia/ui';
import { z } from 'zod';
import { count, IMPORT_STATUS_LABELS } from './parts';
import { IMPORTS_PATH } from './useImports';

/**
 * 'Importaciones recientes': the user's imports, newest first, paged on the server under
 * `importaciones.*` in the URL; 'Abrir' goes back to one (its preview, progress or report).
 * Not shown at all before the first import.
 */
export function RecentImports({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useListPage({ path: IMPORTS_PATH, schema: z.array(ImportSummarySchema), filters: [] as const, sorts: ['createdAt'], pageSize: 10, prefix: 'importaciones' });
  if (!list.read.isPending && !list.read.isError && list.total === 0 && list.page === 1) return null;
  return (
    <Card as="section" aria-labelledby="recent-imports">
      <CardTitle as="h2" id="recent-imports">
        Importaciones recientes
      </CardTitle>
      <PagedList list={list} noun="importaciones" variant="inline" loading="Cargando importaciones" error="No se pudieron cargar las importaciones" whenEmpty={null}>
        {(rows) => (
          <TableScroll aria-label="Importaciones recientes">
            <DataTable>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Archivo</th>
                  <th scope="col">Estado</th>
                  <th scope="col" data-align="end">
                    Filas
                  </th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((item) => (
                  <tr key={item.id}>
                    <td>{formatDateTime(item.createdAt)}</td>
                    <td>{item.fileName}</td>
                    <td>{IMPORT_STATUS_LABELS[item.status]}</td>
                    <td data-align="end">{count(item.counts.total)}</td>
                    <td>
                      <Button size="sm" variant="outline" onClick={() => onOpen(item.id)} aria-label={`Abrir la importación de ${item.fileName}`}>
                        Abrir
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
        )}
      </PagedList>
    </Card>
  );
}
