import type { Import } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { Button, Card, CardDescription, CardFooter, useToast } from '@arrendia/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { count, StepHeading } from './parts';
import { useCancelImport } from './useImports';

const Track = styled.div`
  height: 12px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;
const Bar = styled.div<{ $percent: number }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

/** The bar of the rows written ('N de M filas'): moving while the import runs, where it stopped in the report. */
export function ImportProgress({ progress: { written, toWrite } }: { progress: Import['progress'] }) {
  const percent = toWrite > 0 ? Math.round((100 * written) / toWrite) : 100;
  return (
    <>
      <Track role="progressbar" aria-label="Progreso de la importación" aria-valuemin={0} aria-valuemax={toWrite} aria-valuenow={written} aria-valuetext={`${count(written)} de ${count(toWrite)} filas`}>
        <Bar $percent={percent} />
      </Track>
      <p aria-live="polite">
        {count(written)} de {count(toWrite)} filas
      </p>
    </>
  );
}

/**
 * Step 3: the job writes the valid rows in batches; the bar follows GET /api/imports/:id, read
 * again on each 'import.progress' live event (and every few seconds should the stream be down).
 */
export function ProgressStep({ preview, focus }: { preview: Import; focus: boolean }) {
  const headingId = useId();
  const { toast } = useToast();
  const cancel = useCancelImport();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        Importando {preview.fileName}
      </StepHeading>
      <CardDescription>Puedes seguir usando Arrendia mientras tanto: la importación sigue en el servidor y esta página se actualiza sola.</CardDescription>
      <ImportProgress progress={preview.progress} />
      <CardFooter>
        <Button
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(
              { id: preview.id, input: undefined },
              {
                onError: (err) => {
                  if (!isSessionGone(err)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'No se pudo cancelar la importación' });
                },
              },
            )
          }
        >
          Cancelar importación
        </Button>
      </CardFooter>
    </Card>
  );
}
