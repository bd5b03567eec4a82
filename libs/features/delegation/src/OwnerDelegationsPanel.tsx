import { isSessionGone, refusalOnFields, serverMessage, useCancelConsentRequest, useConsentRequests, useFormDialog } from '@arrendia/api-client';
import { DelegationsCreateSchema, type ConsentRequest, type Delegation } from '@arrendia/api-contract';
import { formatDate, personName } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, Form, ListState, LoadError, MutedText, Pager, RowList, Skeleton, TextField, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { DELEGATIONS_PAGE_SIZE, useDelegations, useRequestDelegation, useRevokeDelegation } from './useDelegations';

const AskRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
  & > :first-child { flex: 1 1 280px; }
`;

/**
 * 'Delegación de cartera' in an owner's settings (issues 11 and 30): ask a propietario_delegado,
 * by email, to manage the whole portfolio; see the requests not yet answered (and withdraw them),
 * who holds the portfolio, and revoke (asked first). The API answers the same whether or not the
 * email belongs to anybody, so the screen only ever says the request was sent.
 */
export function OwnerDelegationsPanel() {
  const [page, setPage] = useState(1);
  const [toRevoke, setToRevoke] = useState<Delegation | null>(null);
  const delegations = useDelegations(page);
  const revoke = useRevokeDelegation();
  // The owner's delegation requests still waiting for an answer: the others are history.
  const outgoing = useConsentRequests('outgoing', { kind: 'delegation', status: 'Pendiente' });
  const cancel = useCancelConsentRequest();
  const pending = outgoing.data ?? [];
  const { toast } = useToast();

  // Not in a dialog: a success empties the field for the next request.
  const ask = useFormDialog({
    schema: DelegationsCreateSchema,
    initialValues: { delegateEmail: '' },
    mutation: useRequestDelegation(),
    onSuccess: (request, input) => toast({ title: 'Solicitud enviada', description: `${request.email ?? input.delegateEmail} gestionará tu cartera cuando acepte la solicitud` }),
    // The server's refusal (yourself, not a delegated owner…) is said under the field.
    onFailure: (message, error) => {
      ask.setErrors(refusalOnFields(error, 'delegateEmail', message));
    },
    failureMessage: 'No se pudo enviar la solicitud',
  });

  const withdraw = (request: ConsentRequest) => {
    cancel.mutate(request.id, {
      onSuccess: () => toast({ title: 'Solicitud cancelada', description: `${request.email} ya no podrá aceptarla` }),
      onError: (error) => {
        if (isSessionGone(error)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo cancelar la solicitud' });
      },
    });
  };

  const confirmRevoke = () => {
    if (!toRevoke) return;
    const name = personName(toRevoke.delegate, toRevoke.delegate.email);
    revoke.mutate(toRevoke.delegate.id, {
      onSuccess: () => toast({ title: 'Delegación revocada', description: `${name} ya no gestiona tu cartera` }),
      onError: (error) => {
        if (isSessionGone(error)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo revocar la delegación' });
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="settings-delegation">
      <CardTitle as="h2" id="settings-delegation">
        Delegación de cartera
      </CardTitle>
      <CardDescription>
        Un propietario delegado gestiona tus propiedades, contratos, incidencias y reportes en tu nombre. Le enviamos una solicitud y empieza a gestionar tu
        cartera cuando la acepta. Puedes revocarlo cuando quieras: deja de ver tu cartera al instante.
      </CardDescription>
      <Form onSubmit={ask.submit} aria-label="Delegar cartera">
        <AskRow>
          <TextField label="Correo electrónico del propietario delegado" type="email" autoComplete="off" {...ask.field('delegateEmail')} />
          <Button type="submit" disabled={ask.pending}>
            {ask.pending ? 'Enviando...' : 'Delegar cartera'}
          </Button>
        </AskRow>
      </Form>
      {outgoing.isError ? (
        <LoadError variant="inline" retry={outgoing}>
          No se pudieron cargar tus solicitudes de delegación
        </LoadError>
      ) : (
        pending.length > 0 && (
          <RowList aria-label="Solicitudes de delegación pendientes">
            {pending.map((r) => (
              <li key={r.id}>
                <div>
                  {r.email}
                  <MutedText> · Pendiente de aceptación · enviada el {formatDate(r.createdAt)}</MutedText>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => withdraw(r)}
                  disabled={cancel.isPending && cancel.variables === r.id}
                  aria-label={`Cancelar la solicitud a ${r.email}`}
                >
                  Cancelar
                </Button>
              </li>
            ))}
          </RowList>
        )
      )}
      <ListState
        read={delegations}
        variant="inline"
        skeleton={<Skeleton height="2rem" />}
        error="No se pudieron cargar tus delegaciones"
        empty={delegations.data?.rows.length === 0}
        whenEmpty={<CardDescription>No has delegado tu cartera en nadie.</CardDescription>}
      >
        {(data) => (
          <>
            <RowList aria-label="Personas con tu cartera delegada">
              {data.rows.map((d) => {
                const name = personName(d.delegate, d.delegate.email);
                return (
                  <li key={d.delegate.id}>
                    <div>
                      {name}
                      <MutedText as="p">
                        {d.delegate.email} · desde el {formatDate(d.createdAt)}
                      </MutedText>
                    </div>
                    <Button variant="outline" size="sm" onClick={() => setToRevoke(d)} aria-label={`Revocar la delegación de ${name}`}>
                      Revocar
                    </Button>
                  </li>
                );
              })}
            </RowList>
            <Pager page={page} total={data.total} pageSize={DELEGATIONS_PAGE_SIZE} onPageChange={setPage} label="Páginas de delegaciones" />
          </>
        )}
      </ListState>
      <AlertDialog
        open={toRevoke !== null}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title="¿Revocar la delegación?"
        description={toRevoke ? `${personName(toRevoke.delegate, toRevoke.delegate.email)} dejará de ver y gestionar tu cartera.` : undefined}
        confirmLabel="Revocar"
        destructive
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
