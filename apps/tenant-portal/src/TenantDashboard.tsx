import type { CurrentUser } from '@arrendia/api-contract';
import { LatestIncidentsCard } from '@arrendia/feature-incidents';
import { RentChargesPanel, TenantHomePanels } from '@arrendia/feature-payments';
import styled from 'styled-components';

const Spaced = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** 'Mi Alquiler' (spec §2, issue 12): the tenant's rent, payments, incidents, contract, contact and reminders. */
export function TenantDashboard({ user }: { user: CurrentUser | null }) {
  return (
    <>
      <TenantHomePanels user={user} incidents={<LatestIncidentsCard />} />
      <Spaced>
        <RentChargesPanel user={user} title="Historial de Pagos" />
      </Spaced>
    </>
  );
}
