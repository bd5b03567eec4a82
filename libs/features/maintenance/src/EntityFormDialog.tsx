import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, SelectField, TextField, useToast } from '@arrendia/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';

export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'date' | 'number' | 'email' | 'tel' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
  initial?: string;
}

export interface EntityFormDialogProps<S extends z.ZodTypeAny, TData> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fields: FieldSpec[];
  /** The contract's schema of the call; `mutation` takes its output, so nothing is cast. */
  schema: S;
  mutation: UseMutationResult<TData, Error, z.output<S>>;
  submitLabel: string;
  /** The submit button's label while the call runs ('Creando...' unless told). */
  pendingLabel?: string;
  success: { title: string; description: string };
  failure: string;
  /**
   * An edit form sends its fields even when emptied ('' clears an optional one); a creation leaves
   * an empty field out, so that the schema's default or "none" applies.
   */
  sendEmpty?: boolean;
}

/** A select's "none" choice (a Radix item cannot have '' as its value): sent as ''. */
export const NONE = '__ninguno';

/**
 * One form dialog for the simple forms of /maintenance (a new plan or provider, editing one): the fields
 * it is given, checked with the contract's zod schema before the call and with the API's own field
 * errors after it, in Spanish.
 */
export function EntityFormDialog<S extends z.ZodTypeAny, TData>({
  open,
  onOpenChange,
  title,
  description,
  fields,
  schema,
  mutation,
  submitLabel,
  pendingLabel = 'Creando...',
  success,
  failure,
  sendEmpty = false,
}: EntityFormDialogProps<S, TData>) {
  const { toast } = useToast();
  const form = useFormDialog({
    schema,
    initialValues: (): Record<string, string> => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])),
    toInput: (values) => {
      const sent = Object.entries(values).map(([k, v]) => [k, v === NONE ? '' : v] as const);
      return Object.fromEntries(sendEmpty ? sent : sent.filter(([, v]) => v !== ''));
    },
    mutation,
    onOpenChange,
    onSuccess: () => toast(success),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: failure,
  });

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title={title} description={description} width={520}>
      <Form onSubmit={form.submit} aria-label={title}>
        {fields.map((f) =>
          f.kind === 'select' ? (
            <SelectField key={f.name} label={f.label} placeholder={f.placeholder} options={f.options ?? []} {...form.select(f.name)} />
          ) : (
            <TextField key={f.name} label={f.label} type={f.kind ?? 'text'} {...form.field(f.name)} step={f.kind === 'number' ? '0.01' : undefined} />
          ),
        )}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </Form>
    </Dialog>
  );
}
