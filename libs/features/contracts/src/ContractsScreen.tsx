import { CONTRACT_STATUSES, type ContractListItem, type CurrentUser } from '@arrendia/api-contract';
import { can } from '@arrendia/permissions';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Button, ButtonLink, Card, CardDescription, CardFooter, CardTitle, FactList, LIST_SKELETONS, ListDateFilter, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, PageHeader, Skeleton, StatusBadge, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ContractDetailView, type DocumentsSlot } from './ContractDetailView';
import { ContractEditDialog } from './ContractEditDialog';
import { ContractFormDialog } from './ContractFormDialog';
import { RentUpdatesPanel } from './RentUpdatesPanel';
import { useContractList, usePropertyOptions } from './useContracts';

/** Spec §9: 5 loading placeholders for lists other than properties. */
export const CONTRACT_SKELETONS = LIST_SKELETONS;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  list-style: none;
  padding: 0;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;


const Rent = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;


/** 'Pago día N de cada mes' (spec §2). */
export const paymentDayText = (day: number) => `Pago día ${day} de cada mes`;
/** '950,00 €/mes'. */
export const rentText = (amount: string) => `${formatEuros(amount)}/mes`;

function ContractCard({ item }: { item: ContractListItem }) {
  const { contract, unit, property } = item;
  const [editing, setEditing] = useState(false);
  const titleId = `contract-${contract.id}`;
  return (
    <li>
      <Card as="article" aria-labelledby={titleId}>
        <TitleRow>
          <div>
            <CardTitle as="h2" id={titleId}>
              {contract.contractCode}
            </CardTitle>
            <CardDescription>
              {unit.unitName} · {property.propertyName}
            </CardDescription>
          </div>
          <StatusBadge kind="contract" value={contract.status} />
        </TitleRow>
        <FactList>
          <dt>Inicio</dt>
          <dd>{formatDate(contract.startDate)}</dd>
          <dt>Fin</dt>
          <dd>{contract.endDate ? formatDate(contract.endDate) : 'Sin fecha de fin'}</dd>
        </FactList>
        <Rent>{rentText(contract.rentAmount)}</Rent>
        <CardDescription>{paymentDayText(contract.paymentDay)}</CardDescription>
        <CardFooter>
          <ButtonLink as={Link} $variant="outline" $size="sm" to={`/contracts/${contract.id}`} aria-label={`Ver Detalles del contrato ${contract.contractCode}`}>
            Ver Detalles
          </ButtonLink>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Editar contrato ${contract.contractCode}`}>
            Editar
          </Button>
        </CardFooter>
      </Card>
      {editing && <ContractEditDialog contract={contract} open={editing} onOpenChange={setEditing} />}
    </li>
  );
}

/** The orders the list offers (api-contract CONTRACT_SORTS); its own is the latest start first. */
const CONTRACT_ORDERS = [
  { value: 'startDate', label: 'Inicio más antiguo primero' },
  { value: 'endDate', label: 'Fin más próximo primero' },
  { value: '-rentAmount', label: 'Renta más alta primero' },
  { value: 'rentAmount', label: 'Renta más baja primero' },
  { value: 'contractCode', label: 'Código (A–Z)' },
] as const;

function ContractsList() {
  const contracts = useContractList();
  const { filters, setFilter } = contracts;
  const properties = usePropertyOptions();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(search.get('nuevo') === '1');

  const setOpen = (open: boolean) => {
    setCreating(open);
    if (!open && search.has('nuevo')) {
      search.delete('nuevo');
      setSearch(search, { replace: true });
    }
  };

  return (
    <>
      <PageHeader title="Contratos" description="Contratos de alquiler de tus unidades." actions={<Button onClick={() => setOpen(true)}>Nuevo Contrato</Button>} />
      <PagedList
        list={contracts}
        exportCsv
        noun="contratos"
        loading="Cargando contratos"
        skeleton={(busy) => (
          <List {...busy}>
            {Array.from({ length: CONTRACT_SKELETONS }, (_, i) => (
              <li key={i}>
                <Card>
                  <Skeleton height="1.5rem" width="50%" />
                  <Skeleton />
                  <Skeleton width="30%" />
                </Card>
              </li>
            ))}
          </List>
        )}
        error="No se pudieron cargar los contratos"
        filters={
          <ListFilters $columns="2fr repeat(3, 1fr)">
            <ListSearch label="Buscar contratos" placeholder="Código, inquilino, unidad o propiedad" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={CONTRACT_STATUSES.map((value) => ({ value, label: value }))} />
            <ListFilterSelect
              label="Propiedad"
              allLabel="Todas"
              value={filters.propertyId}
              onChange={(v) => setFilter('propertyId', v)}
              options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
            />
            <ListDateFilter label="Inicio desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
            <ListDateFilter label="Inicio hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
            <ListSortSelect list={contracts} options={CONTRACT_ORDERS} />
          </ListFilters>
        }
        whenEmpty={
          <Card as="section" aria-labelledby="contracts-empty">
            <CardTitle as="h2" id="contracts-empty">
              No hay contratos
            </CardTitle>
            <CardDescription>Crea el primer contrato de alquiler de una de tus unidades.</CardDescription>
            <CardFooter>
              <Button onClick={() => setOpen(true)}>Crear tu primer contrato</Button>
            </CardFooter>
          </Card>
        }
      >
        {(rows) => (
          <List aria-label="Contratos">
            {rows.map((item) => (
              <ContractCard key={item.contract.id} item={item} />
            ))}
          </List>
        )}
      </PagedList>
      <ContractFormDialog open={creating} onOpenChange={setOpen} />
    </>
  );
}

/** The URL key of the open tab of /contracts, and the value of 'Actualizaciones de renta'. */
export const CONTRACTS_VIEW_KEY = 'vista';
export const RENT_UPDATES_VIEW = 'actualizaciones';

/**
 * /contracts for those who manage rent updates (issue 36): tabs 'Contratos' (the list as it is) and
 * 'Actualizaciones de renta', the open one in the URL (?vista=actualizaciones); others get the list.
 */
function ContractsIndex({ user }: { user: CurrentUser | null }) {
  const [params, setParams] = useSearchParams();
  if (!can(user?.role?.roleName, 'rent-updates:manage')) return <ContractsList />;
  const tab = params.get(CONTRACTS_VIEW_KEY) === RENT_UPDATES_VIEW ? RENT_UPDATES_VIEW : 'contratos';
  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === RENT_UPDATES_VIEW) next.set(CONTRACTS_VIEW_KEY, value);
        else next.delete(CONTRACTS_VIEW_KEY);
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Secciones de contratos">
        <TabsTrigger value="contratos">Contratos</TabsTrigger>
        <TabsTrigger value={RENT_UPDATES_VIEW}>Actualizaciones de renta</TabsTrigger>
      </TabsList>
      <TabsContent value="contratos">
        <ContractsList />
      </TabsContent>
      <TabsContent value={RENT_UPDATES_VIEW}>
        <RentUpdatesPanel />
      </TabsContent>
    </Tabs>
  );
}

/**
 * /contracts (spec §2): the contract cards, paged, filtered and sorted on the server (issue 33), the
 * create form (also opened by /contracts?nuevo=1), Editar on each card, and for those who manage
 * rent updates the 'Actualizaciones de renta' tab (issue 36); /contracts/:id the detail
 * with tenants, payments and documents, and what the portal composes after them (`detailExtra`: the rent charges; `documents`: its 'Documentos').
 */
export function ContractsScreen({ user, detailExtra, documents }: { user: CurrentUser | null; detailExtra?: (contractId: number) => ReactNode; documents?: DocumentsSlot }) {
  return (
    <Routes>
      <Route index element={<ContractsIndex user={user} />} />
      <Route path=":id" element={<ContractDetailView extra={detailExtra} documents={documents} />} />
    </Routes>
  );
}
