import { refusalOnFields, useFormDialog } from '@arrendia/api-client';
import { ConversationsCreateSchema, type Contact } from '@arrendia/api-contract';
import { personName } from '@arrendia/locale-es';
import { roleLabel } from '@arrendia/permissions';
import { CardDescription, Dialog, Form, FormActions, LoadError, MutedText, TextField } from '@arrendia/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { useContacts, useStartConversation } from './useMessaging';

const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 240px;
  overflow-y: auto;
  legend { font-weight: ${({ theme }) => theme.fontWeights.medium}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  label { display: flex; gap: ${({ theme }) => theme.space.sm}; align-items: baseline; cursor: pointer; }
`;
const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * 'Nueva': a conversation with someone of the user's scope (the people of its contracts and
 * properties, from GET /api/conversations/contacts; nobody else can be chosen) and its subject.
 * If the two already have a conversation alone, that one opens.
 */
export function NewConversationDialog({ open, onOpenChange, onStarted }: { open: boolean; onOpenChange: (open: boolean) => void; onStarted: (conversationId: number) => void }) {
  const form = useFormDialog({
    schema: ConversationsCreateSchema,
    initialValues: { q: '', chosen: null as Contact | null, title: '' },
    toInput: (v) => ({ title: v.title, participantUserIds: v.chosen ? [v.chosen.id] : [], reuseExisting: true }),
    clientMessages: { participantUserIds: 'Elige con quién quieres hablar' },
    mutation: useStartConversation(),
    onOpenChange,
    onSuccess: (item) => onStarted(item.conversation.id),
    // No toast: the refusal is said under the fields (under Asunto when it names none).
    onFailure: (_message, error) => {
      form.setErrors(refusalOnFields(error, 'title', 'No se pudo iniciar la conversación'));
    },
    failureMessage: 'No se pudo iniciar la conversación',
  });
  const { values, errors } = form;
  const contacts = useContacts(values.q, open);
  const errorId = useId();

  return (
    <Dialog
      open={open}
      onOpenChange={form.onOpenChange}
      title="Nueva conversación"
      description="Escribe a un inquilino, propietario o agente de tus contratos y propiedades."
      width={520}
    >
      <Form onSubmit={form.submit} aria-label="Nueva conversación">
        <TextField label="Buscar contacto" type="search" placeholder="Nombre o correo" {...form.field('q')} />
        <Choices aria-describedby={errors.participantUserIds ? errorId : undefined}>
          <legend>Con quién</legend>
          {contacts.isPending ? (
            <CardDescription>Cargando contactos...</CardDescription>
          ) : contacts.isError ? (
            <LoadError variant="inline" retry={contacts}>
              No se pudieron cargar tus contactos
            </LoadError>
          ) : contacts.data.length === 0 ? (
            <CardDescription>{values.q ? 'Ningún contacto coincide con la búsqueda' : 'Todavía no tienes contactos con quien hablar'}</CardDescription>
          ) : (
            contacts.data.map((c) => (
              <label key={c.id}>
                <input type="radio" name="contacto" checked={values.chosen?.id === c.id} onChange={() => form.set('chosen', c)} />
                <span>
                  {personName(c)} <MutedText>· {roleLabel(c.roleName)}</MutedText>
                </span>
              </label>
            ))
          )}
        </Choices>
        {errors.participantUserIds && (
          <FieldError id={errorId} role="alert">
            {errors.participantUserIds}
          </FieldError>
        )}
        <TextField label="Asunto" {...form.field('title')} maxLength={255} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Empezar conversación" pendingLabel="Abriendo..." />
      </Form>
    </Dialog>
  );
}
