import { IMPORT_ENTITIES, type Import } from '@arrendia/api-contract';
import { formatDateTime } from '@arrendia/locale-es';
import { Button, ButtonLink, Card, CardDescription, CardFooter, DataTable, TableScroll } from '@arrendia/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { count, ErrorText, REPORT_ENTITY_LABELS, StepHeading } from './parts';
import { ImportProgress } from './ProgressStep';

const TITLES = {
  done: 'Importación terminada',
  cancelled: 'Importación cancelada',
  failed: 'Importación detenida',
} as const;

/**
 * Step 4: what the import did, per entity (created, already there, with errors), why it stopped
 * early if it did, the lists to see the result in, and 'Importar otro archivo'.
 */
export function ReportStep({ preview, focus, onRestart }: { preview: Import; focus: boolean; onRestart: () => void }) {
  const headingId = useId();
  const status = preview.status === 'cancelled' || preview.status === 'failed' ? preview.status : 'done';
  const report = preview.report;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        {TITLES[status]}
      </StepHeading>
      <CardDescription>
        {preview.fileName}
        {preview.finishedAt ? ` · ${formatDateTime(preview.finishedAt)}` : ''}
      </CardDescription>
      <ImportProgress progress={preview.progress} />
      {report?.stoppedBecause && <ErrorText role="alert">{report.stoppedBecause}</ErrorText>}
      {report && (
        <TableScroll aria-label="Resultado de la importación">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Tipo de datos</th>
                <th scope="col" data-align="end">
                  Creados
                </th>
                <th scope="col" data-align="end">
                  Ya existían
                </th>
                <th scope="col" data-align="end">
                  Con errores
                </th>
              </tr>
            </thead>
            <tbody>
              {IMPORT_ENTITIES.map((entity) => (
                <tr key={entity}>
                  <th scope="row">{REPORT_ENTITY_LABELS[entity]}</th>
                  <td data-align="end">{count(report.created[entity])}</td>
                  <td data-align="end">{count(report.existing[entity])}</td>
                  <td data-align="end">{count(report.invalid[entity])}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
      <CardFooter>
        <ButtonLink as={Link} $variant="outline" to="/properties">
          Ver inmuebles
        </ButtonLink>
        <ButtonLink as={Link} $variant="outline" to="/contracts">
          Ver contratos
        </ButtonLink>
        <ButtonLink as={Link} $variant="outline" to="/tenants">
          Ver inquilinos
        </ButtonLink>
        <Button onClick={onRestart}>Importar otro archivo</Button>
      </CardFooter>
    </Card>
  );
}
