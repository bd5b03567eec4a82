import { TenantInvitationsCreateSchema, type ContractListItem, type CurrentUser, type TenantInvitation, type TenantInvitationsCreateData, type TenantRow } from '@arrendia/api-contract';
import { apiRequest, isSessionGone, serverMessage, useFormDialog } from '@arrendia/api-client';
import { formatDate, formatEuros, formatPhone, personName } from '@arrendia/locale-es';
import { Badge, Button, ButtonLink, Card, DataTable, Dialog, Form, FormActions, ListState, PageHeader, Pager, RowActions, SelectField, statusTone, TextField, useToast } from '@arrendia/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

const PAGE_SIZE = 20;
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-end;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const name = (t: TenantRow['tenant']) => personName(t, t.email);

/** The tenants page of the server's list, with its total (X-Total-Count). */
function useTenants(q: string, page: number) {
  return useQuery({
    queryKey: ['/api/tenants', q, page],
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(q ? { q } : {}) });
      const res = await apiRequest('GET', `/api/tenants?${params}`);
      return { rows: (await res.json()) as TenantRow[], total: Number(res.headers.get('X-Total-Count') ?? 0) };
    },
  });
}

/** 'Invitar Inquilino': an email and one of the user's contracts; the link is shown to copy (no email delivery yet). */
function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const contracts = useQuery<ContractListItem[]>({ queryKey: ['/api/contracts?pageSize=100'], enabled: open });
  const client = useQueryClient();
  const { toast } = useToast();
  const invite = useMutation({
    mutationFn: async (input: TenantInvitationsCreateData) => (await apiRequest('POST', '/api/tenant-invitations', input)).json() as Promise<TenantInvitation>,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/tenants'] }),
  });
  const form = useFormDialog({
    schema: TenantInvitationsCreateSchema,
    initialValues: { email: '', contractId: '' },
    clientMessages: { contractId: 'Elige el contrato' },
    mutation: invite,
    onOpenChange,
    // The dialog stays open on the link to copy; closing it forgets the invitation.
    stayOpen: true,
    onSuccess: (created) => toast({ title: 'Invitación creada', description: `Envía el enlace a ${created.email}: caduca en 7 días` }),
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
      description="La persona invitada abre el enlace, elige su contraseña y entra con el contrato ya vinculado."
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
 * /tenants (spec §2, decisions.md): the real tenants of the user's contracts, searched and paged on
 * the server; 'Invitar Inquilino', 'Mensaje' (opens or starts the conversation) and 'Ver Contrato'.
 */
export function TenantsScreen(_props: { user: CurrentUser | null }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const tenants = useTenants(q, page);
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
        <Toolbar>
          <TextField
            label="Buscar"
            type="search"
            placeholder="Nombre, correo o propiedad"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <span aria-live="polite">{tenants.data ? `${tenants.data.total} inquilinos` : ''}</span>
        </Toolbar>
        <ListState
          read={tenants}
          variant="inline"
          loading="Cargando inquilinos"
          error="No se pudieron cargar los inquilinos"
          empty={!tenants.data?.rows.length}
          whenEmpty={<p>{q ? 'Ningún inquilino coincide con la búsqueda' : 'Todavía no tienes inquilinos'}</p>}
        >
          {(data) => (
            <DataTable aria-label="Inquilinos">
              <thead>
                <tr>
                  <th scope="col">Inquilino</th>
                  <th scope="col">Contacto</th>
                  <th scope="col">Propiedad</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Renta mensual</th>
                  <th scope="col">Inicio</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
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
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </ListState>
        <Pager page={page} total={tenants.data?.total ?? 0} pageSize={PAGE_SIZE} onPageChange={setPage} label="Páginas de inquilinos" />
      </Card>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}
