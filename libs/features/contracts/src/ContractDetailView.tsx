import type { DocumentRecord } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros, formatPhone, personName } from '@arrendia/locale-es';
import { Button, Card, CardDescription, CardTitle, DetailGrid, FactList, LoadError, MutedText, PageHeader, RowList, Skeleton, StatusBadge } from '@arrendia/ui';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ContractDocumentList } from './ContractDocumentList';
import { ContractEditDialog } from './ContractEditDialog';
import { RentUpdateSection } from './RentUpdateSection';
import { useContractDetail } from './useContracts';

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** A record's 'Documentos' as the portal composes it (feature-documents RecordDocuments, issue 33). */
export type DocumentsSlot = (record: DocumentRecord) => ReactNode;

/** /contracts/:id: the contract, its tenants, its payments and its documents (the portal's `documents` when given); Editar. */
export function ContractDetailView({ extra, documents: documentsSlot }: { extra?: (contractId: number) => ReactNode; documents?: DocumentsSlot } = {}) {
  const { id = '' } = useParams();
  const detail = useContractDetail(id);
  const { data, isPending, error } = detail;
  const [editing, setEditing] = useState(false);

  if (isPending) {
    return (
      <div role="group" aria-busy="true" aria-label="Cargando contrato">
        <Skeleton height="2rem" width="40%" />
        <Card>
          <Skeleton />
          <Skeleton width="60%" />
        </Card>
      </div>
    );
  }
  if (!data) {
    if (errorStatus(error) === 404 || errorStatus(error) === 400) {
      return (
        <Card as="section">
          <PageHeader title="Contrato no encontrado" description="El contrato que buscas no existe o no tienes acceso a él." />
          <BackLink to="/contracts">Volver a Contratos</BackLink>
        </Card>
      );
    }
    // Any other failure may pass: the page says what it is and offers «Reintentar».
    return (
      <>
        <PageHeader title="Contrato" />
        <LoadError retry={detail}>No se pudo cargar el contrato</LoadError>
        <BackLink to="/contracts">Volver a Contratos</BackLink>
      </>
    );
  }

  const { contract, unit, property, tenants, transactions, documents, rentUpdate } = data;
  return (
    <>
      <BackLink to="/contracts">← Volver a Contratos</BackLink>
      <PageHeader
        title={`Contrato ${contract.contractCode}`}
        description={`${unit.unitName} · ${property.propertyName}, ${[property.addressStreet, property.addressNumber].filter(Boolean).join(' ')}, ${property.city}`}
        actions={
          <>
            <StatusBadge kind="contract" value={contract.status} />
            <Button variant="outline" onClick={() => setEditing(true)}>
              Editar
            </Button>
          </>
        }
      />
      <DetailGrid>
        <Card as="section" aria-labelledby="contract-terms">
          <CardTitle as="h2" id="contract-terms">
            Condiciones
          </CardTitle>
          <FactList>
            <dt>Inicio</dt>
            <dd>{formatDate(contract.startDate)}</dd>
            <dt>Fin</dt>
            <dd>{contract.endDate ? formatDate(contract.endDate) : 'Sin fecha de fin'}</dd>
            <dt>Renta</dt>
            <dd>{formatEuros(contract.rentAmount)}/mes</dd>
            <dt>Pago</dt>
            <dd>Pago día {contract.paymentDay} de cada mes</dd>
            <dt>Fianza</dt>
            <dd>
              {formatEuros(contract.depositAmount)} ({contract.depositStatus})
            </dd>
            <dt>Preaviso</dt>
            <dd>{contract.renewalNoticeDays === null ? '—' : `${contract.renewalNoticeDays} días`}</dd>
            {contract.terminationReason && (
              <>
                <dt>Motivo de finalización</dt>
                <dd>{contract.terminationReason}</dd>
              </>
            )}
            {contract.notes && (
              <>
                <dt>Notas</dt>
                <dd>{contract.notes}</dd>
              </>
            )}
          </FactList>
        </Card>

        <Card>
          <RentUpdateSection contractId={contract.id} clause={rentUpdate} />
        </Card>

        <Card as="section" aria-labelledby="contract-tenants">
          <CardTitle as="h2" id="contract-tenants">
            Inquilinos
          </CardTitle>
          {tenants.length === 0 ? (
            <CardDescription>Este contrato no tiene inquilinos vinculados.</CardDescription>
          ) : (
            <RowList>
              {tenants.map((t) => (
                <li key={t.id}>
                  <span>
                    {personName(t, t.email)} {t.isPrimaryTenant && <MutedText>· Titular</MutedText>}
                  </span>
                  <MutedText>
                    {t.email}
                    {t.telefono ? ` · ${formatPhone(t.telefono)}` : ''}
                  </MutedText>
                </li>
              ))}
            </RowList>
          )}
        </Card>

        <Card as="section" aria-labelledby="contract-payments">
          <CardTitle as="h2" id="contract-payments">
            Pagos
          </CardTitle>
          {transactions.length === 0 ? (
            <CardDescription>Sin pagos registrados.</CardDescription>
          ) : (
            <RowList>
              {transactions.map(({ transaction, category }) => (
                <li key={transaction.id}>
                  <span>
                    {transaction.description ?? category?.categoryName ?? transaction.type} <MutedText>· {formatDate(transaction.transactionDate)}</MutedText>
                  </span>
                  <span>
                    {transaction.type === 'Gasto' ? '-' : '+'}
                    {formatEuros(transaction.amount)} <MutedText>{transaction.status}</MutedText>
                  </span>
                </li>
              ))}
            </RowList>
          )}
        </Card>

        {documentsSlot ? (
          documentsSlot({ relatedEntityType: 'contract', relatedEntityId: contract.id, label: contract.contractCode })
        ) : (
          <Card as="section" aria-labelledby="contract-documents">
            <CardTitle as="h2" id="contract-documents">
              Documentos
            </CardTitle>
            {documents.length === 0 ? <CardDescription>Sin documentos.</CardDescription> : <ContractDocumentList documents={documents} />}
          </Card>
        )}
      </DetailGrid>
      {extra?.(contract.id)}
      {editing && <ContractEditDialog contract={contract} rentUpdate={rentUpdate} open={editing} onOpenChange={setEditing} />}
    </>
  );
}
