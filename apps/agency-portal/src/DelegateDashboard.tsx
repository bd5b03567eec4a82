import type { CurrentUser } from '@arrendia/api-contract';
import { RecentActivityCard } from '@arrendia/feature-dashboard';
import { ConsentRequestsCard, DelegateHeader, DelegateSummaryTiles, PrincipalsPanel } from '@arrendia/feature-delegation';
import { PrincipalReportDialog, ReportHistory } from '@arrendia/feature-reports';
import { Button, ButtonLink, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Spaced = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;
const Right = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/**
 * 'Dashboard del Propietario Delegado' (spec §2, issue 11): the owners' requests to answer (issue
 * 30, shown only when there are some), four tiles over all principals and the tabs Propietarios
 * (each principal, 'Ver cartera' and 'Generar reporte'), Actividad Reciente (with a details button
 * per record) and Reportes (what the delegate generated), composed from the delegation, dashboard
 * and reports features.
 */
export function DelegateDashboard({ user }: { user: CurrentUser | null }) {
  const [tab, setTab] = useState('propietarios');
  return (
    <>
      <DelegateHeader user={user} />
      <ConsentRequestsCard />
      <DelegateSummaryTiles />
      <Spaced>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Panel del propietario delegado">
            <TabsTrigger value="propietarios">Propietarios</TabsTrigger>
            <TabsTrigger value="actividad">Actividad Reciente</TabsTrigger>
            <TabsTrigger value="reportes">Reportes</TabsTrigger>
          </TabsList>
          <TabsContent value="propietarios">
            <PrincipalsPanel
              reportAction={(owner) => (
                <PrincipalReportDialog
                  owner={owner}
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Generar reporte de ${owner.name}`}>
                      Generar reporte
                    </Button>
                  }
                />
              )}
            />
          </TabsContent>
          <TabsContent value="actividad">
            <RecentActivityCard user={user} detailsButtons />
          </TabsContent>
          <TabsContent value="reportes">
            <Right>
              <ButtonLink as={Link} $size="sm" to="/reports">
                Ir a Reportes
              </ButtonLink>
            </Right>
            <ReportHistory />
          </TabsContent>
        </Tabs>
      </Spaced>
    </>
  );
}
