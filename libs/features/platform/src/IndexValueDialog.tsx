import { INDEX_SERIES, INDEX_SERIES_LABELS, IndexValueCreateSchema } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { parseDecimalEs, todayIso } from '@arrendia/locale-es';
import { Dialog, Form, FormActions, SelectField, TextField, useToast } from '@arrendia/ui';
import { useAddIndexValue } from './useIndexValues';

interface Values extends Record<string, unknown> {
  series: string;
  month: string;
  value: string;
  publishedOn: string;
  source: string;
}

const initialValues = (): Values => ({ series: '', month: '', value: '', publishedOn: todayIso(), source: '' });

/** What the shared schema reads: the variation typed the Spanish way ('2,22') as a number; a blank source left out. */
const toInput = (v: Values) => ({
  series: v.series || undefined,
  month: v.month.trim(),
  value: v.value.trim() === '' ? undefined : (parseDecimalEs(v.value) ?? Number.NaN),
  publishedOn: v.publishedOn,
  ...(v.source.trim() ? { source: v.source } : {}),
});

export interface IndexValueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Añadir valor' (issue 36): one month of one series as the INE published it. Checked with the API's
 * own schema before sending; a month already stored comes back as a 409 shown under 'Mes'.
 */
export function IndexValueDialog({ open, onOpenChange }: IndexValueDialogProps) {
  const { toast } = useToast();
  const form = useFormDialog({
    schema: IndexValueCreateSchema,
    initialValues,
    toInput,
    clientMessages: ({ value }) => ({ series: 'Elige la serie', ...(value.trim() === '' ? { value: 'Indica la variación en %' } : {}) }),
    mutation: useAddIndexValue(),
    onOpenChange,
    onSuccess: (saved) => toast({ title: 'Valor añadido', description: `${INDEX_SERIES_LABELS[saved.series]}, ${saved.month}` }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo añadir el valor',
  });
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Añadir valor" description="La variación anual de un mes de una serie, tal como la publica el INE." width={520}>
      <Form onSubmit={form.submit} aria-label="Añadir valor">
        <SelectField label="Serie" placeholder="Selecciona una serie" options={INDEX_SERIES.map((s) => ({ value: s, label: INDEX_SERIES_LABELS[s] }))} {...form.select('series')} />
        <TextField label="Mes" placeholder="AAAA-MM" hint="El mes al que se refiere el valor, por ejemplo 2025-09" inputMode="numeric" autoComplete="off" {...form.field('month')} />
        <TextField label="Variación anual (%)" placeholder="2,22" hint="Con los decimales que da el INE (como mucho tres)" inputMode="decimal" autoComplete="off" {...form.field('value')} />
        <TextField label="Publicado el" type="date" {...form.field('publishedOn')} />
        <TextField label="Fuente (opcional)" placeholder="INE, nota de prensa" {...form.field('source')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Añadir" />
      </Form>
    </Dialog>
  );
}
