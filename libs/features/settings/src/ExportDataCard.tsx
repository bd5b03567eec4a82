import { serverMessage } from '@arrendia/api-client';
import { EXPORT_LINK_HOURS, exportDownloadPath, exportExpired, type DataExport } from '@arrendia/api-contract';
import { formatDateTime, formatNumber } from '@arrendia/locale-es';
import { Button, ButtonLink, Card, CardDescription, CardTitle, MutedText } from '@arrendia/ui';
import styled from 'styled-components';
import { useDataExports, useRequestDataExport } from './useDataExports';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Refusal = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A ZIP's size as people read it: '850 KB', '2,4 MB'. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${formatNumber(bytes / (1024 * 1024), 1)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`);

const running = (exp: DataExport | undefined) => exp?.status === 'pending' || exp?.status === 'building';

/**
 * 'Exportar mis datos' (issue 35, point 2; RGPD art. 15 and 20): asks for a ZIP of the account's
 * data and shows the latest export's state. It is refreshed by the live event 'export.ready' (no
 * polling): 'Preparando tu exportación…', then the download link until it expires, or the reason it
 * failed.
 */
export function ExportDataCard() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const latest = exports.data?.[0];
  const refusal = request.isError ? (serverMessage(request.error) ?? 'No se pudo pedir la exportación') : null;
  return (
    <Card>
      <CardTitle>Exportar mis datos</CardTitle>
      <CardDescription>
        {`Descarga un ZIP con un CSV por cada tipo de registro, tus documentos y un LEEME que explica cada columna. Estará listo en unos minutos y el enlace dura ${EXPORT_LINK_HOURS} horas.`}
      </CardDescription>
      <Row>
        <Button variant="outline" onClick={() => request.mutate()} disabled={request.isPending || running(latest)}>
          Exportar mis datos
        </Button>
        {latest && <LatestExport exp={latest} />}
      </Row>
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
    </Card>
  );
}

function LatestExport({ exp }: { exp: DataExport }) {
  if (running(exp)) return <MutedText role="status">Preparando tu exportación…</MutedText>;
  if (exp.status === 'failed') return <Refusal role="status">{exp.error ?? 'No se pudo preparar la exportación'}</Refusal>;
  if (exportExpired(exp)) return <MutedText role="status">El enlace ha caducado: exporta de nuevo</MutedText>;
  return (
    <>
      <ButtonLink href={exportDownloadPath(exp.id)} download $variant="primary" $size="md">
        Descargar
      </ButtonLink>
      <MutedText>
        {`Disponible hasta el ${formatDateTime(exp.expiresAt)}`}
        {exp.sizeBytes !== null ? ` · ${sizeText(exp.sizeBytes)}` : ''}
      </MutedText>
    </>
  );
}
