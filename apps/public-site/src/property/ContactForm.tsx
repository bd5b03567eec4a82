import { PublicLeadCreateSchema, type PublicLeadCreateData } from '@arrendia/api-contract';
import { apiRequest, readErrorBody, useFormDialog } from '@arrendia/api-client';
import { Button, DialogActions, Form, TextAreaField, TextField, toast } from '@arrendia/ui';
import { useMutation } from '@tanstack/react-query';

/** The browser alert after sending (spec §2): the message went out, the owner replies soon. */
export const MESSAGE_SENT_ALERT = 'Mensaje enviado. El propietario te responderá pronto.';

type Values = { name: string; email: string; phone: string; message: string };
const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

/**
 * The property page's message form. Beyond the spec it also stores the message as a lead
 * (POST /api/public/leads); the alert text stays the spec's. Validated with the API's schema.
 */
export function ContactForm({ listingId, onClose }: { listingId: number; onClose: () => void }) {
  const send = useMutation({
    // The phone travels as empty text when none was typed, as the form shows it.
    mutationFn: (input: PublicLeadCreateData) => apiRequest('POST', '/api/public/leads', { ...input, phone: input.phone ?? '' }),
  });
  const form = useFormDialog({
    schema: PublicLeadCreateSchema,
    initialValues: EMPTY,
    toInput: (values) => ({ listingId, ...values }),
    mutation: send,
    // Closing is the page's: the form is gone once the message went out.
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    onSuccess: () => window.alert(MESSAGE_SENT_ALERT),
    onFailure: (_message, error) => {
      const body = readErrorBody(error);
      toast({ variant: 'destructive', title: 'Error', description: body?.error === 'rate_limited' ? body.message : 'No se pudo enviar el mensaje' });
    },
    failureMessage: 'No se pudo enviar el mensaje',
  });
  const field = (name: keyof Values) => ({ name, ...form.field(name) });

  return (
    <Form onSubmit={form.submit} aria-label="Enviar mensaje al anunciante">
      <TextField label="Nombre" autoComplete="name" required {...field('name')} />
      <TextField label="Correo electrónico" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Teléfono (opcional)" type="tel" autoComplete="tel" {...field('phone')} />
      <TextAreaField label="Mensaje" required rows={4} {...field('message')} />
      <DialogActions>
        <Button type="button" variant="outline" onClick={form.close}>
          Cancelar
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enviando...' : 'Enviar'}
        </Button>
      </DialogActions>
    </Form>
  );
}
