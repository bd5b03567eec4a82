import type { CurrentUser, TenantHome } from '@arrendia/api-contract';
import { formatDate, formatEuros, formatPhone, phoneHref } from '@arrendia/locale-es';
import { NEW_INCIDENT_PATH } from '@arrendia/permissions';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { ButtonLink, Card, CardDescription, CardList, CardTitle, FactList, LoadError, MetricCard, MetricGrid, PageHeader, SpreadRow, StatusBadge } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PayRentDialog } from './PayRentDialog';
import { useTenantHome } from './usePayments';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.lg};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The quick actions of 'Mi Alquiler' (spec §2), each opening what it says. */
export const TENANT_QUICK_ACTIONS = [
  { label: 'Reportar Incidencia', to: NEW_INCIDENT_PATH },
  { label: 'Ver Contrato', to: '/contracts' },
  { label: 'Historial de Pagos', to: '/dashboard#historial-pagos' },
] as const;

function Summary({ home }: { home: TenantHome }) {
  const c = home.contract!;
  const next = home.nextCharge;
  return (
    <Card as="section" aria-labelledby="tenant-summary">
      <SpreadRow>
        <CardTitle as="h2" id="tenant-summary">
          {c.propertyName} · {c.unitName}
        </CardTitle>
        <StatusBadge kind="rent" value={home.state} />
      </SpreadRow>
      <CardDescription>{c.address}</CardDescription>
      <MetricGrid>
        <MetricCard label="Renta mensual" value={formatEuros(c.rentAmount)} caption={`Pago el día ${c.paymentDay} de cada mes`} />
        <MetricCard
          label="Próximo pago"
          value={next ? formatEuros(next.amount) : '—'}
          caption={next ? `${next.status === 'Pagado' ? 'Pagado' : 'Vence'} el ${formatDate(next.dueDate)}` : 'Sin recibos todavía'}
          action={next && next.status !== 'Pagado' ? <PayRentDialog charge={next} /> : undefined}
        />
        <MetricCard label="Pendiente de pago" value={formatEuros(home.unpaidTotal)} caption={home.state === 'Al día' ? 'Estás al día' : home.state === 'Vencido' ? 'Tienes pagos vencidos' : 'Pendiente de pago'} />
      </MetricGrid>
    </Card>
  );
}

/**
 * 'Mi Alquiler' (spec §2, issue 12) from GET /api/tenant/home: the rental summary with 'Pagar',
 * the quick actions, the contract, the payment state, who to call, and reminders. `incidents` is
 * the card of the tenant's incidents the portal composes in.
 */
