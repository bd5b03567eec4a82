import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros, formatNumber } from '@arrendia/locale-es';
import { Button, Card, CardDescription, CardTitle, PageHeader, Skeleton, StatusBadge } from '@arrendia/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ContractEditDialog } from './ContractEditDialog';
import { useContractDetail } from './useContracts';

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Rows = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primaryText};
`;

/** /contracts/:id: the contract, its tenants, its payments and its documents; Editar. */
export function ContractDetailView() {
  const { id = '' } = useParams();
  const { data, isPending, error } = useContractDetail(id);
  const [editing, setEditing] = useState(false);

  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando contrato">
        <Skeleton height="2rem" width="40%" />
        <Card>
          <Skeleton />
          <Skeleton width="60%" />
        </Card>
      </div>
    );
  }
  if (!data) {
    const missing = errorStatus(error) === 404 || errorStatus(error) === 400;
    return (
      <Card as="section" role={missing ? undefined : 'alert'}>
        <PageHeader
          title={missing ? 'Contrato no encontrado' : 'No se pudo cargar el contrato'}
          description={missing ? 'El contrato que buscas no existe o no tienes acceso a él.' : 'Inténtalo de nuevo en unos minutos.'}
        />
        <BackLink to="/contracts">Volver a Contratos</BackLink>
      </Card>
    );
  }

  const { contract, unit, property, tenants, transactions, documents } = data;
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
      <Sections>
        <Card as="section" aria-labelledby="contract-terms">
          <CardTitle as="h2" id="contract-terms">
            Condiciones
          </CardTitle>
          <Facts>
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
          </Facts>
        </Card>

        <Card as="section" aria-labelledby="contract-tenants">
          <CardTitle as="h2" id="contract-tenants">
            Inquilinos
          </CardTitle>
          {tenants.length === 0 ? (
            <CardDescription>Este contrato no tiene inquilinos vinculados.</CardDescription>
          ) : (
            <Rows>
              {tenants.map((t) => (
                <li key={t.id}>
                  <span>
                    {[t.firstName, t.lastName].filter(Boolean).join(' ') || t.email} {t.isPrimaryTenant && <Muted>· Titular</Muted>}
                  </span>
                  <Muted>
                    {t.email}
                    {t.telefono ? ` · ${t.telefono}` : ''}
                  </Muted>
                </li>
              ))}
            </Rows>
          )}
        </Card>

        <Card as="section" aria-labelledby="contract-payments">
          <CardTitle as="h2" id="contract-payments">
            Pagos
          </CardTitle>
          {transactions.length === 0 ? (
            <CardDescription>Sin pagos registrados.</CardDescription>
          ) : (
            <Rows>
              {transactions.map(({ transaction, category }) => (
                <li key={transaction.id}>
                  <span>
                    {transaction.description ?? category?.categoryName ?? transaction.type} <Muted>· {formatDate(transaction.transactionDate)}</Muted>
                  </span>
                  <span>
                    {transaction.type === 'Gasto' ? '-' : '+'}
                    {formatEuros(transaction.amount)} <Muted>{transaction.status}</Muted>
                  </span>
                </li>
              ))}
            </Rows>
          )}
        </Card>

        <Card as="section" aria-labelledby="contract-documents">
          <CardTitle as="h2" id="contract-documents">
            Documentos
          </CardTitle>
          {documents.length === 0 ? (
            <CardDescription>Sin documentos.</CardDescription>
          ) : (
            <Rows>
              {documents.map((d) => (
                <li key={d.id}>
                  <span>{d.fileName}</span>
                  <Muted>
                    {formatNumber(d.fileSizeKb)} KB · {formatDate(d.createdAt)}
                  </Muted>
                </li>
              ))}
            </Rows>
          )}
        </Card>
      </Sections>
      {editing && <ContractEditDialog contract={contract} open={editing} onOpenChange={setEditing} />}
    </>
  );
}
