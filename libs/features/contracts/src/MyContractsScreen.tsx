import { type ContractListItem, type CurrentUser } from '@arrendia/api-contract';
import { formatDate, formatEuros, personName } from '@arrendia/locale-es';
import { ButtonLink, Card, CardDescription, CardList, CardTitle, FactList, ListState, MutedText, PageHeader, Skeleton, SpreadRow, StatusBadge } from '@arrendia/ui';
import { ContractDocumentList } from './ContractDocumentList';
import { RentUpdateSection } from './RentUpdateSection';
import { useContractDetail, useContracts } from './useContracts';

/** Where a contract's PDF is generated from what is stored (GET /api/contracts/:id/pdf). */
export const contractPdfUrl = (id: number) => `/api/contracts/${id}/pdf`;

function MyContractCard({ item }: { item: ContractListItem }) {
  const { contract } = item;
  const detail = useContractDetail(String(contract.id));
  const headingId = `my-contract-${contract.id}`;
  return (
    <li>
      <Card as="article" aria-labelledby={headingId}>
        <SpreadRow>
          <CardTitle as="h2" id={headingId}>
            {item.property.propertyName} · {item.unit.unitName}
          </CardTitle>
          <StatusBadge kind="contract" value={contract.status} />
        </SpreadRow>
        {detail.data && (
          <CardDescription>
            {[detail.data.property.addressStreet, detail.data.property.addressNumber].filter(Boolean).join(' ')}, {detail.data.property.city}
          </CardDescription>
        )}
        <FactList>
          <dt>Contrato</dt>
          <dd>{contract.contractCode}</dd>
          <dt>Inicio</dt>
          <dd>{formatDate(contract.startDate)}</dd>
          <dt>Fin</dt>
          <dd>{contract.endDate ? formatDate(contract.endDate) : 'Indefinido'}</dd>
          <dt>Renta</dt>
          <dd>{formatEuros(contract.rentAmount)}/mes</dd>
          <dt>Día de pago</dt>
          <dd>Pago día {contract.paymentDay} de cada mes</dd>
          <dt>Fianza</dt>
          <dd>
            {formatEuros(contract.depositAmount)} <MutedText>({contract.depositStatus})</MutedText>
          </dd>
          <dt>Preaviso</dt>
          <dd>{contract.renewalNoticeDays} días</dd>
          {detail.data && detail.data.tenants.length > 0 && (
            <>
              <dt>Inquilinos</dt>
              <dd>{detail.data.tenants.map((t) => personName(t, t.email)).join(', ')}</dd>
            </>
          )}
          {contract.notes && (
            <>
              <dt>Condiciones</dt>
              <dd>{contract.notes}</dd>
            </>
          )}
        </FactList>
        {detail.data && <RentUpdateSection contractId={contract.id} clause={detail.data.rentUpdate} headingLevel="h3" />}
        <CardTitle as="h3">Documentos</CardTitle>
        <ListState
          read={detail}
          variant="inline"
          skeleton={<Skeleton height="2rem" />}
          error="No se pudieron cargar los documentos"
          empty={detail.data?.documents.length === 0}
          whenEmpty={<CardDescription>Sin documentos adjuntos.</CardDescription>}
        >
          {(data) => <ContractDocumentList documents={data.documents} />}
        </ListState>
        <SpreadRow>
          <span />
          <ButtonLink href={contractPdfUrl(contract.id)} download $variant="outline">
            Descargar contrato (PDF)
          </ButtonLink>
        </SpreadRow>
      </Card>
    </li>
  );
}

/**
 * 'Mi Contrato' (/contracts for the tenant, issue 12): each of its contracts with every term, its
 * rent update clause, next update and rent history (issue 36), its documents (the update notices
 * among them) and the PDF.
 */
export function MyContractsScreen(_props: { user: CurrentUser | null }) {
  const contracts = useContracts();
  return (
    <>
      <PageHeader title="Mi Contrato" description="Las condiciones de tu alquiler, tus documentos y el contrato en PDF." />
      <ListState
        read={contracts}
        loading="Cargando tu contrato"
        rows={1}
        height="8rem"
        error="No se pudo cargar tu contrato"
        empty={contracts.data?.length === 0}
        whenEmpty={
          <Card>
            <CardDescription>Todavía no tienes ningún contrato vinculado.</CardDescription>
          </Card>
        }
      >
        {(data) => (
          <CardList aria-label="Mis contratos">
            {data.map((item) => (
              <MyContractCard key={item.contract.id} item={item} />
            ))}
          </CardList>
        )}
      </ListState>
    </>
  );
}
