import { ProvidersUpdateSchema, type Provider } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatPhone } from '@arrendia/locale-es';
import { AlertDialog, Badge, Button, Card, CardList, CardTitle, FactList, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, RowActions, SpreadRow, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { EntityFormDialog } from './EntityFormDialog';
import { useProviderList, useUpdateProvider } from './useMaintenance';

const PROVIDER_ORDERS = [
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

/** The provider form's fields: the creation's and the edit's. */
export const PROVIDER_FIELDS = [
  { name: 'name', label: 'Nombre' },
  { name: 'trade', label: 'Oficio' },
  { name: 'nifCif', label: 'NIF/CIF' },
  { name: 'telefono', label: 'Teléfono (opcional)', kind: 'tel' as const },
  { name: 'email', label: 'Correo electrónico (opcional)', kind: 'email' as const },
  { name: 'ibanBancaria', label: 'IBAN (opcional)' },
];

/** 'Editar' a provider: every field, as it is now; an emptied optional one is cleared. */
function ProviderEditDialog({ provider, onClose }: { provider: Provider; onClose: () => void }) {
  const values: Record<string, string | null> = { name: provider.name, trade: provider.trade, nifCif: provider.nifCif, telefono: provider.telefono, email: provider.email, ibanBancaria: provider.ibanBancaria };
  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Proveedor"
      description={`Los datos de ${provider.name}. Sus datos fiscales y bancarios se comprueban antes de guardarlos.`}
      fields={PROVIDER_FIELDS.map((f) => ({ ...f, initial: values[f.name] ?? '' }))}
      schema={ProvidersUpdateSchema}
      mutation={useUpdateProvider(provider.id)}
      sendEmpty
      submitLabel="Guardar Cambios"
      pendingLabel="Guardando..."
      success={{ title: 'Proveedor actualizado', description: provider.name }}
      failure="No se pudo actualizar el proveedor"
    />
  );
}

function ProviderCard({ provider, onEdit }: { provider: Provider; onEdit: () => void }) {
  const update = useUpdateProvider(provider.id);
  const { toast } = useToast();
  const activating = !provider.isActive;
  const setActive = () =>
    update.mutate(
      { isActive: activating },
      {
        onSuccess: () => toast({ title: activating ? 'Proveedor reactivado' : 'Proveedor desactivado', description: provider.name }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar el proveedor' });
        },
      },
    );
  return (
    <li>
      <Card as="article" aria-labelledby={`provider-${provider.id}`}>
        <SpreadRow>
          <CardTitle as="h3" id={`provider-${provider.id}`}>
            {provider.name}
          </CardTitle>
          {!provider.isActive && <Badge $variant="neutral">Inactivo</Badge>}
        </SpreadRow>
        <FactList>
          <dt>Oficio</dt>
          <dd>{provider.trade}</dd>
          <dt>NIF/CIF</dt>
          <dd>{provider.nifCif}</dd>
          <dt>Contacto</dt>
          <dd>{[provider.telefono && formatPhone(provider.telefono), provider.email].filter(Boolean).join(' · ') || '—'}</dd>
        </FactList>
        <RowActions>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Editar
          </Button>
          <AlertDialog
            trigger={
              <Button size="sm" variant="outline" disabled={update.isPending}>
                {activating ? 'Reactivar' : 'Desactivar'}
              </Button>
            }
            title={activating ? `¿Reactivar a ${provider.name}?` : `¿Desactivar a ${provider.name}?`}
            description={
              activating
                ? 'Volverá a ofrecerse para las nuevas tareas y planes.'
                : 'No se ofrecerá para nuevas tareas ni planes; las tareas y planes que ya lo tienen lo conservan. Puedes reactivarlo cuando quieras.'
            }
            confirmLabel={activating ? 'Reactivar' : 'Desactivar'}
            destructive={!activating}
            onConfirm={setActive}
          />
        </RowActions>
      </Card>
    </li>
  );
}

/** 'Proveedores': the account's providers, paged, filtered and ordered on the server (the state in the URL, under 'providers.'). */
export function ProviderList() {
  const providers = useProviderList();
  const [editing, setEditing] = useState<Provider | null>(null);
  const { filters, setFilter } = providers;
  return (
    <>
      <PagedList
        list={providers}
        exportCsv
        noun="proveedores"
        loading="Cargando proveedores"
        error="No se pudieron cargar los proveedores"
        filters={
          <ListFilters $columns="2fr repeat(3, 1fr)">
            <ListSearch label="Buscar proveedores" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListSearch label="Oficio" value={filters.trade} onChange={(v) => setFilter('trade', v)} />
            <ListFilterSelect label="Estado" value={filters.active} onChange={(v) => setFilter('active', v)} options={ACTIVE_OPTIONS} />
            <ListSortSelect list={providers} options={PROVIDER_ORDERS} />
          </ListFilters>
        }
        whenEmpty={<Card>Todavía no tienes proveedores</Card>}
      >
        {(rows) => (
          <CardList aria-label="Proveedores">
            {rows.map((p) => (
              <ProviderCard key={p.id} provider={p} onEdit={() => setEditing(p)} />
            ))}
          </CardList>
        )}
      </PagedList>
      {editing && <ProviderEditDialog key={editing.id} provider={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
