import type { Import } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { AlertDialog, Button, Card, CardDescription, CardFooter, FactList, Form, useToast } from '@arrendia/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { count, ErrorText, Hint, Stack, StepHeading } from './parts';
import { RowsTable } from './RowsTable';
import { changedSheets, draftOf, SheetMappingCard, type SheetDraft } from './SheetMappings';
import { useCommitImport, useRemapImport } from './useImports';

const Notices = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.yellow.background};
  color: ${({ theme }) => theme.tones.yellow.text};
`;

/** The figures of the whole file, as the preview's heading reads them. */
function Counts({ preview }: { preview: Import }) {
  const { total, valid, existing, invalid } = preview.counts;
  return (
    <FactList $layout="tiles" $boxed aria-label="Resumen de las filas">
      <div>
        <dt>Filas</dt>
        <dd>{count(total)}</dd>
      </div>
      <div>
        <dt>Se crearán</dt>
        <dd>{count(valid)}</dd>
      </div>
      <div>
        <dt>Ya existen</dt>
        <dd>{count(existing)}</dd>
      </div>
      <div>
        <dt>Con errores</dt>
        <dd>{count(invalid)}</dd>
      </div>
    </FactList>
  );
}

/**
 * Step 2: the preview. The file's notices, the figures, each sheet's entity and column mapping
 * ('Aplicar cambios' reads the rows again), every row with its errors, and 'Importar N filas'
 * after a confirmation.
 */
export function PreviewStep({ preview, focus, onCommitted, onRestart }: { preview: Import; focus: boolean; onCommitted: (updated: Import) => void; onRestart: () => void }) {
  const headingId = useId();
  const { toast } = useToast();
  const remap = useRemapImport();
  const commit = useCommitImport();
  const [confirming, setConfirming] = useState(false);
  const [mappingError, setMappingError] = useState<string | null>(null);
  // The user's mapping, started again from the server's whenever a new preview arrives.
  const [drafts, setDrafts] = useState<{ of: string; sheets: SheetDraft[] }>(() => ({ of: preview.updatedAt, sheets: draftOf(preview.sheets) }));
  const sheets = drafts.of === preview.updatedAt ? drafts.sheets : draftOf(preview.sheets);
  if (drafts.of !== preview.updatedAt) setDrafts({ of: preview.updatedAt, sheets });
  const changes = changedSheets(preview.sheets, sheets);
  const toWrite = preview.counts.valid;

  const apply = () => {
    if (!changes) return;
    setMappingError(null);
    remap.mutate(
      { id: preview.id, input: changes },
      {
        onSuccess: () => toast({ title: 'Columnas aplicadas', description: 'Las filas se han leído de nuevo con la asignación elegida' }),
        onError: (err) => {
          if (!isSessionGone(err)) setMappingError(serverMessage(err) ?? 'No se pudo aplicar la asignación de columnas');
        },
      },
    );
  };

  const startImport = () =>
    commit.mutate(
      { id: preview.id, input: undefined },
      {
        onSuccess: onCommitted,
        onError: (err) => {
          if (!isSessionGone(err)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'No se pudo iniciar la importación' });
        },
      },
    );

  return (
    <Stack>
      <Card as="section" aria-labelledby={headingId}>
        <StepHeading id={headingId} focus={focus}>
          Revisa los datos antes de importar
        </StepHeading>
        <CardDescription>
          {preview.fileName}: nada se ha escrito todavía. Corrige el archivo y súbelo de nuevo, o cambia la asignación de columnas, hasta que las filas que quieres importar no tengan errores.
        </CardDescription>
        {preview.notices.length > 0 && (
          <Notices aria-label="Avisos del archivo">
            {preview.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </Notices>
        )}
        <Counts preview={preview} />
        <CardFooter>
          <Button disabled={toWrite === 0 || changes !== null || commit.isPending} onClick={() => setConfirming(true)}>
            {`Importar ${count(toWrite)} ${toWrite === 1 ? 'fila' : 'filas'}`}
          </Button>
          <Button variant="outline" onClick={onRestart}>
            Subir otro archivo
          </Button>
        </CardFooter>
        {changes !== null && <Hint>Aplica los cambios de columnas antes de importar.</Hint>}
        {toWrite === 0 && changes === null && (
          <Hint>
            {preview.counts.total > 0 && preview.counts.existing === preview.counts.total
              ? 'Todas las filas ya están en tu cuenta: importar este archivo no crearía nada.'
              : 'Ninguna fila se puede importar: todas ya existen o tienen errores.'}
          </Hint>
        )}
      </Card>
      <Form
        aria-label="Asignación de columnas"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {preview.sheets.map((sheet, i) => (
          <SheetMappingCard key={sheet.name} sheet={sheet} draft={sheets[i]!} onChange={(draft) => setDrafts({ of: preview.updatedAt, sheets: sheets.map((d, j) => (j === i ? draft : d)) })} />
        ))}
        {mappingError && <ErrorText role="alert">{mappingError}</ErrorText>}
        <div>
          <Button type="submit" variant="secondary" disabled={changes === null || remap.isPending}>
            {remap.isPending ? 'Aplicando…' : 'Aplicar cambios'}
          </Button>
        </div>
      </Form>
      <Card>
        <RowsTable preview={preview} />
      </Card>
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`¿Importar ${count(toWrite)} ${toWrite === 1 ? 'fila' : 'filas'}?`}
        description={`Se escribirán en ${preview.account.agencyId !== null ? 'la cartera de la agencia' : 'la cuenta'} las filas que se crearán; las que ya existen y las que tienen errores no se importan. Los inquilinos nuevos recibirán una invitación por email.`}
        confirmLabel="Importar"
        onConfirm={() => {
          setConfirming(false);
          startImport();
        }}
      />
    </Stack>
  );
}
