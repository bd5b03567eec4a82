import { REPORT_TYPE_LABELS, REPORT_TYPES, type CurrentUser } from '@arrendia/api-contract';
import { formatDate, formatDateTime, personName } from '@arrendia/locale-es';
import { Card, CardDescription, CardTitle, DataTable, ListState, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ReportCard } from './ReportCard';
import { ScheduledReports } from './ScheduledReports';
import { reportDownloadUrl, useReports } from './useReports';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

/**
 * The user's generated reports with their download links; a Propietario column when any is about a
 * principal, a Propiedad column when any covers one property (a scheduled report).
 */
export function ReportHistory() {
  const reports = useReports();
  const byPrincipal = reports.data?.some((r) => r.owner !== null) ?? false;
  const byProperty = reports.data?.some((r) => r.propertyName !== null) ?? false;
  return (
    <ListState read={reports} loading="Cargando historial" height="2rem" error="No se pudo cargar el historial">
      <Card as="section" aria-labelledby="reports-history">
        <CardTitle as="h2" id="reports-history">
          Reportes generados
        </CardTitle>
        {reports.data && reports.data.length > 0 ? (
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Tipo</th>
                {byPrincipal && <th scope="col">Propietario</th>}
                {byProperty && <th scope="col">Propiedad</th>}
                <th scope="col">Periodo</th>
                <th scope="col">Archivo</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.createdAt)}</td>
                  <td>{REPORT_TYPE_LABELS[r.reportType]}</td>
                  {byPrincipal && <td>{r.owner ? personName(r.owner) : 'Toda la cartera'}</td>}
                  {byProperty && <td>{r.propertyName ?? 'Toda la cartera'}</td>}
                  <td>
                    {formatDate(r.periodFrom)} - {formatDate(r.periodTo)}
                  </td>
                  <td>
                    <a href={reportDownloadUrl(r.id)} download={r.fileName} aria-label={`Descargar ${r.fileName}`}>
                      Descargar
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : (
          <CardDescription>Todavía no has generado ningún reporte</CardDescription>
        )}
      </Card>
    </ListState>
  );
}

const TABS = ['generar', 'programados', 'historial'] as const;

/** /reports: Generar Reportes (three real PDF reports), Programados (the user's scheduled reports), Historial. */
export function ReportsScreen(_props: { user: CurrentUser | null }) {
  // A link may open a tab (?tab=historial: a scheduled report's notice); the scheduled list's page or order in the URL opens that one.
  const [search] = useSearchParams();
  const [tab, setTab] = useState(() => {
    const asked = search.get('tab');
    if (asked && (TABS as readonly string[]).includes(asked)) return asked;
    return [...search.keys()].some((key) => key.startsWith('programados.')) ? 'programados' : 'generar';
  });
  return (
    <>
      <PageHeader title="Reportes" description="Genera reportes en PDF de tu cartera para el periodo que elijas" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Reportes">
          <TabsTrigger value="generar">Generar Reportes</TabsTrigger>
          <TabsTrigger value="programados">Programados</TabsTrigger>
          <TabsTrigger value="historial">Historial</TabsTrigger>
        </TabsList>
        <TabsContent value="generar">
          <Grid>
            {REPORT_TYPES.map((type) => (
              <ReportCard key={type} reportType={type} />
            ))}
          </Grid>
        </TabsContent>
        <TabsContent value="programados">
          <ScheduledReports />
        </TabsContent>
        <TabsContent value="historial">
          <ReportHistory />
        </TabsContent>
      </Tabs>
    </>
  );
}
