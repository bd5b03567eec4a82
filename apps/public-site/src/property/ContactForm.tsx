import { PublicLeadCreateSchema, type PublicLeadCreateInput } from '@arrendia/api-contract';
import { apiRequest, readErrorBody, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Button, DialogActions, TextAreaField, TextField, toast } from '@arrendia/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';

/** The browser alert after sending (spec §2): the message went out, the owner replies soon. */
export const MESSAGE_SENT_ALERT = 'Mensaje enviado. El propietario te responderá pronto.';

type Values = { name: string; email: string; phone: string; message: string };
const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * The property page's message form. Beyond the spec it also stores the message as a lead
 * (POST /api/public/leads); the alert text stays the spec's. Validated with the API's schema.
 */
export function ContactForm({ listingId, onClose }: { listingId: number; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({
    mutationFn: (input: PublicLeadCreateInput) => apiRequest('POST', '/api/public/leads', input),
    onSuccess: () => {
      window.alert(MESSAGE_SENT_ALERT);
      setValues(EMPTY);
      setErrors({});
      onClose();
    },
    onError: (error) => {
      const body = readErrorBody(error);
      setErrors(body?.fields ?? {});
      toast({ variant: 'destructive', title: 'Error', description: body?.error === 'rate_limited' ? body.message : 'No se pudo enviar el mensaje' });
    },
  });

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { listingId, ...values };
    const parsed = PublicLeadCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    send.mutate(input);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Enviar mensaje al anunciante">
      <TextField label="Nombre" autoComplete="name" required {...field('name')} />
      <TextField label="Correo electrónico" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Teléfono (opcional)" type="tel" autoComplete="tel" {...field('phone')} />
      <TextAreaField label="Mensaje" required rows={4} {...field('message')} />
      <DialogActions>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar'}
        </Button>
      </DialogActions>
    </Form>
  );
}
