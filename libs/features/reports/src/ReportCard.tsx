import { REPORT_TYPE_LABELS, REPORT_TYPES, ReportsCreateSchema, type ReportType } from '@arrendia/api-contract';
import { serverFieldErrors, useFormDialog } from '@arrendia/api-client';
import { Button, Card, CardDescription, CardTitle, Dialog, Form, Icon, SelectField, TextField, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { currentMonthPeriod } from './period';
import { reportDownloadUrl, useGenerateReport } from './useReports';

const Dates = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const REPORT_DESCRIPTIONS: Readonly<Record<ReportType, string>> = {
  financial: 'Ingresos, gastos y beneficio neto del periodo, por mes y por propiedad.',
  occupancy: 'Unidades, unidades alquiladas y tasa de ocupación por propiedad.',
  tenants: 'Inquilinos con contrato en el periodo: contrato, unidad, renta, fechas y estado.',
};

/**
 * The period (Desde / Hasta, this month by default) and 'Generar PDF' of one report, over the
 * user's scope or one principal's portfolio (`ownerUserId`); once generated, its download link.
 */
function ReportPeriodForm({ reportType, ownerUserId, label }: { reportType: ReportType; ownerUserId?: number; label: string }) {
  const generate = useGenerateReport();
  const { toast } = useToast();
  const title = REPORT_TYPE_LABELS[reportType];
  const form = useFormDialog({
    schema: ReportsCreateSchema,
    initialValues: currentMonthPeriod,
    toInput: (period) => ({ reportType, ...period, ...(ownerUserId === undefined ? {} : { ownerUserId }) }),
    mutation: generate,
    // The period stays for the next report; the download link is the call's result.
    stayOpen: true,
    onSuccess: () => toast({ title: 'Reporte generado', description: `${title} listo para descargar` }),
    onFailure: (_message, error) => toast({ variant: 'destructive', title: 'Error', description: serverFieldErrors(error).ownerUserId ?? 'No se pudo generar el reporte' }),
    failureMessage: 'No se pudo generar el reporte',
  });
  // Cleared while a new one is generated, and when it fails.
  const generated = generate.data;

  return (
    <>
      <Form onSubmit={form.submit} aria-label={label}>
        <Dates>
          <TextField type="date" label="Desde" {...form.field('from')} />
          <TextField type="date" label="Hasta" {...form.field('to')} />
        </Dates>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Generando...' : 'Generar PDF'}
        </Button>
      </Form>
      {generated && (
        <a href={reportDownloadUrl(generated.id)} download={generated.fileName}>
          Descargar {generated.fileName}
        </a>
      )}
    </>
  );
}

/** One report card of 'Generar Reportes'. */
export function ReportCard({ reportType }: { reportType: ReportType }) {
  const title = REPORT_TYPE_LABELS[reportType];
  const headingId = `report-${reportType}-title`;
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Head>
        <Icon name="report" />
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
      </Head>
      <CardDescription>{REPORT_DESCRIPTIONS[reportType]}</CardDescription>
      <ReportPeriodForm reportType={reportType} label={`Periodo del ${title}`} />
    </Card>
  );
}

const TYPE_OPTIONS = REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }));

/** 'Generar reporte' for one principal (issue 11): a dialog with the report type, its period and the download. */
export function PrincipalReportDialog({ owner, trigger }: { owner: { id: number; name: string }; trigger: React.ReactNode }) {
  const [reportType, setReportType] = useState<ReportType>('financial');
  return (
    <Dialog title={`Generar reporte de ${owner.name}`} description="Un reporte en PDF de la cartera de este propietario." trigger={trigger}>
      <SelectField label="Tipo de reporte" value={reportType} onValueChange={(v) => setReportType(v as ReportType)} options={TYPE_OPTIONS} />
      <CardDescription>{REPORT_DESCRIPTIONS[reportType]}</CardDescription>
      <ReportPeriodForm key={reportType} reportType={reportType} ownerUserId={owner.id} label={`Periodo del ${REPORT_TYPE_LABELS[reportType]} de ${owner.name}`} />
    </Dialog>
  );
}
