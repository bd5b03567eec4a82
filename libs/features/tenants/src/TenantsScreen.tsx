import {
  ERASED_NAME,
  TENANT_SORTS,
  TENANT_STATUSES,
  tenantErasurePath,
  TenantInvitationsCreateSchema,
  TenantRowSchema,
  type ContractListItem,
  type CurrentUser,
  type DocumentRecord,
  type ErasureResult,
  type TenantInvitation,
  type TenantInvitationsCreateData,
  type TenantRow,
} from '@arrendia/api-contract';
import { apiRequest, isSessionGone, serverMessage, useFormDialog, useListPage } from '@arrendia/api-client';
import { formatDate, formatEuros, formatPhone, personName } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { AlertDialog, Badge, Button, ButtonLink, Card, DataTable, Dialog, Form, FormActions, ListFilters, ListFilterSelect, ListSearch, PagedList, PageHeader, RowActions, SelectField, SortHeader, statusTone, TextField, useToast } from '@arrendia/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { INVITATIONS_PATH, PendingInvitations } from './PendingInvitations';

const name = (t: TenantRow['tenant']) => personName(t, t.email);

/** The filters of the tenants list, as the API and the URL name them. */
const TENANT_FILTERS = ['q', 'status'] as const;

/** The tenants (one row per tenant and contract, the API scopes them), one page, with the list's filters and order in the URL. */
function useTenantList() {
  return useListPage({ path: '/api/tenants', schema: z.array(TenantRowSchema), filters: TENANT_FILTERS, sorts: TENANT_SORTS });
}

/** 'Invitar Inquilino': an email and one of the user's contracts; the link is shown to copy (no email delivery yet). */
function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const contracts = useQuery<ContractListItem[]>({ queryKey: ['/api/contracts?pageSize=100'], enabled: open });
  const client = useQueryClient();
  const { toast } = useToast();
  const invite = useMutation({
    mutationFn: async (input: TenantInvitationsCreateData) => (await apiRequest('POST', '/api/tenant-invitations', input)).json() as Promise<TenantInvitation>,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['/api/tenants'] }), client.invalidateQueries({ queryKey: [INVITATIONS_PATH] })]),
  });
  const form = useFormDialog({
    schema: TenantInvitationsCreateSchema,
    initialValues: { email: '', contractId: '' },
    clientMessages: { contractId: 'Elige el contrato' },
    mutation: invite,
    onOpenChange,
    // The dialog stays open on the link to copy; closing it forgets the invitation.
    stayOpen: true,
    onSuccess: (created) => toast({ title: 'Invitación enviada', description: `Hemos enviado el enlace a ${created.email}; caduca en 7 días` }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo crear la invitación',
  });
  const link = invite.data ? new URL(invite.data.link, window.location.origin).toString() : null;
  const options = (contracts.data ?? []).filter((c) => c.contract.status !== 'Finalizado').map((c) => ({ value: String(c.contract.id), label: `${c.contract.contractCode} · ${c.property.propertyName} · ${c.unit.unitName}` }));
  return (
    <Dialog
      open={open}
      onOpenChange={form.onOpenChange}
      title="Invitar Inquilino"
      description="Le enviamos por correo un enlace: lo abre, elige su contraseña y entra con el contrato ya vinculado. También puedes copiar el enlace."
      width={560}
    >
      {link ? (
        <Form aria-label="Enlace de invitación" onSubmit={(e) => e.preventDefault()}>
          <TextField label="Enlace de invitación (un solo uso, 7 días)" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" onClick={() => void navigator.clipboard?.writeText(link).then(() => toast({ title: 'Enlace copiado', description: 'Pégalo en tu mensaje a la persona invitada' }))}>
            Copiar enlace
          </Button>
        </Form>
      ) : (
        <Form onSubmit={form.submit} aria-label="Invitar inquilino">
          <TextField label="Correo electrónico" type="email" {...form.field('email')} />
          <SelectField label="Contrato" placeholder={contracts.isLoading ? 'Cargando contratos...' : 'Selecciona un contrato'} options={options} {...form.select('contractId')} />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear invitación" pendingLabel="Creando..." />
        </Form>
      )}
    </Dialog>
  );
}

/**
 * Whether the landlord's side may offer 'Eliminar datos personales' on a row (issue 35): a former
 * tenant (its contract 'Finalizado') not erased yet. The API also refuses while any other contract
 * of the tenant is in force, and says so.
 */
const erasable = (row: TenantRow) => row.status === 'Inactivo' && !row.tenant.erased;

/** 'Eliminar datos personales': the confirmation, then the call; the list shows the row as 'Persona eliminada' after. */
function EraseTenantDialog({ row, onClose }: { row: TenantRow | null; onClose: () => void }) {
  const client = useQueryClient();
  const { toast } = useToast();
  const erase = useMutation({
    mutationFn: async (tenantId: number) => (await apiRequest('POST', tenantErasurePath(tenantId))).json() as Promise<ErasureResult>,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/tenants'] }),
  });
  return (
    <AlertDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={row ? `¿Eliminar los datos personales de ${name(row.tenant)}?` : ''}
      description={`Se borrarán su nombre, correo, teléfono, NIF, dirección e IBAN, y su cuenta dejará de funcionar. El contrato, los cobros y los documentos se conservan a nombre de «${ERASED_NAME}» durante los plazos legales. No se puede deshacer.`}
      confirmLabel="Eliminar datos personales"
      destructive
      onConfirm={() => {
        if (!row) return;
        erase.mutate(row.tenant.id, {
          onSuccess: () => toast({ title: 'Datos personales eliminados', description: `El contrato ${row.contract.contractCode} queda a nombre de «${ERASED_NAME}»` }),
          onError: (error) => {
            if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudieron eliminar los datos personales' });
          },
        });
      }}
    />
  );
}

