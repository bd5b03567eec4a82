import { isSessionGone, refusalOnFields, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { ConversationsCreateSchema, type Contact } from '@arrendia/api-contract';
import { personName } from '@arrendia/locale-es';
import { roleLabel } from '@arrendia/permissions';
import { CardDescription, Dialog, FormActions, LoadError, MutedText, TextField } from '@arrendia/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useContacts, useStartConversation } from './useMessaging';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
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
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Contact | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const contacts = useContacts(q, open);
  const start = useStartConversation();
  const errorId = useId();

  const reset = () => {
    setQ('');
    setChosen(null);
    setTitle('');
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { title, participantUserIds: chosen ? [chosen.id] : [], reuseExisting: true };
    const parsed = ConversationsCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      if (found.participantUserIds) found.participantUserIds = 'Elige con quién quieres hablar';
      setErrors(found);
      return;
    }
    setErrors({});
    start.mutate(parsed.data, {
      onSuccess: (item) => {
        reset();
        onOpenChange(false);
        onStarted(item.conversation.id);
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(refusalOnFields(error, 'title', 'No se pudo iniciar la conversación'));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Nueva conversación"
      description="Escribe a un inquilino, propietario o agente de tus contratos y propiedades."
      width={520}
    >
      <Form onSubmit={submit} noValidate aria-label="Nueva conversación">
        <TextField label="Buscar contacto" type="search" placeholder="Nombre o correo" value={q} onChange={(e) => setQ(e.target.value)} />
        <Choices aria-describedby={errors.participantUserIds ? errorId : undefined}>
          <legend>Con quién</legend>
          {contacts.isPending ? (
            <CardDescription>Cargando contactos...</CardDescription>
          ) : contacts.isError ? (
            <LoadError variant="inline" retry={contacts}>
              No se pudieron cargar tus contactos
            </LoadError>
          ) : contacts.data.length === 0 ? (
            <CardDescription>{q ? 'Ningún contacto coincide con la búsqueda' : 'Todavía no tienes contactos con quien hablar'}</CardDescription>
          ) : (
            contacts.data.map((c) => (
              <label key={c.id}>
                <input type="radio" name="contacto" checked={chosen?.id === c.id} onChange={() => setChosen(c)} />
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
        <TextField label="Asunto" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={255} />
        <FormActions onCancel={() => onOpenChange(false)} pending={start.isPending} submitLabel="Empezar conversación" pendingLabel="Abriendo..." />
      </Form>
    </Dialog>
  );
}
