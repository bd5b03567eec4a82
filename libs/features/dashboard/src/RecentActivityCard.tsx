import type { ActivityType, CurrentUser } from '@arrendia/api-contract';
import { formatDateTime } from '@arrendia/locale-es';
import { ButtonLink, CardDescription, CardList, CardTitle, Icon, type IconName, ListState, Skeleton } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useActivity } from './useDashboard';
import { DashboardSection } from './parts';

const Item = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Grow = styled.div`
  flex: 1;
`;

/** An icon per activity type of spec §3; other changes get a file. */
export const ACTIVITY_ICONS: Readonly<Record<ActivityType, IconName>> = {
  new_incident: 'alert',
  payment_received: 'euro',
  contract_signed: 'file',
  incident_resolved: 'check',
};

/**
 * 'Actividad Reciente' from the audit log (decisions.md), newest first; 'Sin actividad reciente'
 * when none. With `detailsButtons` (the delegated owner's activity tab, spec §2) each row that has a
 * record also gets a 'Detalles' button to it.
 */
export function RecentActivityCard({ detailsButtons = false }: { user: CurrentUser | null; detailsButtons?: boolean }) {
  const activity = useActivity();
  return (
    <DashboardSection as="section" aria-labelledby="dashboard-activity">
      <CardTitle as="h2" id="dashboard-activity">
        Actividad Reciente
      </CardTitle>
      <ListState
        read={activity}
        variant="inline"
        loading="Cargando actividad"
        skeleton={(busy) => (
          <CardList {...busy}>
            {[0, 1, 2].map((i) => (
              <Item key={i}>
                <Skeleton width="80%" />
              </Item>
            ))}
          </CardList>
        )}
        error="No se pudo cargar la actividad"
        empty={activity.data?.length === 0}
        whenEmpty={<CardDescription>Sin actividad reciente</CardDescription>}
      >
        {(data) => (
          <CardList>
            {data.map((item) => (
              <Item key={item.id}>
                <Icon name={item.type ? ACTIVITY_ICONS[item.type] : 'building'} size={18} />
                <Grow>
                  {item.link && !detailsButtons ? <Link to={item.link}>{item.description}</Link> : <span>{item.description}</span>}
                  <Muted>
                    {formatDateTime(item.changedAt)}
                    {item.actorName ? ` · ${item.actorName}` : ''}
                  </Muted>
                </Grow>
                {item.link && detailsButtons && (
                  <ButtonLink as={Link} $variant="outline" $size="sm" to={item.link} aria-label={`Detalles: ${item.description}`}>
                    Detalles
                  </ButtonLink>
                )}
              </Item>
            ))}
          </CardList>
        )}
      </ListState>
    </DashboardSection>
  );
}