/** A tenant's 'Documentos' as the portal composes it (feature-documents RecordDocuments, issue 33): a button of its row. */
export type DocumentsSlot = (record: DocumentRecord, placement: 'button') => ReactNode;

/**
 * /tenants (spec §2, decisions.md): the real tenants of the user's contracts, searched, filtered,
 * sorted and paged on the server (issue 33, the state in the URL); 'Invitar Inquilino', 'Mensaje'
 * (opens or starts the conversation), 'Ver Contrato', (`documents`) the tenant's documents and, for
 * a former tenant, 'Eliminar datos personales' (issue 35).
 */
export function TenantsScreen({ user, documents }: { user: CurrentUser | null; documents?: DocumentsSlot }) {
  const [inviting, setInviting] = useState(false);
  const [erasing, setErasing] = useState<TenantRow | null>(null);
  const mayErase = can(user?.role?.roleName, 'tenants:erase');
  const tenants = useTenantList();
  const { filters, setFilter } = tenants;
  const navigate = useNavigate();
  const { toast } = useToast();
  const message = useMutation({
    mutationFn: async (row: TenantRow) => {
      const res = await apiRequest('POST', '/api/conversations', { title: `Contrato ${row.contract.contractCode}`, participantUserIds: [row.tenant.id], reuseExisting: true });
      return (await res.json()) as { conversation: { id: number } };
    },
    onSuccess: (created) => navigate(`/messages?conversation=${created.conversation.id}`),
    onError: (error) => {
      if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo abrir la conversación' });
    },
  });
  return (
    <>
      <PageHeader title="Inquilinos" description="Las personas que viven en tus propiedades, con su contrato." actions={<Button onClick={() => setInviting(true)}>Invitar Inquilino</Button>} />
      <Card>
        <PagedList
          list={tenants}
          exportCsv
          noun="inquilinos"
          variant="inline"
          loading="Cargando inquilinos"
          error="No se pudieron cargar los inquilinos"
          filters={
            <ListFilters $columns="2fr 1fr">
              <ListSearch label="Buscar" placeholder="Nombre, correo o propiedad" value={filters.q} onChange={(v) => setFilter('q', v)} />
              <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={TENANT_STATUSES.map((value) => ({ value, label: value }))} />
            </ListFilters>
          }
          whenEmpty={<p>Todavía no tienes inquilinos</p>}
        >
          {(rows) => (
            <DataTable aria-label="Inquilinos">
              <thead>
                <tr>
                  <SortHeader list={tenants} field="name">
                    Inquilino
                  </SortHeader>
                  <th scope="col">Contacto</th>
                  <SortHeader list={tenants} field="propertyName">
                    Propiedad
                  </SortHeader>
                  <th scope="col">Estado</th>
                  <SortHeader list={tenants} field="rentAmount">
                    Renta mensual
                  </SortHeader>
                  <SortHeader list={tenants} field="startDate">
                    Inicio
                  </SortHeader>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.tenant.id}-${row.contract.id}`}>
                    <th scope="row">{name(row.tenant)}</th>
                    <td>{[row.tenant.email, row.tenant.telefono && formatPhone(row.tenant.telefono)].filter(Boolean).join(' · ')}</td>
                    <td>
                      {row.property.propertyName} · {row.unit.unitName}
                    </td>
                    <td>
                      {/* The tenant's status (spec §4) in its contract's colour, written once. */}
                      <Badge $tone={statusTone('contract', row.contract.status)}>{row.status}</Badge>
                    </td>
                    <td>{formatEuros(row.contract.rentAmount)}</td>
                    <td>{formatDate(row.contract.startDate)}</td>
                    <td>
                      <RowActions>
                        <Button size="sm" variant="outline" onClick={() => message.mutate(row)} disabled={message.isPending} aria-label={`Mensaje a ${name(row.tenant)}`}>
                          Mensaje
                        </Button>
                        <ButtonLink as={Link} $variant="outline" $size="sm" to={`/contracts/${row.contract.id}`} aria-label={`Ver Contrato de ${name(row.tenant)}`}>
                          Ver Contrato
                        </ButtonLink>
                        {documents?.({ relatedEntityType: 'tenant', relatedEntityId: row.tenant.id, label: name(row.tenant) }, 'button')}
                        {mayErase && erasable(row) && (
                          <Button size="sm" variant="outline" onClick={() => setErasing(row)} aria-label={`Eliminar datos personales de ${name(row.tenant)}`}>
                            Eliminar datos personales
                          </Button>
                        )}
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </PagedList>
      </Card>
      <PendingInvitations />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <EraseTenantDialog row={erasing} onClose={() => setErasing(null)} />
    </>
  );
}
