import { isSessionGone, serverMessage, useFormDialog } from '@arrendia/api-client';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, REPORT_TYPE_LABELS, REPORT_TYPES, ReportSchedulesCreateSchema, type ReportFrequency, type ReportSchedule } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, DataTable, Dialog, Form, FormActions, MutedText, PagedList, SelectField, Skeleton, SortHeader, SpreadRow, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { useCreateReportSchedule, useDeleteReportSchedule, useReportScheduleList, useScheduleProperties } from './useReportSchedules';

const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const QUARTER_NAMES = ['primer', 'segundo', 'tercer', 'cuarto'];

/** A report period by its first day ('YYYY-MM-DD'): 'marzo de 2026', 'primer trimestre de 2026'. */
export function periodLabel(frequency: ReportFrequency, from: string): string {
  const year = from.slice(0, 4);
  const month = Number(from.slice(5, 7));
  return frequency === 'mensual' ? `${MONTH_NAMES[month - 1]} de ${year}` : `${QUARTER_NAMES[Math.floor((month - 1) / 3)]} trimestre de ${year}`;
}

const scopeOf = (s: ReportSchedule) => s.property?.propertyName ?? 'Toda la cartera';
const nameOf = (s: ReportSchedule) => `${REPORT_TYPE_LABELS[s.reportType]} ${REPORT_FREQUENCY_LABELS[s.frequency].toLowerCase()} de ${s.property ? s.property.propertyName : 'toda la cartera'}`;

/** The whole portfolio in the property select (a Radix item cannot have '' as its value). */
const WHOLE_PORTFOLIO = 'cartera';
const TYPE_OPTIONS = REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }));
const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((frequency) => ({ value: frequency, label: REPORT_FREQUENCY_LABELS[frequency] }));
const EMPTY = { reportType: 'financial', frequency: 'mensual', propertyId: WHOLE_PORTFOLIO };

/** 'Programar reporte': a report, monthly or quarterly, of one property or the whole portfolio. */
export function ScheduleReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const properties = useScheduleProperties(open);
  const { toast } = useToast();
  const form = useFormDialog({
    schema: ReportSchedulesCreateSchema,
    initialValues: EMPTY,
    toInput: ({ reportType, frequency, propertyId }) => ({ reportType, frequency, propertyId: propertyId === WHOLE_PORTFOLIO ? null : propertyId }),
    mutation: useCreateReportSchedule(),
    onOpenChange,
    onSuccess: (schedule) => toast({ title: 'Reporte programado', description: `${nameOf(schedule)}: el primero se generará el ${formatDate(schedule.nextRunDate)}` }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo programar el reporte',
  });
  const propertyOptions = [{ value: WHOLE_PORTFOLIO, label: 'Toda la cartera' }, ...(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))];
  return (
    <Dialog
      open={open}
      onOpenChange={form.onOpenChange}
      title="Programar reporte"
      description="Se genera el primer día de cada mes o trimestre con el periodo que acaba de terminar, y lo encontrarás en «Historial»."
    >
      <Form onSubmit={form.submit} aria-label="Programar reporte">
        <SelectField label="Tipo de reporte" options={TYPE_OPTIONS} {...form.select('reportType')} />
        <SelectField label="Frecuencia" options={FREQUENCY_OPTIONS} {...form.select('frequency')} />
        <SelectField label="Propiedad" placeholder={properties.isLoading ? 'Cargando propiedades...' : undefined} options={propertyOptions} {...form.select('propertyId')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Programar reporte" pendingLabel="Guardando..." />
      </Form>
    </Dialog>
  );
}

/**
 * 'Programados' (issue 33, point 6): the user's scheduled reports (type, frequency, property or the
 * whole portfolio, the last period generated and the day of the next), 'Programar reporte', and
 * 'Eliminar' asked first. The monthly financial report of the whole portfolio is the one the
 * 'Reportes mensuales' switch of Configuración stands for, and says so.
 */
export function ScheduledReports() {
  const list = useReportScheduleList();
  const [open, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ReportSchedule | null>(null);
  const remove = useDeleteReportSchedule();
  const { toast } = useToast();

  const confirmDelete = () => {
    if (!toDelete) return;
    const name = nameOf(toDelete);
    remove.mutate(toDelete, {
      onSuccess: () => toast({ title: 'Reporte programado eliminado', description: `${name} ya no se generará` }),
      onError: (error) => {
        if (isSessionGone(error)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo eliminar el reporte programado' });
      },
    });
    setToDelete(null);
  };

  return (
    <Card as="section" aria-labelledby="reports-scheduled">
      <SpreadRow>
        <CardTitle as="h2" id="reports-scheduled">
          Reportes programados
        </CardTitle>
        <Button onClick={() => setOpen(true)}>Programar reporte</Button>
      </SpreadRow>
      <CardDescription>
        Cada reporte programado se genera el primer día del mes o del trimestre con el periodo que acaba de terminar, te avisamos y lo encontrarás en
        «Historial».
      </CardDescription>
      <ScheduleReportDialog open={open} onOpenChange={setOpen} />
      <PagedList
        list={list}
        noun="reportes programados"
        variant="inline"
        loading="Cargando reportes programados"
        skeleton={(busy) => (
          <div role="group" {...busy}>
            <Skeleton height="4rem" />
          </div>
        )}
        error="No se pudieron cargar los reportes programados"
        whenEmpty={<CardDescription>No tienes reportes programados. Usa «Programar reporte» para recibir cada mes o trimestre el reporte que elijas.</CardDescription>}
      >
        {(rows) => (
          <DataTable aria-labelledby="reports-scheduled">
            <thead>
              <tr>
                <th scope="col">Reporte</th>
                <th scope="col">Frecuencia</th>
                <th scope="col">Propiedad</th>
                <th scope="col">Último generado</th>
                <th scope="col">Próxima ejecución</th>
                <SortHeader list={list} field="createdAt">
                  Creado
                </SortHeader>
                <th scope="col">Acción</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    {REPORT_TYPE_LABELS[s.reportType]}
                    {s.isDefault && <MutedText as="p">Reportes mensuales (Configuración)</MutedText>}
                  </th>
                  <td>{REPORT_FREQUENCY_LABELS[s.frequency]}</td>
                  <td>{scopeOf(s)}</td>
                  <td>{s.lastPeriodGenerated ? periodLabel(s.frequency, s.lastPeriodGenerated) : '—'}</td>
                  <td>{formatDate(s.nextRunDate)}</td>
                  <td>{formatDate(s.createdAt)}</td>
                  <td>
                    <Button size="sm" variant="outline" onClick={() => setToDelete(s)} aria-label={`Eliminar ${nameOf(s)}`}>
                      Eliminar
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title="¿Eliminar el reporte programado?"
        description={
          toDelete
            ? `${nameOf(toDelete)} dejará de generarse. Los reportes ya generados siguen en «Historial».${toDelete.isDefault ? ' También se desactivará «Reportes mensuales» en Configuración.' : ''}`
            : undefined
        }
        confirmLabel="Eliminar"
        destructive
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
