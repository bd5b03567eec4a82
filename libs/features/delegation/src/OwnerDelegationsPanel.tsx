import { isSessionGone, refusalOnFields, serverMessage, useCancelConsentRequest, useConsentRequests, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { DelegationsCreateSchema, type ConsentRequest, type Delegation } from '@arrendia/api-contract';
import { formatDate, personName } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, LoadError, MutedText, Pager, RowList, Skeleton, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { DELEGATIONS_PAGE_SIZE, useDelegations, useRequestDelegation, useRevokeDelegation } from './useDelegations';

const Form = styled.form`
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
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toRevoke, setToRevoke] = useState<Delegation | null>(null);
  const delegations = useDelegations(page);
  const ask = useRequestDelegation();
  const revoke = useRevokeDelegation();
  // The owner's delegation requests still waiting for an answer: the others are history.
  const outgoing = useConsentRequests('outgoing', { kind: 'delegation', status: 'Pendiente' });
  const cancel = useCancelConsentRequest();
  const pending = outgoing.data ?? [];
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DelegationsCreateSchema.safeParse({ delegateEmail: email });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    ask.mutate(parsed.data, {
      onSuccess: (request) => {
        setEmail('');
        toast({ title: 'Solicitud enviada', description: `${request.email ?? parsed.data.delegateEmail} gestionará tu cartera cuando acepte la solicitud` });
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(refusalOnFields(error, 'delegateEmail', 'No se pudo enviar la solicitud'));
      },
    });
  };

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
      <Form onSubmit={submit} noValidate aria-label="Delegar cartera">
        <TextField label="Correo electrónico del propietario delegado" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.delegateEmail} />
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Enviando...' : 'Delegar cartera'}
        </Button>
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
      {delegations.isPending ? (
        <Skeleton height="2rem" />
      ) : delegations.isError ? (
        <LoadError variant="inline" retry={delegations}>
          No se pudieron cargar tus delegaciones
        </LoadError>
      ) : delegations.data.rows.length === 0 ? (
        <CardDescription>No has delegado tu cartera en nadie.</CardDescription>
      ) : (
        <>
          <RowList aria-label="Personas con tu cartera delegada">
            {delegations.data.rows.map((d) => {
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
          <Pager page={page} total={delegations.data.total} pageSize={DELEGATIONS_PAGE_SIZE} onPageChange={setPage} label="Páginas de delegaciones" />
        </>
      )}
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
