import { isSessionGone, refusalOnFields, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { DelegationsCreateSchema, type Delegation } from '@arrendia/api-contract';
import { formatDate, personName } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardDescription, CardTitle, LoadError, MutedText, Pager, RowList, Skeleton, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { DELEGATIONS_PAGE_SIZE, useDelegations, useGrantDelegation, useRevokeDelegation } from './useDelegations';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
  & > :first-child { flex: 1 1 280px; }
`;

/**
 * 'Delegación de cartera' in an owner's settings (issue 11): delegate the whole portfolio to a
 * propietario_delegado by email, see who holds it, and revoke (asked first). The API refuses
 * anyone who is not an active delegated owner, with the message shown on the field.
 */
export function OwnerDelegationsPanel() {
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toRevoke, setToRevoke] = useState<Delegation | null>(null);
  const delegations = useDelegations(page);
  const grant = useGrantDelegation();
  const revoke = useRevokeDelegation();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DelegationsCreateSchema.safeParse({ delegateEmail: email });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    grant.mutate(parsed.data, {
      onSuccess: (created) => {
        setEmail('');
        toast({ title: 'Cartera delegada', description: `${personName(created.delegate, created.delegate.email)} ya puede gestionar tus propiedades` });
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(refusalOnFields(error, 'delegateEmail', 'No se pudo delegar la cartera'));
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
        Un propietario delegado gestiona tus propiedades, contratos, incidencias y reportes en tu nombre. Puedes revocarlo cuando quieras: deja de ver tu
        cartera al instante.
      </CardDescription>
      <Form onSubmit={submit} noValidate aria-label="Delegar cartera">
        <TextField label="Correo electrónico del propietario delegado" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.delegateEmail} />
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? 'Delegando...' : 'Delegar cartera'}
        </Button>
      </Form>
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
