import { REPORT_TYPE_LABELS, ReportsCreateSchema, type Report, type ReportType } from '@arrendia/api-contract';
import { isUnauthorizedError, readErrorBody, zodFieldErrors } from '@arrendia/api-client';
import { Button, Card, CardDescription, CardTitle, Icon, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
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
const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const REPORT_DESCRIPTIONS: Readonly<Record<ReportType, string>> = {
  financial: 'Ingresos, gastos y beneficio neto del periodo, por mes y por propiedad.',
  occupancy: 'Unidades, unidades alquiladas y tasa de ocupación por propiedad.',
  tenants: 'Inquilinos con contrato en el periodo: contrato, unidad, renta, fechas y estado.',
};

/** One report card: its period (Desde / Hasta, this month by default) and 'Generar PDF'. */
export function ReportCard({ reportType }: { reportType: ReportType }) {
  const [period, setPeriod] = useState(currentMonthPeriod);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [generated, setGenerated] = useState<Report | null>(null);
  const generate = useGenerateReport();
  const { toast } = useToast();
  const title = REPORT_TYPE_LABELS[reportType];
  const headingId = `report-${reportType}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportsCreateSchema.safeParse({ reportType, ...period });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    generate.mutate(
      { reportType, ...period },
      {
        onSuccess: (report) => {
          setGenerated(report);
          toast({ title: 'Reporte generado', description: `${title} listo para descargar` });
        },
        onError: (err) => {
          if (isUnauthorizedError(err)) return;
          const fields = readErrorBody(err)?.fields;
          if (fields) setErrors(fields);
          toast({ variant: 'destructive', title: 'Error', description: 'No se pudo generar el reporte' });
        },
      },
    );
  };

  return (
    <Card as="article" aria-labelledby={headingId}>
      <Head>
        <Icon name="report" />
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
      </Head>
      <CardDescription>{REPORT_DESCRIPTIONS[reportType]}</CardDescription>
      <Form onSubmit={submit} noValidate aria-label={`Periodo del ${title}`}>
        <Dates>
          <TextField type="date" label="Desde" value={period.from} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} error={errors.from} />
          <TextField type="date" label="Hasta" value={period.to} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} error={errors.to} />
        </Dates>
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? 'Generando...' : 'Generar PDF'}
        </Button>
      </Form>
      {generated && (
        <a href={reportDownloadUrl(generated.id)} download={generated.fileName}>
          Descargar {generated.fileName}
        </a>
      )}
    </Card>
  );
}
