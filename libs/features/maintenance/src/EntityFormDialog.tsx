import { isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Dialog, FormActions, SelectField, TextField, useToast } from '@arrendia/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import type { z } from 'zod';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'date' | 'number' | 'email' | 'tel' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
  initial?: string;
}

export interface EntityFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  mutation: UseMutationResult<unknown, Error, never>;
  submitLabel: string;
  success: { title: string; description: string };
  failure: string;
}

/**
 * One form dialog for the simple creations of /maintenance (a task, a plan, a provider): the fields
 * it is given, checked with the contract's zod schema before the call and with the API's own field
 * errors after it, in Spanish.
 */
export function EntityFormDialog({ open, onOpenChange, title, description, fields, schema, mutation, submitLabel, success, failure }: EntityFormDialogProps) {
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? '']));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { toast } = useToast();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(input as never, {
      onSuccess: () => {
        toast(success);
        setValues(initial());
        onOpenChange(false);
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(serverFieldErrors(error));
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? failure });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValues(initial());
          setErrors({});
        }
        onOpenChange(next);
      }}
      title={title}
      description={description}
      width={520}
    >
      <Form onSubmit={submit} noValidate aria-label={title}>
        {fields.map((f) =>
          f.kind === 'select' ? (
            <SelectField key={f.name} label={f.label} placeholder={f.placeholder} options={f.options ?? []} value={values[f.name] || undefined} onValueChange={(v) => set(f.name, v)} error={errors[f.name]} />
          ) : (
            <TextField key={f.name} label={f.label} type={f.kind ?? 'text'} value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} error={errors[f.name]} step={f.kind === 'number' ? '0.01' : undefined} />
          ),
        )}
        <FormActions onCancel={() => onOpenChange(false)} pending={mutation.isPending} submitLabel={submitLabel} pendingLabel="Creando..." />
      </Form>
    </Dialog>
  );
}