export function TenantHomePanels({ user, incidents }: { user: CurrentUser | null; incidents?: React.ReactNode }) {
  const tenantHome = useTenantHome();
  const { data: home, isPending, isError } = tenantHome;
  const header = <PageHeader title={DASHBOARD_TITLES.tenant} description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Todo sobre tu alquiler, en un sitio.`} />;
  if (isPending) {
    return (
      <>
        {header}
        <Card role="group" aria-busy="true" aria-label="Cargando tu alquiler">
          <CardDescription>Cargando tu alquiler...</CardDescription>
        </Card>
      </>
    );
  }
  if (isError) {
    return (
      <>
        {header}
        <LoadError retry={tenantHome}>No se pudo cargar tu alquiler</LoadError>
      </>
    );
  }
  if (!home.contract) {
    return (
      <>
        {header}
        <Card as="section" aria-labelledby="tenant-empty">
          <CardTitle as="h2" id="tenant-empty">
            Todavía no tienes un contrato en Arrendia
          </CardTitle>
          <CardDescription>Cuando tu casero o tu agencia te invite, verás aquí tu alquiler, tus pagos y tus incidencias.</CardDescription>
        </Card>
      </>
    );
  }
  const c = home.contract;
  return (
    <>
      {header}
      <Summary home={home} />
      <Grid>
        <Card as="section" aria-labelledby="tenant-actions">
          <CardTitle as="h2" id="tenant-actions">
            Acciones Rápidas
          </CardTitle>
          <Actions>
            {TENANT_QUICK_ACTIONS.map((a) => (
              <ButtonLink key={a.label} as={Link} $variant="outline" to={a.to}>
                {a.label}
              </ButtonLink>
            ))}
          </Actions>
        </Card>
        {incidents}
        <Card as="section" aria-labelledby="tenant-contract">
          <CardTitle as="h2" id="tenant-contract">
            Detalles del Contrato
          </CardTitle>
          <FactList>
            <dt>Contrato</dt>
            <dd>{c.contractCode}</dd>
            <dt>Estado</dt>
            <dd>
              <StatusBadge kind="contract" value={c.status} />
            </dd>
            <dt>Inicio</dt>
            <dd>{formatDate(c.startDate)}</dd>
            <dt>Fin</dt>
            <dd>{c.endDate ? formatDate(c.endDate) : 'Indefinido'}</dd>
            <dt>Fianza</dt>
            <dd>{formatEuros(c.depositAmount)}</dd>
          </FactList>
        </Card>
        <Card as="section" aria-labelledby="tenant-payments">
          <CardTitle as="h2" id="tenant-payments">
            Estado de Pagos
          </CardTitle>
          <SpreadRow>
            <StatusBadge kind="rent" value={home.state} />
            <span>{home.state === 'Al día' ? 'No tienes pagos pendientes' : `${formatEuros(home.unpaidTotal)} por pagar`}</span>
          </SpreadRow>
          {/* The spec's "last payment": the charge confirmed last; what is still owed is the next one. */}
          <CardDescription>
            {home.lastPayment ? (
              <>
                Último pago: {home.lastPayment.period} · {formatEuros(home.lastPayment.amount)} · recibido el {formatDate(home.lastPayment.confirmedAt!)}
              </>
            ) : (
              'Aún no hay pagos registrados'
            )}
          </CardDescription>
          {home.nextCharge && home.nextCharge.status !== 'Pagado' && (
            <CardDescription>
              Próximo recibo: {home.nextCharge.period} · {formatEuros(home.nextCharge.amount)} · vence el {formatDate(home.nextCharge.dueDate)} · concepto {home.nextCharge.reference}
            </CardDescription>
          )}
        </Card>
        <Card as="section" aria-labelledby="tenant-emergency">
          <CardTitle as="h2" id="tenant-emergency">
            Contacto de Emergencia
          </CardTitle>
          {home.emergencyContact ? (
            <FactList>
              <dt>{home.emergencyContact.kind === 'agencia' ? 'Agencia' : 'Propietario'}</dt>
              <dd>{home.emergencyContact.name}</dd>
              <dt>Teléfono</dt>
              <dd>{home.emergencyContact.phone ? <a href={phoneHref(home.emergencyContact.phone)}>{formatPhone(home.emergencyContact.phone)}</a> : 'Sin teléfono: escríbele por Mensajes'}</dd>
              {home.emergencyContact.email && (
                <>
                  <dt>Correo</dt>
                  <dd>
                    <a href={`mailto:${home.emergencyContact.email}`}>{home.emergencyContact.email}</a>
                  </dd>
                </>
              )}
            </FactList>
          ) : (
            <CardDescription>Sin contacto registrado</CardDescription>
          )}
        </Card>
        <Card as="section" aria-labelledby="tenant-reminders">
          <CardTitle as="h2" id="tenant-reminders">
            Recordatorios
          </CardTitle>
          {home.reminders.length === 0 ? (
            <CardDescription>No tienes recordatorios</CardDescription>
          ) : (
            <CardList>
              {home.reminders.map((r) => (
                <li key={r.kind}>{r.text}</li>
              ))}
            </CardList>
          )}
        </Card>
      </Grid>
    </>
  );
}
