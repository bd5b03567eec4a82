import { PendingTenantInvitationSchema, type PendingTenantInvitation, type TenantInvitation } from '@arrendia/api-contract';
import { apiRequest, isSessionGone, serverMessage, useListPage } from '@arrendia/api-client';
import { formatDate } from '@arrendia/locale-es';
import { AlertDialog, Badge, Button, Card, CardDescription, CardTitle, DataTable, MutedText, PagedList, RowActions, TableScroll, useToast } from '@arrendia/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';

export const INVITATIONS_PATH = '/api/tenant-invitations';

/** 'Reenviar' and 'Revocar' (issue 34): a new link by email, or the link ended at once. */
function useInvitationActions() {
  const client = useQueryClient();
  const { toast } = useToast();
  const refresh = () => client.invalidateQueries({ queryKey: [INVITATIONS_PATH] });
  const failed = (error: Error) => {
    if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo completar la acción' });
  };
  const resend = useMutation({
    mutationFn: async (invitation: PendingTenantInvitation) => (await apiRequest('POST', `${INVITATIONS_PATH}/${invitation.id}/resend`)).json() as Promise<TenantInvitation>,
    onSuccess: (sent) => {
      toast({ title: 'Invitación reenviada', description: `Hemos enviado un enlace nuevo a ${sent.email}; el anterior ya no sirve` });
      return refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (invitation: PendingTenantInvitation) => apiRequest('DELETE', `${INVITATIONS_PATH}/${invitation.id}`),
    onSuccess: () => {
      toast({ title: 'Invitación anulada', description: 'El enlace ya no sirve' });
      return refresh();
    },
    onError: failed,
  });
  return { resend, revoke };
}

/**
 * The invitations not yet accepted of the contracts the user manages, below the tenants: when each
 * expires, 'Reenviar' (a new link by email; the old one stops working) and 'Revocar' (after a
 * confirmation). Paged on the server like every list, under `invitaciones.*` in the URL.
 */
export function PendingInvitations() {
  const list = useListPage({ path: INVITATIONS_PATH, schema: z.array(PendingTenantInvitationSchema), filters: [] as const, sorts: ['createdAt', 'expiresAt'], pageSize: 10, prefix: 'invitaciones' });
  const { resend, revoke } = useInvitationActions();
  const [revoking, setRevoking] = useState<PendingTenantInvitation | null>(null);
  // Nothing pending: the card is not shown at all.
  if (!list.read.isPending && !list.read.isError && list.total === 0 && list.page === 1) return null;
  return (
    <Card as="section" aria-labelledby="pending-invitations">
      <CardTitle as="h2" id="pending-invitations">
        Invitaciones pendientes
      </CardTitle>
      <CardDescription>Enviadas por correo y aún sin aceptar.</CardDescription>
      <PagedList list={list} noun="invitaciones" variant="inline" loading="Cargando invitaciones" error="No se pudieron cargar las invitaciones" whenEmpty={null}>
        {(rows) => (
          <TableScroll aria-label="Invitaciones pendientes">
            <DataTable>
              <thead>
                <tr>
                  <th>Correo electrónico</th>
                  <th>Contrato</th>
                  <th>Caduca</th>
                  <th>Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((invitation) => (
                  <tr key={invitation.id}>
                    <td>{invitation.email}</td>
                    <td>
                      {invitation.contractCode}
                      <br />
                      <MutedText>
                        {invitation.propertyName} · {invitation.unitName}
                      </MutedText>
                    </td>
                    <td>{invitation.expired ? <Badge $tone="grey">Caducada</Badge> : formatDate(invitation.expiresAt)}</td>
                    <td>
                      <RowActions>
                        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(invitation)} aria-label={`Reenviar la invitación a ${invitation.email}`}>
                          Reenviar
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setRevoking(invitation)} aria-label={`Revocar la invitación a ${invitation.email}`}>
                          Revocar
                        </Button>
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
        )}
      </PagedList>
      <AlertDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="¿Revocar la invitación?"
        description={revoking ? `El enlace enviado a ${revoking.email} dejará de funcionar.` : undefined}
        confirmLabel="Revocar"
        destructive
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
